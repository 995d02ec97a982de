import { describe, expect, it } from "vitest";
import { assistant, branchSummary, custom, user } from "../../../test/builders";
import { analyzeContext } from "../context/context";
import {
	buildTreeIndex,
	ChildLists,
	getPath,
	getTreeIndex,
	LazyIdMap,
	pathPositions,
	resolveLeaf,
	type TreeIndex,
} from "./tree";
import type { SessionEntry } from "./types";

const idsAt = (index: TreeIndex, positions: readonly number[]) => positions.map((p) => index.entries[p].id);
const codesOf = (index: TreeIndex) => index.issues.map((i) => i.issue.code);

/**
 *        a
 *       / \
 *      b   e
 *     / \
 *    c   d
 */
const branchy = (): SessionEntry[] => [
	user("a", null, "q"),
	assistant("b", "a", "r"),
	user("c", "b", "one way"),
	user("d", "b", "another way"),
	branchSummary("e", "a", "b", "abandoned"),
];

describe("tree index", () => {
	it("indexes children in file order, leaves, branch points, depth and roots", () => {
		const index = buildTreeIndex(branchy());
		expect(idsAt(index, index.roots)).toEqual(["a"]);
		expect(idsAt(index, index.children.of(0))).toEqual(["b", "e"]);
		expect(idsAt(index, index.children.of(1))).toEqual(["c", "d"]);
		expect(idsAt(index, index.leaves)).toEqual(["c", "d", "e"]);
		expect(idsAt(index, index.branchPoints)).toEqual(["a", "b"]);
		expect([...index.depth]).toEqual([0, 1, 2, 2, 1]);
		expect(index.parent[2]).toBe(1);
		expect(index.parent[0]).toBe(-1);
		expect(index.currentLeaf).toBe(4);
		expect(index.issues).toEqual([]);
	});

	it("keeps file order for children even when written out of order", () => {
		const entries = [user("a", null, "q"), user("z", "a", "last id, first line"), user("b", "a", "second")];
		const index = buildTreeIndex(entries);
		expect(idsAt(index, index.children.of(0))).toEqual(["z", "b"]);
	});

	it("caches the index per entries array", () => {
		const entries = branchy();
		expect(getTreeIndex(entries)).toBe(getTreeIndex(entries));
		expect(getTreeIndex(branchy())).not.toBe(getTreeIndex(entries));
	});

	it("makes an orphan a root and reports it", () => {
		const entries = [user("a", null, "q"), user("b", "ghost", "lost"), user("c", "b", "child of lost")];
		const index = buildTreeIndex(entries);
		expect(idsAt(index, index.roots)).toEqual(["a", "b"]);
		expect(index.issues).toEqual(
			expect.arrayContaining([
				{ position: 1, issue: expect.objectContaining({ code: "orphan", entryId: "b", severity: "warning" }) },
				{ issue: expect.objectContaining({ code: "several-roots", severity: "info" }) },
			]),
		);
		expect(getPath(entries, "c").map((e) => e.id)).toEqual(["b", "c"]);
		expect(index.depth[2]).toBe(1);
	});

	it("a reset leaf (second null parent) is a second root without an orphan issue", () => {
		const index = buildTreeIndex([user("a", null, "q"), user("b", null, "fresh start")]);
		expect(codesOf(index)).toEqual(["several-roots"]);
	});

	it("breaks a cycle at its earliest entry, reports it and never hangs", () => {
		// a ← b ← c ← a: no real root at all.
		const entries = [user("a", "c", "1"), user("b", "a", "2"), user("c", "b", "3"), user("d", "c", "tail")];
		const index = buildTreeIndex(entries);
		expect(idsAt(index, index.roots)).toEqual(["a"]);
		expect(index.issues).toEqual([
			{
				position: 0,
				issue: expect.objectContaining({
					code: "cycle",
					entryId: "a",
					severity: "error",
					message: expect.stringMatching(/a → c → b|a → b → c|c → b → a/),
				}),
			},
		]);
		expect([...index.depth]).toEqual([0, 1, 2, 3]);
		expect(getPath(entries, "d").map((e) => e.id)).toEqual(["a", "b", "c", "d"]);
		expect(idsAt(index, index.leaves)).toEqual(["d"]);
		expect(analyzeContext(entries, "d").messages).toHaveLength(4);
	});

	it("breaks a self-parent cycle", () => {
		const entries = [user("a", "a", "me")];
		const index = buildTreeIndex(entries);
		expect(idsAt(index, index.roots)).toEqual(["a"]);
		expect(codesOf(index)).toEqual(["cycle"]);
		expect(getPath(entries).map((e) => e.id)).toEqual(["a"]);
	});

	it("breaks a cycle that hangs below a real tree's side, keeping the real root", () => {
		const entries = [user("r", null, "root"), user("x", "y", "x"), user("y", "x", "y"), user("z", "x", "z")];
		const index = buildTreeIndex(entries);
		expect(idsAt(index, index.roots)).toEqual(["r", "x"]);
		expect(codesOf(index)).toEqual(["cycle", "several-roots"]);
		expect(getPath(entries, "z").map((e) => e.id)).toEqual(["x", "z"]);
	});

	it("lets the later of two equal ids win look-ups, hides the earlier one and reports it", () => {
		const entries = [user("a", null, "q"), user("b", "a", "old"), user("b", "a", "new"), user("c", "b", "child")];
		const index = buildTreeIndex(entries);
		expect(index.byId.get("b")).toBe(2);
		expect([...index.live]).toEqual([1, 0, 1, 1]);
		expect(index.depth[1]).toBe(-1);
		expect(idsAt(index, index.children.of(0))).toEqual(["b"]);
		expect(index.children.of(0)).toEqual([2]);
		expect(index.leaves).toEqual([3]);
		expect(index.issues).toEqual([
			{ position: 2, issue: expect.objectContaining({ code: "duplicate-id", entryId: "b", severity: "warning" }) },
		]);
		expect(analyzeContext(entries, "c").messages.map((m) => (m as { content: string }).content)).toEqual([
			"q",
			"new",
			"child",
		]);
	});

	it("resolves the current leaf to the last line even when its id repeats", () => {
		const entries = [user("a", null, "q"), user("b", "a", "r"), user("a", null, "again")];
		const index = buildTreeIndex(entries);
		expect(index.currentLeaf).toBe(2);
		expect(resolveLeaf(index, undefined)).toBe(2);
		expect(resolveLeaf(index, null)).toBe(-1);
		expect(resolveLeaf(index, "b")).toBe(1);
		expect(resolveLeaf(index, "unknown")).toBe(2);
		// b's parent "a" now resolves to the later a: b becomes its child.
		expect(getPath(entries, "b").map((e) => e.id)).toEqual(["a", "b"]);
		expect(getPath(entries, "b")[0]).toBe(entries[2]);
	});

	it("returns no path for an empty session", () => {
		const index = buildTreeIndex([]);
		expect(index.currentLeaf).toBe(-1);
		expect(pathPositions(index, resolveLeaf(index, undefined))).toEqual([]);
		expect(index.roots).toEqual([]);
	});

	it("builds a 100k-entry chain and its path without recursion", () => {
		const n = 100_000;
		const entries: SessionEntry[] = new Array(n);
		for (let i = 0; i < n; i++) entries[i] = custom(`e${i}`, i === 0 ? null : `e${i - 1}`, "step");
		const index = buildTreeIndex(entries);
		expect(index.depth[n - 1]).toBe(n - 1);
		expect(index.leaves).toEqual([n - 1]);
		const path = getPath(entries);
		expect(path).toHaveLength(n);
		expect(path[0].id).toBe("e0");
		expect(analyzeContext(entries).selected).toHaveLength(n);
	});

	it("breaks a 100k-entry cycle without recursion", () => {
		const n = 100_000;
		const entries: SessionEntry[] = new Array(n);
		for (let i = 0; i < n; i++) entries[i] = custom(`e${i}`, `e${(i + n - 1) % n}`, "step");
		const index = buildTreeIndex(entries);
		expect(index.roots).toEqual([0]);
		expect(index.depth[n - 1]).toBe(n - 1);
		expect(codesOf(index)).toEqual(["cycle"]);
	});
});

