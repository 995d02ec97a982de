import { describe, expect, it } from "vitest";
import {
	ancestors,
	baseName,
	buildLineage,
	idFromFileName,
	type LineageSession,
	lineageRows,
	resolveParent,
} from "./lineage";

const SRC_ID = "0b7e5c1a-3f2d-4e8b-9a61-2c4d5e6f7a80";
const SRC_FILE = `2026-01-01T10-00-00-000Z_${SRC_ID}.jsonl`;
const SRC_PATH = `/home/u/.pi/agent/sessions/--home-u-app--/${SRC_FILE}`;

const s = (id: string, fileName: string, parentSession?: string): LineageSession => ({
	id,
	fileName,
	...(parentSession !== undefined ? { parentSession } : {}),
});

describe("file names", () => {
	it("takes the last path part for either separator", () => {
		expect(baseName(SRC_PATH)).toBe(SRC_FILE);
		expect(baseName("C:\\Users\\u\\.pi\\x.jsonl")).toBe("x.jsonl");
		expect(baseName("plain.jsonl")).toBe("plain.jsonl");
		expect(baseName("/ends/with/")).toBe("");
	});

	it("reads the session id from pi's <timestamp>_<id>.jsonl names only", () => {
		expect(idFromFileName(SRC_PATH)).toBe(SRC_ID);
		expect(idFromFileName("2026-01-01T10-00-00-000Z_abc_def.jsonl")).toBe("abc_def");
		expect(idFromFileName("notes.jsonl")).toBeNull();
		expect(idFromFileName("2026_abc.txt")).toBeNull();
		expect(idFromFileName("_abc.jsonl")).toBeNull();
	});
});

describe("resolveParent", () => {
	const source = s(SRC_ID, SRC_FILE);

	it("matches the stored file name of the path's last part", () => {
		expect(resolveParent(SRC_PATH, "child", [source])).toBe(SRC_ID);
	});

	it("matches a stored file name equal to the whole text", () => {
		const odd = s("odd", "dir/odd.jsonl");
		expect(resolveParent("dir/odd.jsonl", "child", [odd])).toBe("odd");
	});

	it("falls back to the id in the file name when the stored copy was renamed", () => {
		const renamed = s(SRC_ID, "my copy.jsonl");
		expect(resolveParent(SRC_PATH, "child", [renamed])).toBe(SRC_ID);
		expect(resolveParent(`  ${SRC_PATH}\n`, "child", [renamed])).toBe(SRC_ID);
	});

	it("accepts a bare session id", () => {
		expect(resolveParent(SRC_ID, "child", [s(SRC_ID, "x.jsonl")])).toBe(SRC_ID);
	});

	it("prefers, among files with the same name, the one whose id is in the name", () => {
		const other = s("other", SRC_FILE);
		const right = s(SRC_ID, SRC_FILE);
		expect(resolveParent(SRC_PATH, "child", [other, right])).toBe(SRC_ID);
		const a = s("a", "session.jsonl");
		const b = s("b", "session.jsonl");
		expect(resolveParent("/x/session.jsonl", "child", [a, b])).toBe("a");
	});

	it("never makes a session its own parent and ignores empty or unknown names", () => {
		expect(resolveParent(SRC_PATH, SRC_ID, [source])).toBeNull();
		expect(resolveParent("", "child", [source])).toBeNull();
		expect(resolveParent("   ", "child", [source])).toBeNull();
		expect(resolveParent("/somewhere/else.jsonl", "child", [source])).toBeNull();
		expect(resolveParent("/dir/", "child", [s("x", "")])).toBeNull();
	});
});

