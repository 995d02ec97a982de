import { describe, expect, it } from "vitest";
import { assistant, branchSummary, custom, user } from "../../../test/builders";
import { analyzeContext } from "../context/context";
import { derivedKey } from "../util/derived";
import { buildTreeIndex, ChildLists, getPath, pathPositions, resolveLeaf, type TreeIndex } from "./tree";
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

	it("keeps what is derived from its entries with it: made once per index, not per entries array", () => {
		const entries = branchy();
		const index = buildTreeIndex(entries);
		const key = derivedKey<number[]>("test");
		let made = 0;
		const make = () => {
			made++;
			return [1];
		};
		expect(index.derived.get(key, make)).toBe(index.derived.get(key, make));
		expect(made).toBe(1);
		buildTreeIndex(entries).derived.get(key, make);
		expect(made).toBe(2);
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
	it("holds each live entry's children in file order", () => {
		const parent = Int32Array.from([-1, 0, 0, 1, -1, 3, 0, 2, 2]);
		const live = Uint8Array.from([1, 1, 1, 1, 1, 1, 0, 1, 1]);
		const whole = ChildLists.fromParents(parent, live);
		for (const lists of [whole]) {
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
