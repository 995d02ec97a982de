import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { assistant, custom, toolResult, user } from "../../../test/builders";
import { parseSession } from "../session/parse";
import { appendEntry, labEntry } from "./lab";
import { labChoices, labCopyText } from "./labTools";

const entries = [
	user("a1", null, "Start."),
	assistant("a2", "a1", "Reading.", { toolCalls: [{ id: "c1", name: "read", arguments: {} }] }),
	toolResult("a3", "a2", "c1", "file text", { toolName: "read" }),
	custom("a4", "a3", "todo-state"),
	user("b1", "a2", "Other way."),
	assistant("b2", "b1", "Ok."),
];

describe("labChoices", () => {
	it("offers the parent's path, its message entries as targets and the tips off the path", () => {
		const c = labChoices(entries, "a4");
		expect(c.path.map((x) => x.id)).toEqual(["a1", "a2", "a3", "a4"]);
		expect(c.targets.map((x) => x.id)).toEqual(["a1", "a2", "a3"]);
		expect(c.others.map((x) => x.id)).toEqual(["b2"]);
		expect(c.path[2]).toMatchObject({ kind: "tool-result" });
	});

	it("has no other tips on a single chain selected at its end, and an empty path for no parent", () => {
		const chain = entries.slice(0, 3);
		expect(labChoices(chain, "a1").others.map((x) => x.id)).toEqual(["a3"]);
		expect(labChoices(chain, "a3").others).toEqual([]);
		expect(labChoices(chain, "nope").path.map((x) => x.id)).toEqual(["a1", "a2", "a3"]);
	});
});

describe("labCopyText", () => {
	const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "public", "examples");

	it("writes a migrated v1 session with an added entry that reads back unchanged", () => {
		const v1 = parseSession(readFileSync(join(EXAMPLES, "11-legacy-v1.jsonl"), "utf8"));
		expect(v1.version).toBe(1);
		const parent = v1.entries[v1.entries.length - 1].id;
		const entry = labEntry(
			v1.entries,
			parent,
			{ kind: "message", role: "user", text: "What if?" },
			{ now: "2026-05-01T00:00:00.000Z" },
		);
		const entries = appendEntry(v1.entries, entry);
		const back = parseSession(labCopyText(v1.header, entries));
		expect(back.version).toBe(3);
		expect(back.migrated).toBe(false);
		expect(back.entries).toEqual(entries);
		expect(back.header?.id).toBe(v1.header?.id);
		expect(back.leafId).toBe(entry.id);
	});

	it("keeps ids without a header", () => {
		const back = parseSession(labCopyText(null, entries));
		expect(back.entries.map((e) => e.id)).toEqual(entries.map((e) => e.id));
	});
});