describe("ChildLists", () => {
	it("is made a slice at a time as at once: each live entry's children in file order", async () => {
		const parent = Int32Array.from([-1, 0, 0, 1, -1, 3, 0, 2, 2]);
		const live = Uint8Array.from([1, 1, 1, 1, 1, 1, 0, 1, 1]);
		const whole = ChildLists.fromParents(parent, live);
		let pauses = 0;
		const sliced = await ChildLists.fromParentsInSlices(
			parent,
			live,
			async () => {
				pauses++;
			},
			2,
			0,
		);
		expect(pauses).toBeGreaterThan(4);
		for (const lists of [whole, sliced]) {
			expect(Array.from(parent, (_, p) => lists.of(p))).toEqual([[1, 2], [3], [7, 8], [5], [], [], [], [], []]);
			expect(lists.size).toBe(9);
			expect([lists.first(2), lists.last(2), lists.at(2, 2), lists.first(4), lists.count(0)]).toEqual([
				7, 8, -1, -1, 2,
			]);
		}
		whole.remove(2, 7);
		expect(whole.of(2)).toEqual([8]);
	});
});

describe("LazyIdMap", () => {
	const entries: SessionEntry[] = [
		user("a", null, "q"),
		assistant("b", "a", "r"),
		user("c", "b", "s"),
		assistant("a", "c", "t"),
		user("d", "a", "u"),
	];
	const eager = new Map(entries.map((e, i) => [e.id, i]));

	it("is the id map of the entries (the later of equal ids wins), made on first use", () => {
		const lazy = new LazyIdMap(entries);
		expect(lazy.get("a")).toBe(3);
		expect(lazy.has("zz")).toBe(false);
		expect(lazy.size).toBe(eager.size);
		// The same entries (in another order: the ids are spread over several maps).
		expect(new Map(lazy)).toEqual(eager);
		expect([...lazy].length).toBe(eager.size);
		expect(new Set(lazy.keys())).toEqual(new Set(eager.keys()));
		expect([...lazy.values()].sort()).toEqual([...eager.values()].sort());
		const seen: [string, number][] = [];
		lazy.forEach((pos, id, map) => {
			expect(map).toBe(lazy);
			seen.push([id, pos]);
		});
		expect(new Map(seen)).toEqual(eager);
	});

	it("answers the first look-ups before it is made by a search, the later of equal ids first", async () => {
		const lazy = new LazyIdMap(entries);
		let half = false;
		await lazy.build(
			async () => {
				if (!half) return;
				// Mid-build: "a" is at 0 in the map made so far and at 3 in the part not made yet.
				expect([lazy.get("a"), lazy.get("b"), lazy.get("d"), lazy.has("zz")]).toEqual([3, 1, 4, false]);
				expect((lazy as unknown as { made: unknown }).made).toBeNull();
			},
			2,
			0,
		);
		half = true;
		const early = new LazyIdMap(entries);
		await early.build(
			async () => {
				if (!half) return;
				half = false;
				expect(early.get("a")).toBe(3);
			},
			2,
			0,
		);
		// An id asked again is answered from what its search found; a look-up past the entries
		// the searches may read (8 times the entries) makes the map.
		const asked = new LazyIdMap(entries);
		const made = () => (asked as unknown as { made: unknown }).made;
		for (let i = 0; i < 100; i++) expect([asked.get("c"), asked.get("zz")]).toEqual([2, undefined]);
		expect(made()).toBeNull();
		for (const id of ["a", "b", "d", "e", "f", "g"]) asked.get(id);
		expect(made()).toBeNull();
		expect(asked.get("a")).toBe(3);
		expect(made()).toBeNull();
		expect(asked.get("h")).toBeUndefined();
		expect(made()).not.toBeNull();
		expect([asked.get("a"), asked.get("c"), asked.get("zz")]).toEqual([3, 2, undefined]);
	});

	it("finds every id of a large session, repeats and odd ids too", () => {
		const many: SessionEntry[] = [];
		for (let i = 0; i < 5000; i++) {
			const id =
				i % 7 === 0 ? `line-${i}` : i % 11 === 0 ? "" : i % 13 === 0 ? `id-${i % 50}` : (i * 2654435761).toString(16);
			many.push(user(id, null, "q"));
		}
		const want = new Map(many.map((e, i) => [e.id, i]));
		const lazy = new LazyIdMap(many);
		expect(lazy.size).toBe(want.size);
		for (const [id, pos] of want) expect(lazy.get(id)).toBe(pos);
		expect(lazy.has("nothing")).toBe(false);
		expect(new Map(lazy)).toEqual(want);
	});

	it("is made a slice at a time by build, or at once when its size is asked during it", async () => {
		const built = new LazyIdMap(entries);
		let pauses = 0;
		await built.build(
			async () => {
				pauses++;
			},
			2,
			0,
		);
		expect(pauses).toBe(3);
		expect(new Map(built)).toEqual(eager);
		const asked = new LazyIdMap(entries);
		let lookups = 0;
		await asked.build(
			async () => {
				// The size asked after the first slice: the rest is made at once, and the build stops.
				if (lookups++ === 1) expect(asked.size).toBe(eager.size);
			},
			2,
			0,
		);
		expect(lookups).toBe(2);
		expect(new Map(asked)).toEqual(eager);
		// With time to spare, slices run on without a pause until the budget is spent.
		let budgeted = 0;
		await new LazyIdMap(entries).build(
			async () => {
				budgeted++;
			},
			2,
			60_000,
		);
		expect(budgeted).toBe(1);
	});
});
