import { Derived } from "../util/derived";
import { IdTable } from "./idTable";
import type { SessionEntry, SessionIssue } from "./types";

/** An issue found while indexing, tied to an entry position (the caller maps it to a line). */
export interface PositionedIssue {
	position?: number;
	issue: SessionIssue;
}

/**
 * The tree of a session, indexed once. Nodes are entry positions (indexes into `entries`).
 * When ids repeat, the later line wins (as pi's map does): the earlier entries are `shadowed`,
 * kept in `entries` but left out of the tree.
 */
export interface TreeIndex {
	readonly entries: readonly SessionEntry[];
	/** id → position of the entry that wins look-ups. */
	readonly byId: ReadonlyMap<string, number>;
	/** Effective parent position, -1 for roots (real roots, orphans, broken cycles, shadowed entries). */
	readonly parent: Int32Array;
	/** Children positions in file order; none for leaves. */
	readonly children: ChildLists;
	/** Distance from the entry's root (root = 0). -1 for shadowed entries. */
	readonly depth: Int32Array;
	/** 1 when the entry at this position is the one its id resolves to. */
	readonly live: Uint8Array;
	readonly roots: readonly number[];
	/** Live entries without children, in file order. */
	readonly leaves: readonly number[];
	/** Live entries with two or more children, in file order. */
	readonly branchPoints: readonly number[];
	/** Position of the file's current leaf (its last entry), -1 when empty. */
	readonly currentLeaf: number;
	readonly issues: readonly PositionedIssue[];
	/**
	 * What is worked out from these entries once and kept with the index (the builder's entry
	 * codes, the dialect, …): whoever holds the index holds them.
	 */
	readonly derived: Derived;
}

/**
 * Each live entry's children in file order, held as one flat list of positions with a range per
 * entry (no array per entry: a million-entry tree is two typed-array passes to make, not a million
 * small arrays).
 */
export class ChildLists {
	private constructor(
		/**
		 * Where each entry's children start in `list`, and end (exclusive). Hot loops read these
		 * arrays themselves: a method call per step costs more in code not optimised yet.
		 */
		readonly start: Int32Array,
		readonly end: Int32Array,
		readonly list: Int32Array,
	) {}

	/** The lists of `lists` (made elsewhere: another thread's `start`, `end` and `list`), taken as they are. */
	static fromArrays(lists: { start: Int32Array; end: Int32Array; list: Int32Array }): ChildLists {
		const { start, end, list } = lists;
		if (start.length !== end.length) throw new Error(`children lists of ${start.length} starts and ${end.length} ends`);
		return new ChildLists(start, end, list);
	}

	/** The children of each live entry with a parent, from the parent positions (-1: none). */
	static fromParents(parent: ArrayLike<number>, live: ArrayLike<number>): ChildLists {
		const steps = ChildLists.steps(parent, live, parent.length);
		for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
	}

	/** Makes the lists in three passes over the entries, yielding after every `slice` of a pass. */
	private static *steps(
		parent: ArrayLike<number>,
		live: ArrayLike<number>,
		slice: number,
	): Generator<void, ChildLists, void> {
		const n = parent.length;
		const end = new Int32Array(n);
		for (let from = 0; from < n; from += slice) {
			if (from > 0) yield;
			for (let i = from, to = Math.min(n, from + slice); i < to; i++) {
				const p = parent[i];
				if (p !== -1 && live[i] === 1) end[p]++;
			}
		}
		const start = new Int32Array(n);
		let at = 0;
		for (let i = 0; i < n; i++) {
			start[i] = at;
			at += end[i];
			end[i] = start[i];
		}
		const list = new Int32Array(at);
		for (let from = 0; from < n; from += slice) {
			yield;
			for (let i = from, to = Math.min(n, from + slice); i < to; i++) {
				const p = parent[i];
				if (p !== -1 && live[i] === 1) list[end[p]++] = i;
			}
		}
		return new ChildLists(start, end, list);
	}

	/** Entries the lists are for. */
	get size(): number {
		return this.start.length;
	}