describe("buildLineage", () => {
	it("links forks both ways and keeps unmatched parents apart", () => {
		const lineage = buildLineage([
			s(SRC_ID, SRC_FILE),
			s("fork1", "2026-01-02_fork1.jsonl", SRC_PATH),
			s("fork2", "2026-01-03_fork2.jsonl", SRC_FILE),
			s("grand", "2026-01-04_grand.jsonl", "/p/2026-01-02_fork1.jsonl"),
			s("lost", "lost.jsonl", "/gone/2026_nobody.jsonl"),
			s("plain", "plain.jsonl"),
		]);
		expect(Object.fromEntries(lineage.parentOf)).toEqual({ fork1: SRC_ID, fork2: SRC_ID, grand: "fork1" });
		expect(lineage.forksOf.get(SRC_ID)).toEqual(["fork1", "fork2"]);
		expect(lineage.forksOf.get("fork1")).toEqual(["grand"]);
		expect(lineage.forksOf.has("plain")).toBe(false);
		expect(Object.fromEntries(lineage.missing)).toEqual({ lost: "/gone/2026_nobody.jsonl" });
		expect(ancestors(lineage, "grand")).toEqual(["fork1", SRC_ID]);
		expect(ancestors(lineage, SRC_ID)).toEqual([]);
	});

	it("puts archives under their live session, apart from its forks", () => {
		const lineage = buildLineage([
			s("live", "live.jsonl"),
			{ id: "live:reset:T1", fileName: "live.jsonl.reset.T1", archive: { of: "live" } },
			{ id: "gone:reset:T2", fileName: "gone.jsonl.reset.T2", archive: { of: "gone" } },
			s("fork", "2026_fork.jsonl", "live.jsonl"),
		]);
		expect(lineage.archivesOf.get("live")).toEqual(["live:reset:T1"]);
		expect(lineage.forksOf.get("live")).toEqual(["fork"]);
		expect(lineage.parentOf.get("live:reset:T1")).toBe("live");
		expect(lineage.parentOf.has("gone:reset:T2")).toBe(false);
		const rows = lineageRows(["gone:reset:T2", "live:reset:T1", "live", "fork"], lineage);
		expect(rows.map((r) => [r.id, r.depth])).toEqual([
			["gone:reset:T2", 0],
			["live", 0],
			["live:reset:T1", 1],
			["fork", 1],
		]);
	});

	it("survives a cycle of forks", () => {
		const lineage = buildLineage([s("a", "2026_a.jsonl", "2026_b.jsonl"), s("b", "2026_b.jsonl", "2026_a.jsonl")]);
		expect(ancestors(lineage, "a")).toEqual(["b"]);
		const rows = lineageRows(["a", "b"], lineage);
		expect(rows.map((r) => r.id)).toEqual(["a", "b"]);
		expect(rows.map((r) => r.depth)).toEqual([0, 1]);
	});
});

describe("lineageRows", () => {
	const lineage = buildLineage([
		s("root", "2026_root.jsonl"),
		s("f1", "2026_f1.jsonl", "2026_root.jsonl"),
		s("f2", "2026_f2.jsonl", "2026_root.jsonl"),
		s("g", "2026_g.jsonl", "2026_f1.jsonl"),
		s("solo", "solo.jsonl"),
	]);

	it("puts each fork under its parent, siblings in the given order", () => {
		const rows = lineageRows(["f2", "solo", "g", "root", "f1"], lineage);
		expect(rows).toEqual([
			{ id: "solo", depth: 0 },
			{ id: "root", depth: 0 },
			{ id: "f2", depth: 1, parentId: "root" },
			{ id: "f1", depth: 1, parentId: "root" },
			{ id: "g", depth: 2, parentId: "f1" },
		]);
	});

	it("keeps a fork at the top level when its parent is filtered out", () => {
		const rows = lineageRows(["g", "f1", "solo"], lineage);
		expect(rows).toEqual([
			{ id: "f1", depth: 0 },
			{ id: "g", depth: 1, parentId: "f1" },
			{ id: "solo", depth: 0 },
		]);
		expect(lineageRows(["g", "solo"], lineage).map((r) => r.depth)).toEqual([0, 0]);
	});

	it("handles a long fork chain without recursion", () => {
		const chain: LineageSession[] = [s("c0", "2026_c0.jsonl")];
		for (let i = 1; i < 20_000; i++) chain.push(s(`c${i}`, `2026_c${i}.jsonl`, `2026_c${i - 1}.jsonl`));
		const big = buildLineage(chain);
		const rows = lineageRows(
			chain.map((c) => c.id),
			big,
		);
		expect(rows).toHaveLength(20_000);
		expect(rows[19_999]).toMatchObject({ id: "c19999", depth: 19_999 });
	});
});
