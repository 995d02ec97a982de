import { describe, expect, it } from "vitest";
import { assistantMsg, bashMsg, systemMsg, toolResultMsg, userMsg } from "../../../test/builders";
import type { AgentMessage } from "../session/types";
import { estimateTokens, estimateTotalTokens, IMAGE_CHARS } from "./tokens";

const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };

describe("estimateTokens (ceil(chars / 4))", () => {
	it("counts user text, string or blocks, rounding up", () => {
		expect(estimateTokens(userMsg("abcd"))).toBe(1);
		expect(estimateTokens(userMsg("abcde"))).toBe(2);
		expect(estimateTokens(userMsg([{ type: "text", text: "12345678" }]))).toBe(2);
		expect(estimateTokens(userMsg(""))).toBe(0);
	});

	it("counts an image as 4800 characters", () => {
		expect(IMAGE_CHARS).toBe(4800);
		expect(estimateTokens(userMsg([image, { type: "text", text: "abcd" }]))).toBe(1201);
		expect(estimateTokens(toolResultMsg("t", [image]))).toBe(1200);
	});

	it("counts assistant text, thinking and tool calls (name + JSON arguments)", () => {
		const m = assistantMsg("abcd", {
			thinking: "efgh",
			toolCalls: [{ id: "t", name: "read", arguments: { path: "/a" } }],
		});
		const args = JSON.stringify({ path: "/a" }).length;
		expect(estimateTokens(m)).toBe(Math.ceil((4 + 4 + 4 + args) / 4));
	});

	it("counts tool results, system and custom content", () => {
		expect(estimateTokens(toolResultMsg("t", "12345678"))).toBe(2);
		expect(estimateTokens(systemMsg("1234"))).toBe(1);
		expect(estimateTokens({ role: "custom", customType: "x", content: "123", display: true, timestamp: 0 })).toBe(1);
	});

	it("counts bash command plus output, and summaries", () => {
		expect(estimateTokens(bashMsg("ls", "abcdef"))).toBe(2);
		expect(estimateTokens({ role: "compactionSummary", summary: "x".repeat(9), tokensBefore: 1, timestamp: 0 })).toBe(
			3,
		);
		expect(estimateTokens({ role: "branchSummary", summary: "x".repeat(8), fromId: "a", timestamp: 0 })).toBe(2);
	});

	it("never throws on malformed messages", () => {
		const broken = [
			{ role: "user", content: null },
			{ role: "assistant", content: [null, 5, { type: "toolCall" }, { type: "text" }] },
			{ role: "bashExecution" },
			{ role: "branchSummary", summary: 5 },
			{ role: "whatever", content: "xxxx" },
			{},
		] as unknown as AgentMessage[];
		expect(broken.map(estimateTokens)).toEqual([0, 1, 0, 0, 0, 0]);
	});

	it("sums a list", () => {
		expect(estimateTotalTokens([userMsg("abcd"), userMsg("abcde")])).toBe(3);
		expect(estimateTotalTokens([])).toBe(0);
	});
});