	/** How many children the entry at `pos` has. */
	count(pos: number): number {
		return this.end[pos] - this.start[pos];
	}

	/** The `k`-th child (file order) of the entry at `pos`; -1 when it has no such child. */
	at(pos: number, k: number): number {
		const i = this.start[pos] + k;
		return k >= 0 && i < this.end[pos] ? this.list[i] : -1;
	}

	/** The first child of the entry at `pos`, -1 for a leaf. */
	first(pos: number): number {
		return this.at(pos, 0);
	}

	/** The last child of the entry at `pos`, -1 for a leaf. */
	last(pos: number): number {
		return this.at(pos, this.count(pos) - 1);
	}

	/** The children of the entry at `pos`, in an array of their own. */
	of(pos: number): number[] {
		return Array.from(this.list.subarray(this.start[pos], this.end[pos]));
	}

	/** Takes `child` out of the list of the entry at `pos` (a cycle broken there). */
	remove(pos: number, child: number): void {
		const { list, end } = this;
		for (let i = this.start[pos]; i < end[pos]; i++) {
			if (list[i] !== child) continue;
			list.copyWithin(i, i + 1, end[pos]);
			end[pos]--;
			return;
		}
	}
}

/**
 * Where the agent resumes: the last entry in file order; a newer pi `leaf` entry last moves it to
 * its target (-1 for null); in a v4 session, the `main` lane's leaf (the parser marks it).
 */
function defaultLeaf(entries: readonly SessionEntry[], byId: ReadonlyMap<string, number>): number {
	const n = entries.length;
	if (n === 0) return -1;
	if (entries[0].dialect === "pi-v4") {
		for (let i = 0; i < n; i++) {
			const lanes: unknown = entries[i].v4Lanes;
			if (Array.isArray(lanes) && lanes.includes("main")) return byId.get(entries[i].id) === i ? i : -1;
		}
		return -1;
	}
	const last = entries[n - 1];
	if (last.type === "leaf") {
		const targetId = last.targetId;
		if (targetId === null) return -1;
		if (typeof targetId === "string") return byId.get(targetId) ?? byId.get(last.id) ?? -1;
	}
	return byId.get(last.id) ?? -1;
}

/**
 * Builds the tree index in O(n) without recursion. Orphans (a parentId naming no entry) become
 * roots; cycles are broken at their earliest entry, which becomes a root; all are reported.
 */
