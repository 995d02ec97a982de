import { describe, expect, it } from "vitest";
import type { SessionEntry } from "../session/types";
import { NODE_PREVIEW_MAX, nodePreview } from "./nodePreview";

const message = (message: unknown): SessionEntry =>
	({ type: "message", id: "m1", parentId: null, timestamp: "2026-01-01T00:00:00Z", message }) as SessionEntry;

describe("nodePreview", () => {
	it("shows the user's words on one line", () => {
		expect(nodePreview(message({ role: "user", content: "fix the\n\nparser   please" }))).toBe("fix the parser please");
	});

	it("shows the tools an assistant called and what on", () => {
		const entry = message({
			role: "assistant",
			content: [
				{ type: "text", text: "Let me look." },
				{ type: "toolCall", id: "c1", name: "read", arguments: { path: "src/app.ts" } },
				{ type: "toolCall", id: "c2", name: "bash", arguments: { command: "npm\ntest" } },
				{ type: "toolCall", id: "c3", name: "todo", arguments: {} },
			],
		});
		expect(nodePreview(entry)).toBe("→ read src/app.ts, bash npm test, todo");
	});

	it("starts a compaction or branch summary with the summary's first words", () => {
		const compaction = {
			type: "compaction",
			id: "c",
			parentId: "m1",
			timestamp: "2026-01-01T00:00:00Z",
			summary: "## Goal\nShip the parser",
			firstKeptEntryId: "m1",
			tokensBefore: 10,
		} as SessionEntry;
		expect(nodePreview(compaction)).toBe("## Goal Ship the parser");
	});

	it("is bounded, however long the content", () => {
		const long = nodePreview(message({ role: "user", content: "word ".repeat(100_000) }));
		expect(long.length).toBe(NODE_PREVIEW_MAX);
		expect(long.endsWith("…")).toBe(true);
		const call = nodePreview(
			message({
				role: "assistant",
				content: [{ type: "toolCall", id: "c", name: "bash", arguments: { command: "x".repeat(5000) } }],
			}),
		);
		expect(call.length).toBeLessThanOrEqual(NODE_PREVIEW_MAX);
	});

	it("says what an entry of an unknown type is", () => {
		expect(nodePreview({ type: "mystery", id: "x", parentId: null } as unknown as SessionEntry)).toContain("mystery");
	});
});
