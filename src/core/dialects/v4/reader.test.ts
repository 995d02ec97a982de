import { describe, expect, it } from "vitest";
import { readFixture } from "../../../../test/fixtures";
import { buildContextEntries, buildSessionContext } from "../../context/context";
import { convertToLlm } from "../../context/llm";
import { getLabels } from "../../session/meta";
import { parseSession } from "../../session/parse";
import { buildTreeIndex } from "../../session/tree";

const text = readFixture("dialects/pi-v4.jsonl");
const s = parseSession(text);

describe("pi harness v4 files", () => {
	it("open as the tree of their entries, with the main lane's leaf as the default leaf", () => {
		expect(s.dialect).toBe("pi-v4");
		expect(s.version).toBe(4);
		expect(s.header).toMatchObject({
			type: "session",
			id: "0196a1b2-0000-7000-8000-000000000004",
			cwd: "/home/dev/app",
		});
		expect(s.entries.map((e) => e.id)).toEqual([
			"d1000001",
			"d1000002",
			"d1000003",
			"d1000004",
			"d1000005",
			"d1000006",
			"d1000007",
			"d1000008",
		]);
		expect(s.leafId).toBe("d1000008");
		expect(s.entries[0].timestamp).toBe("2026-04-01T10:00:01.000Z");
		expect(buildTreeIndex(s.entries).leaves.map((p) => s.entries[p].id)).toEqual(["d1000004", "d1000008"]);
	});

	it("say they are experimental, and report nothing else for a clean file", () => {
		expect(s.issues.map((i) => [i.severity, i.code])).toEqual([["info", "harness-experimental"]]);
	});

	it("take the name and labels from facts, and show lanes as named leaves", () => {
		expect(s.title).toBe("Migration plan");
		const labels = getLabels(s.entries);
		expect(labels.get("d1000003")).toBe("backup step");
		expect(labels.get("d1000004")).toBe("lane side");
		expect(labels.get("d1000008")).toBe("lane main");
		expect(s.v4?.lanes).toEqual([
			["main", "d1000008"],
			["side", "d1000004"],
		]);
	});

	it("list records under the entry their lane was at", () => {
		expect(s.v4?.records.map((r) => [r.entryId, r.record.type])).toEqual([
			["d1000002", "operation_started"],
			["d1000003", "operation_finished"],
		]);
		const byId = new Map(s.entries.map((e) => [e.id, e as { v4Records?: { type?: unknown }[] }]));
		expect(byId.get("d1000002")?.v4Records?.map((r) => r.type)).toEqual(["operation_started"]);
		expect(byId.get("d1000001")?.v4Records).toBeUndefined();
	});

	it("build the context by the harness's rule: latest compaction's summary and retained tail, then what follows", () => {
		expect(buildContextEntries(s.entries).map((e) => e.id)).toEqual(["d1000006", "d1000007", "d1000008"]);
		const c = buildSessionContext(s.entries);
		expect(c.messages.map((m) => m.role)).toEqual(["compactionSummary", "assistant", "user", "assistant"]);
		expect(c.thinkingLevel).toBe("medium");
		expect(c.model).toEqual({ provider: "openai", modelId: "gpt-5" });
		const llm = convertToLlm(c.messages);
		expect(llm[0].content).toEqual([
			{
				type: "text",
				text: "The conversation history before this point was compacted into the following summary:\n\n<summary>\nThe user wants a migration plan; step 1 is a backup.\n</summary>",
			},
		]);
		expect(buildSessionContext(s.entries, "d1000004").messages.map((m) => m.role)).toEqual([
			"user",
			"assistant",
			"user",
		]);
	});

	it("flag lines the harness would reject without hiding the rest", () => {
		const lines = text.trimEnd().split("\n");
		lines.splice(3, 0, '{"kind":"bogus","seq":99}', "not json");
		const broken = parseSession(`${lines.join("\n")}\n`);
		expect(broken.entries).toHaveLength(8);
		const codes = broken.issues.map((i) => `${i.code}@${i.line}`);
		expect(codes).toContain("harness-bad-line@4");
		expect(codes).toContain("malformed-json@5");
		expect(codes).toContain("harness-seq-gap@4");
	});
});