export function buildTreeIndex(entries: readonly SessionEntry[]): TreeIndex {
	const n = entries.length;
	const issues: PositionedIssue[] = [];
	const live = new Uint8Array(n);
	/** Each entry's id, read once: entry objects come in many shapes, so property reads are slow. */
	const ids: string[] = new Array(n);
	const byId = new IdTable((position) => ids[position], n);
	for (let i = 0; i < n; i++) {
		const id = entries[i].id;
		ids[i] = id;
		live[i] = 1;
		const prev = byId.put(id, i);
		if (prev === -1) continue;
		live[prev] = 0;
		issues.push({
			position: i,
			issue: {
				entryId: id,
				severity: "warning",
				code: "duplicate-id",
				message: `Id "${id}" is used again; this later entry wins look-ups (as in pi) and the earlier one is hidden`,
			},
		});
	}

	const parent = new Int32Array(n).fill(-1);
	for (let i = 0; i < n; i++) {
		if (!live[i]) continue;
		const pid = entries[i].parentId;
		if (pid === null || pid === undefined) continue;
		// Most entries are children of the line before them: skip the hash look-up then.
		if (i > 0 && live[i - 1] === 1 && pid === ids[i - 1]) {
			parent[i] = i - 1;
			continue;
		}
		const p = byId.get(pid);
		if (p === undefined) {
			issues.push({
				position: i,
				issue: {
					entryId: ids[i],
					severity: "warning",
					code: "orphan",
					message: `Parent "${String(pid)}" is not in the file: this entry starts a separate root`,
				},
			});
			continue;
		}
		parent[i] = p;
	}

	const depth = new Int32Array(n).fill(-1);
	const children = ChildLists.fromParents(parent, live);

	const roots: number[] = [];
	for (let i = 0; i < n; i++) if (live[i] && parent[i] === -1) roots.push(i);
	// Each entry is queued at most once: one array for every walk.
	const queue = new Int32Array(n);
	const markFrom = (root: number) => {
		depth[root] = 0;
		queue[0] = root;
		let queued = 1;
		for (let q = 0; q < queued; q++) {
			const node = queue[q];
			const d = depth[node] + 1;
			for (let k = children.start[node]; k < children.end[node]; k++) {
				const c = children.list[k];
				depth[c] = d;
				queue[queued++] = c;
			}
		}
	};
	for (const r of roots) markFrom(r);

	const stamp = new Int32Array(n).fill(-1);
	for (let start = 0; start < n; start++) {
		if (!live[start] || depth[start] !== -1) continue;
		// Walk up until an entry seen in this walk repeats: that closes a cycle.
		let node = start;
		while (stamp[node] !== start) {
			stamp[node] = start;
			node = parent[node];
		}
		let earliest = node;
		const cycleIds: string[] = [];
		let walker = node;
		do {
			if (walker < earliest) earliest = walker;
			if (cycleIds.length < 8) cycleIds.push(ids[walker]);
			walker = parent[walker];
		} while (walker !== node);
		const oldParent = parent[earliest];
		parent[earliest] = -1;
		children.remove(oldParent, earliest);
		roots.push(earliest);
		issues.push({
			position: earliest,
			issue: {
				entryId: ids[earliest],
				severity: "error",
				code: "cycle",
				message: `parentId links form a cycle (${cycleIds.join(" → ")}${cycleIds.length === 8 ? " → …" : ""}); broken here: this entry is shown as a root`,
			},
		});
		markFrom(earliest);
	}
	roots.sort((a, b) => a - b);

	const leaves: number[] = [];
	const branchPoints: number[] = [];
	for (let i = 0; i < n; i++) {
		if (!live[i]) continue;
		const c = children.count(i);
		if (c === 0) leaves.push(i);
		else if (c > 1) branchPoints.push(i);
	}
	if (roots.length > 1) issues.push(forestIssue(roots.length));
	const currentLeaf = defaultLeaf(entries, byId);
	return {
		entries,
		byId,
		parent,
		children,
		depth,
		live,
		roots,
		leaves,
		branchPoints,
		currentLeaf,
		issues,
		derived: new Derived(),
	};
}

/**
 * Where on `path` (a list of positions, root first), before `end`, the entry with id `id` is;
 * -1 when it is not there (a compaction's `firstKeptEntryId` on another branch, say).
 */
export function pathIndexOf(
	entries: readonly SessionEntry[],
	path: ArrayLike<number>,
	end: number,
	id: unknown,
): number {
	for (let i = 0; i < end; i++) if (entries[path[i]].id === id) return i;
	return -1;
}

/** The note a tree with more than one root gets (built or extended). */
function forestIssue(roots: number): PositionedIssue {
	return {
		issue: {
			severity: "info",
			code: "several-roots",
			message: `${roots} roots: the session is a forest (a reset leaf, orphans or broken cycles)`,
		},
	};
}

/** Issue codes that come from indexing the tree (and are worked out again when it grows). */
export const TREE_ISSUE_CODES: ReadonlySet<string> = new Set(["duplicate-id", "orphan", "cycle", "several-roots"]);

/**
 * The index of `entries` when they are `index.entries` with more entries after them (a file that
 * grew), equal to `buildTreeIndex(entries)`, without hashing the old entries again: the arrays are
 * copied (memory copies) and only the new entries are looked at. When a new entry repeats an id
 * or names a parent that comes after it (cases that can change the old part of the tree), the
 * index is built afresh instead.
 */
