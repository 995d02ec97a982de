import { describe, expect, it } from "vitest";
import { buildLineage } from "../../../core";
import type { SessionMeta } from "../../../storage/repository";
import { cwdName, displayName, libraryGroups, libraryView } from "./libraryView";

const meta = (id: string, extra: Partial<SessionMeta>): SessionMeta => ({
	id,
	fileName: `${id}.jsonl`,
	title: `Title ${id}`,
	cwd: "/work",
	created: "",
	modified: "",
	storedAt: 0,
	entries: 1,
	leaves: 1,
	compactions: 0,
	size: 1,
	contentHash: id,
	version: 3,
	...extra,
});

const a = meta("a", { title: "Fix the parser", cwd: "/home/me/pi-mono", modified: "2026-03-01T00:00:00Z", size: 50 });
const b = meta("b", { displayName: "zebra work", title: "Something", modified: "2026-01-01T00:00:00Z", size: 500 });
const c = meta("c", {
	fileName: "2026-parser-notes.jsonl",
	title: "alpha",
	modified: "bad date",
	storedAt: 1,
	size: 5,
});
const all = [a, b, c];
const ids = (list: SessionMeta[]) => list.map((m) => m.id);

describe("libraryView", () => {
	it("searches name, title, working directory and file name, every word", () => {
		expect(ids(libraryView(all, "parser", "name"))).toEqual(["c", "a"]);
		expect(ids(libraryView(all, "PI-MONO", "name"))).toEqual(["a"]);
		expect(ids(libraryView(all, "zebra", "name"))).toEqual(["b"]);
		expect(ids(libraryView(all, "parser notes", "name"))).toEqual(["c"]);
		expect(libraryView(all, "nothing-like-this", "name")).toEqual([]);
	});

	it("sorts by activity, name and size", () => {
		expect(ids(libraryView(all, "", "newest"))).toEqual(["a", "b", "c"]);
		expect(ids(libraryView(all, "", "oldest"))).toEqual(["c", "b", "a"]);
		expect(ids(libraryView(all, "", "name"))).toEqual(["c", "a", "b"]);
		expect(ids(libraryView(all, "", "size"))).toEqual(["b", "a", "c"]);
	});

	it("does not reorder its input and prefers the explorer's own name", () => {
		const input = [...all];
		libraryView(input, "", "size");
		expect(input).toEqual(all);
		expect(displayName(b)).toBe("zebra work");
		expect(displayName(meta("d", { title: "" }))).toBe("d.jsonl");
	});
});

describe("libraryGroups", () => {
	const src = meta("src", { cwd: "/home/u/app", fileName: "2026-01-01_src.jsonl", modified: "2026-01-01T00:00:00Z" });
	const fork = meta("fork", {
		cwd: "/home/u/app",
		fileName: "2026-01-02_fork.jsonl",
		parentSession: "/home/u/.pi/agent/sessions/--home-u-app--/2026-01-01_src.jsonl",
		modified: "2026-01-05T00:00:00Z",
	});
	const lib = meta("lib", { cwd: "/home/u/lib", modified: "2026-01-03T00:00:00Z" });
	const none = meta("none", { cwd: "", modified: "2025-01-01T00:00:00Z" });
	const sessions = [src, fork, lib, none];
	const lineage = buildLineage(sessions);
	const shape = (q: string) =>
		libraryGroups(libraryView(sessions, q, "newest"), lineage).map((g) => [
			g.cwd,
			g.rows.map((r) => `${r.meta.id}@${r.depth}`).join(" "),
		]);

	it("groups by working directory, groups ordered by their newest session, forks under their parents", () => {
		expect(shape("")).toEqual([
			["/home/u/app", "src@0 fork@1"],
			["/home/u/lib", "lib@0"],
			["", "none@0"],
		]);
	});

	it("keeps a fork at the top of its group when its parent is filtered out", () => {
		expect(shape("2026-01-02")).toEqual([["/home/u/app", "fork@0"]]);
	});

	it("names a group by its last folder", () => {
		expect(cwdName("/home/u/app")).toBe("app");
		expect(cwdName("C:\\Users\\u\\proj\\")).toBe("proj");
		expect(cwdName("")).toBe("(no working directory)");
	});
});
