import { describe, expect, it } from "vitest";
import type { UsageRow } from "../../../core";
import type { SessionMeta } from "../../../store";
import { costNote, csvCell, usageCsv, usageView } from "./usageView";

function meta(id: string, cwd: string, rows: UsageRow[] | undefined, title = `Session ${id}`): SessionMeta {
	return {
		id,
		fileName: `${id}.jsonl`,
		title,
		cwd,
		created: "2026-01-01T00:00:00.000Z",
		modified: "2026-01-01T00:00:00.000Z",
		storedAt: 0,
		entries: 1,
		leaves: 1,
		compactions: 0,
		size: 1,
		contentHash: id,
		version: 3,
		...(rows ? { usage: { rows } } : {}),
	};
}

function row(
	day: string,
	provider: string,
	model: string,
	replies: number,
	tokens: [input: number, output: number, cacheRead: number, cacheWrite: number],
	cost: number,
	costed = replies,
): UsageRow {
	const [input, output, cacheRead, cacheWrite] = tokens;
	return { day, provider, model, replies, input, output, cacheRead, cacheWrite, cost, costed };
}

// Three sessions in two projects; "b" names a model `constructor` and recorded cost for one reply of three.
const A = meta("a", "/work/app", [
	row("2026-01-02", "anthropic", "sonnet", 2, [100, 20, 300, 40], 0.25),
	row("2026-01-01", "anthropic", "sonnet", 1, [10, 2, 30, 4], 0.5),
	row("2026-01-02", "openai", "gpt", 1, [5, 5, 0, 0], 0.125),
]);
const B = meta("b", "/work/lib", [row("2026-01-02", "openai", "constructor", 3, [1, 2, 3, 4], 0.0625, 1)]);
const C = meta("c", "/work/app", [row("", "anthropic", "sonnet", 1, [7, 0, 0, 0], 0, 0)]);
const OLD = meta("old", "/work/app", undefined);

describe("usageView", () => {
	const view = usageView([A, B, OLD, C]);

	it("adds every stored row into the totals and leaves sessions without a summary out", () => {
		expect(view.totals).toEqual({
			replies: 8,
			input: 123,
			output: 29,
			cacheRead: 333,
			cacheWrite: 48,
			cost: 0.9375,
			costed: 5,
		});
		expect(view.counted).toBe(3);
		expect(view.uncounted.map((m) => m.id)).toEqual(["old"]);
	});

	it("groups by day, oldest first, replies without a time last", () => {
		expect(view.byDay.map((g) => [g.key, g.totals.replies, g.totals.input, g.totals.cost, g.sessions])).toEqual([
			["2026-01-01", 1, 10, 0.5, 1],
			["2026-01-02", 6, 106, 0.4375, 2],
			["", 1, 7, 0, 1],
		]);
	});

	it("groups by provider and model, costliest first, with names that are not object keys", () => {
		expect(view.byModel.map((g) => [g.provider, g.model, g.totals.replies, g.totals.cost, g.sessions])).toEqual([
			["anthropic", "sonnet", 4, 0.75, 2],
			["openai", "gpt", 1, 0.125, 1],
			["openai", "constructor", 3, 0.0625, 1],
		]);
	});

	it("groups by project and by session", () => {
		expect(view.byProject.map((g) => [g.key, g.totals.replies, g.totals.cacheRead, g.totals.cost, g.sessions])).toEqual(
			[
				["/work/app", 5, 330, 0.875, 2],
				["/work/lib", 3, 3, 0.0625, 1],
			],
		);
		expect(view.bySession.map((s) => [s.meta.id, s.totals.cost, s.totals.costed, s.totals.replies])).toEqual([
			["a", 0.875, 4, 4],
			["b", 0.0625, 1, 3],
			["c", 0, 0, 1],
		]);
	});

	it("keeps names that are Object.prototype's own as plain names", () => {
		const odd = usageView([
			meta("p", "__proto__", [row("2026-01-01", "constructor", "toString", 1, [1, 0, 0, 0], 0.5)]),
			meta("q", "hasOwnProperty", [row("2026-01-01", "constructor", "toString", 1, [2, 0, 0, 0], 0.25)]),
		]);
		expect(odd.byProject.map((g) => [g.key, g.totals.input])).toEqual([
			["__proto__", 1],
			["hasOwnProperty", 2],
		]);
		expect(odd.byModel.map((g) => [g.provider, g.model, g.totals.input, g.sessions])).toEqual([
			["constructor", "toString", 3, 2],
		]);
	});

	it("is empty for an empty library", () => {
		const empty = usageView([]);
		expect(empty.totals.replies).toBe(0);
		expect([empty.byDay, empty.byModel, empty.byProject, empty.bySession]).toEqual([[], [], [], []]);
	});
});

describe("costNote", () => {
	it("says how much of the cost the files recorded", () => {
		expect(costNote(usageView([A]).totals)).toBe("");
		expect(costNote(usageView([B]).totals)).toBe("cost recorded for 1 of 3 replies");
		expect(costNote(usageView([C]).totals)).toBe("no cost recorded");
	});
});

describe("csvCell", () => {
	it("quotes commas, quotes and line breaks", () => {
		expect(csvCell("plain")).toBe("plain");
		expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
		expect(csvCell(12.5)).toBe("12.5");
	});

	it("defuses text that a spreadsheet would run as a formula", () => {
		expect(csvCell("=1+1")).toBe("'=1+1");
		expect(csvCell("+cmd")).toBe("'+cmd");
		expect(csvCell("-rf")).toBe("'-rf");
		expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
		expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
		expect(csvCell(-1)).toBe("-1");
	});
});

describe("usageCsv", () => {
	it("writes a header and one line per session, day, provider and model", () => {
		const named = meta("=x", "/work/a,b", [row("2026-01-02", "p", "m", 3, [1, 2, 3, 4], 0.1, 2)], 'Fix "it"');
		const lines = usageCsv([named, OLD, C]).split("\r\n");
		expect(lines).toEqual([
			"session_id,title,project,day,provider,model,replies,input,output,cacheRead,cacheWrite,cost_usd,cost_recorded",
			`'=x,"Fix ""it""","/work/a,b",2026-01-02,p,m,3,1,2,3,4,0.1,2`,
			"c,Session c,/work/app,,anthropic,sonnet,1,7,0,0,0,,0",
			"",
		]);
	});

	it("orders a session's lines by day, provider and model", () => {
		const lines = usageCsv([A]).trimEnd().split("\r\n").slice(1);
		expect(lines.map((l) => l.split(",").slice(3, 6).join(" "))).toEqual([
			"2026-01-01 anthropic sonnet",
			"2026-01-02 anthropic sonnet",
			"2026-01-02 openai gpt",
		]);
	});
});