export function extendTreeIndex(index: TreeIndex, entries: readonly SessionEntry[]): TreeIndex {
	const old = index.entries.length;
	const n = entries.length;
	const rebuild = () => buildTreeIndex(entries);
	if (n < old || (old > 0 && entries[old - 1] !== index.entries[old - 1])) return rebuild();
	// The old map is not copied (a hundred thousand ids take tens of milliseconds): the new ids
	// go beside it, until they are many.
	const grown = index.byId instanceof GrownIds ? index.byId : null;
	const base = grown ? grown.base : index.byId;
	const added = new Map(grown?.added);
	for (let i = old; i < n; i++) {
		const id = entries[i].id;
		if (base.has(id) || added.has(id)) return rebuild();
		added.set(id, i);
	}
	const byId: ReadonlyMap<string, number> =
		added.size * 4 > base.size ? new Map([...base, ...added]) : new GrownIds(base, added);
	const parent = new Int32Array(n).fill(-1);
	parent.set(index.parent);
	const depth = new Int32Array(n);
	depth.set(index.depth);
	const live = new Uint8Array(n).fill(1);
	live.set(index.live);
	const roots = [...index.roots];
	const issues = index.issues.filter((i) => i.issue.code !== "several-roots");
	const parents = new Set<number>();
	for (let i = old; i < n; i++) {
		const pid = entries[i].parentId;
		const p = pid === null || pid === undefined ? undefined : byId.get(pid);
		if (p !== undefined && p >= i) return rebuild();
		if (p === undefined) {
			if (pid !== null && pid !== undefined) {
				issues.push({
					position: i,
					issue: {
						entryId: entries[i].id,
						severity: "warning",
						code: "orphan",
						message: `Parent "${String(pid)}" is not in the file: this entry starts a separate root`,
					},
				});
			}
			depth[i] = 0;
			roots.push(i);
			continue;
		}
		parent[i] = p;
		depth[i] = depth[p] + 1;
		if (p < old) parents.add(p);
	}
	// The old lists with the new children added: the parents (broken cycles cut already) say them.
	const children = ChildLists.fromParents(parent, live);
	const leaves = index.leaves.filter((l) => !parents.has(l));
	for (let i = old; i < n; i++) if (children.count(i) === 0) leaves.push(i);
	const branchSet = new Set(index.branchPoints);
	const branchPoints = [...index.branchPoints];
	for (let i = 0; i < n; i++) {
		if (i < old && !parents.has(i)) continue;
		if (children.count(i) > 1 && !branchSet.has(i)) branchPoints.push(i);
	}
	branchPoints.sort((a, b) => a - b);
	if (roots.length > 1) issues.push(forestIssue(roots.length));
	const currentLeaf = defaultLeaf(entries, byId);
	const extended: TreeIndex = {
		entries,
		byId,
		parent,
		children,
		depth,
		live,
		roots,
		leaves,
		branchPoints,
		currentLeaf,
		issues,
		derived: new Derived(),
	};
	return extended;
}

/**
 * The ids of an index extended by `extendTreeIndex`: the map of the index it extended (never
 * changed, not copied) and the new ids beside it (none of them among the old).
 */
class GrownIds implements ReadonlyMap<string, number> {
	constructor(
		readonly base: ReadonlyMap<string, number>,
		readonly added: ReadonlyMap<string, number>,
	) {}
	get size(): number {
		return this.base.size + this.added.size;
	}
	get(id: string): number | undefined {
		const at = this.added.get(id);
		return at !== undefined ? at : this.base.get(id);
	}
	has(id: string): boolean {
		return this.added.has(id) || this.base.has(id);
	}
	forEach(use: (position: number, id: string, map: ReadonlyMap<string, number>) => void, self?: unknown): void {
		for (const [id, position] of this.entries()) use.call(self, position, id, this);
	}
	*entries(): MapIterator<[string, number]> {
		yield* this.base.entries();
		yield* this.added.entries();
	}
	*keys(): MapIterator<string> {
		for (const [id] of this.entries()) yield id;
	}
	*values(): MapIterator<number> {
		for (const [, position] of this.entries()) yield position;
	}
	[Symbol.iterator](): MapIterator<[string, number]> {
		return this.entries();
	}
}

/** A tree index apart from its entries and id map, as plain data: to pass between threads. */
export interface TreeParts {
	parent: Int32Array;
	depth: Int32Array;
	live: Uint8Array;
	roots: number[];
	leaves: number[];
	branchPoints: number[];
	currentLeaf: number;
	issues: PositionedIssue[];
	/** The index's children lists (see `ChildLists.fromArrays`): the receiver need not make them. */
	children?: { start: Int32Array; end: Int32Array; list: Int32Array };
}

/** The parts of `index`, in arrays of their own (the index keeps working). */
export function treeParts(index: TreeIndex): TreeParts {
	return {
		parent: index.parent.slice(),
		depth: index.depth.slice(),
		live: index.live.slice(),
		roots: [...index.roots],
		leaves: [...index.leaves],
		branchPoints: [...index.branchPoints],
		currentLeaf: index.currentLeaf,
		issues: [...index.issues],
		children: {
			start: index.children.start.slice(),
			end: index.children.end.slice(),
			list: index.children.list.slice(),
		},
	};
}

/**
 * The index `buildTreeIndex(entries)` would give, put together from `parts` (`treeParts` of the
 * index of equal entries, built elsewhere) and `byId` (each entry's id set to its position, in
 * order: the later of equal ids wins, as in the index). O(n) with no hashing, so far cheaper than
 * building it.
 */
export function adoptTreeIndex(
	entries: readonly SessionEntry[],
	byId: ReadonlyMap<string, number>,
	parts: TreeParts,
): TreeIndex {
	const n = entries.length;
	const { parent, live } = parts;
	if (parent.length !== n || live.length !== n || parts.depth.length !== n) {
		throw new Error(`tree parts for ${parent.length} entries, not ${n}`);
	}
	const { children: sentChildren, ...rest } = parts;
	const lists = sentChildren ? ChildLists.fromArrays(sentChildren) : ChildLists.fromParents(parent, live);
	return { entries, byId, children: lists, ...rest, derived: new Derived() };
}

/**
 * Resolves a leaf argument the way pi does: `null` is "before the first entry" (-1);
 * `undefined` or an unknown id is the file's current leaf.
 */
export function resolveLeaf(index: TreeIndex, leafId: string | null | undefined): number {
	if (leafId === null) return -1;
	if (leafId !== undefined) {
		const pos = index.byId.get(leafId);
		if (pos !== undefined) return pos;
	}
	return index.currentLeaf;
}

/** Positions from the root to `leaf` (inclusive), root first. Empty for -1. O(depth), no recursion. */
export function pathPositions(index: TreeIndex, leaf: number): number[] {
	if (leaf < 0) return [];
	const { parent, depth } = index;
	// The depth gives the length: fill the path from the leaf end without growing or reversing.
	const d = depth[leaf];
	if (d >= 0) {
		const path: number[] = new Array(d + 1);
		let node = leaf;
		for (let i = d; i >= 0 && node !== -1; i--) {
			path[i] = node;
			node = parent[node];
		}
		if (node === -1 && path[0] !== undefined) return path;
	}
	const path: number[] = [];
	for (let node = leaf; node !== -1; node = parent[node]) path.push(node);
	return path.reverse();
}

/**
 * `pathPositions` as a typed column: a path of two million entries as an array is 15 MB the
 * worker's heap makes and collects once per tip asked (20-30 ms); as a column, a few.
 */
export function pathColumn(index: TreeIndex, leaf: number): Int32Array {
	if (leaf < 0) return new Int32Array(0);
	const { parent, depth } = index;
	const d = depth[leaf];
	if (d >= 0) {
		const path = new Int32Array(d + 1);
		let node = leaf;
		let i = d;
		for (; i >= 0 && node !== -1; i--) {
			path[i] = node;
			node = parent[node];
		}
		if (node === -1 && i === -1) return path;
	}
	return Int32Array.from(pathPositions(index, leaf));
}

/** The entries from the root to `leafId`, root first (SPEC §2). */
export function getPath(
	entries: readonly SessionEntry[],
	leafId?: string | null,
	index: TreeIndex = buildTreeIndex(entries),
): SessionEntry[] {
	return pathPositions(index, resolveLeaf(index, leafId)).map((p) => entries[p]);
}
