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
	/** Children positions in file order; empty for leaves. */
	readonly children: readonly (readonly number[])[];
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
}

const cache = new WeakMap<readonly SessionEntry[], TreeIndex>();

/** Whether the index of `entries` is built (or adopted) already: `getTreeIndex` would not build it. */
export function hasTreeIndex(entries: readonly SessionEntry[]): boolean {
	return cache.has(entries);
}

/**
 * The index of `entries`, built on first use and cached for that array. Callers must treat
 * entry arrays as immutable: build a new array to change a session.
 */
export function getTreeIndex(entries: readonly SessionEntry[]): TreeIndex {
	let index = cache.get(entries);
	if (!index) {
		index = buildTreeIndex(entries);
		cache.set(entries, index);
	}
	return index;
}

/**
 * Where the agent resumes: the last entry in file order; a newer pi `leaf` entry last moves it to
 * its target (-1 for null); in a v4 session, the `main` lane's leaf (the parser marks it).
 */
function defaultLeaf(entries: readonly SessionEntry[], byId: ReadonlyMap<string, number>): number {
	const n = entries.length;
	if (n === 0) return -1;
	const first = entries[0] as { dialect?: unknown };
	if (first.dialect === "pi-v4") {
		for (let i = 0; i < n; i++) {
			const lanes = (entries[i] as { v4Lanes?: unknown }).v4Lanes;
			if (Array.isArray(lanes) && lanes.includes("main")) return byId.get(entries[i].id) === i ? i : -1;
		}
		return -1;
	}
	const last = entries[n - 1] as { type?: unknown; id: string; targetId?: unknown };
	if (last.type === "leaf" && (last.targetId === null || typeof last.targetId === "string")) {
		return last.targetId === null ? -1 : (byId.get(last.targetId) ?? byId.get(last.id) ?? -1);
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
	const byId = new Map<string, number>();
	const live = new Uint8Array(n);
	/** Each entry's id, read once: entry objects come in many shapes, so property reads are slow. */
	const ids: string[] = new Array(n);
	// Detect a repeated id by the map not growing (one hash operation per entry instead of two);
	// after the first repeat, fall back to look-ups so that many repeats stay linear.
	let repeats = false;
	for (let i = 0; i < n; i++) {
		const id = entries[i].id;
		ids[i] = id;
		live[i] = 1;
		let prev: number | undefined;
		if (!repeats) {
			const size = byId.size;
			byId.set(id, i);
			if (byId.size !== size) continue;
			repeats = true;
			// The earlier holder is the last entry before i with the same key (SameValueZero, as Map).
			for (let j = i - 1; j >= 0; j--) {
				const other = ids[j];
				if (other === id || (Number.isNaN(other) && Number.isNaN(id))) {
					prev = j;
					break;
				}
			}
		} else {
			prev = byId.get(id);
			byId.set(id, i);
		}
		if (prev === undefined) continue;
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
	const children = childrenLists(parent, live);

	const roots: number[] = [];
	for (let i = 0; i < n; i++) if (live[i] && parent[i] === -1) roots.push(i);
	const queue: number[] = [];
	const markFrom = (root: number) => {
		depth[root] = 0;
		queue.length = 0;
		queue.push(root);
		for (let q = 0; q < queue.length; q++) {
			const node = queue[q];
			const d = depth[node] + 1;
			for (const c of children[node]) {
				depth[c] = d;
				queue.push(c);
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
		const siblings = children[oldParent];
		siblings.splice(siblings.indexOf(earliest), 1);
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
		const c = children[i].length;
		if (c === 0) leaves.push(i);
		else if (c > 1) branchPoints.push(i);
	}
	if (roots.length > 1) issues.push(forestIssue(roots.length));
	const currentLeaf = defaultLeaf(entries, byId);
	return { entries, byId, parent, children, depth, live, roots, leaves, branchPoints, currentLeaf, issues };
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

const EMPTY: number[] = [];

/** Issue codes that come from indexing the tree (and are worked out again when it grows). */
export const TREE_ISSUE_CODES: ReadonlySet<string> = new Set(["duplicate-id", "orphan", "cycle", "several-roots"]);

/**
 * The index of `entries` when they are `index.entries` with more entries after them (a file that
 * grew), equal to `buildTreeIndex(entries)`, without hashing the old entries again: the arrays are
 * copied (memory copies) and only the new entries are looked at. When a new entry repeats an id
 * or names a parent that comes after it (cases that can change the old part of the tree), the
 * index is built afresh instead. Cached for `entries` as `getTreeIndex` caches.
 */
export function extendTreeIndex(index: TreeIndex, entries: readonly SessionEntry[]): TreeIndex {
	const old = index.entries.length;
	const n = entries.length;
	const rebuild = () => {
		const built = buildTreeIndex(entries);
		cache.set(entries, built);
		return built;
	};
	if (n < old || (old > 0 && entries[old - 1] !== index.entries[old - 1])) return rebuild();
	const byId = new Map(index.byId);
	for (let i = old; i < n; i++) {
		const id = entries[i].id;
		if (byId.has(id)) return rebuild();
		byId.set(id, i);
	}
	const parent = new Int32Array(n).fill(-1);
	parent.set(index.parent);
	const depth = new Int32Array(n);
	depth.set(index.depth);
	const live = new Uint8Array(n).fill(1);
	live.set(index.live);
	const children: (readonly number[])[] = index.children.slice();
	const roots = [...index.roots];
	const issues = index.issues.filter((i) => i.issue.code !== "several-roots");
	const grown = new Set<number>();
	for (let i = old; i < n; i++) {
		children.push(EMPTY);
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
		children[p] = [...children[p], i];
		if (p < old) grown.add(p);
	}
	const leaves = index.leaves.filter((l) => !grown.has(l));
	for (let i = old; i < n; i++) if (children[i].length === 0) leaves.push(i);
	const branchSet = new Set(index.branchPoints);
	const branchPoints = [...index.branchPoints];
	for (let i = 0; i < n; i++) {
		if (i < old && !grown.has(i)) continue;
		if (children[i].length > 1 && !branchSet.has(i)) branchPoints.push(i);
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
	};
	cache.set(entries, extended);
	return extended;
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
	};
}

/** Each live entry's children in file order, from the parent positions; leaves share one empty array. */
function childrenLists(parent: ArrayLike<number>, live: Uint8Array): number[][] {
	const children: number[][] = new Array(parent.length).fill(EMPTY);
	for (let i = 0; i < parent.length; i++) {
		const p = parent[i];
		if (p === -1 || !live[i]) continue;
		const list = children[p];
		if (list === EMPTY) children[p] = [i];
		else list.push(i);
	}
	return children;
}

/**
 * The index `buildTreeIndex(entries)` would give, put together from `parts` (`treeParts` of the
 * index of equal entries, built elsewhere) and `byId` (each entry's id set to its position, in
 * order: the later of equal ids wins, as in the index). O(n) with no hashing, so far cheaper than
 * building it. Cached for `entries` as `getTreeIndex` caches.
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
	const index: TreeIndex = { entries, byId, children: childrenLists(parent, live), ...parts };
	cache.set(entries, index);
	return index;
}

/**
 * `adoptTreeIndex` with the id map made here, `slice` entries at a time with `pause()` awaited in
 * between (a million entries' map is a long task otherwise). The later of equal ids wins.
 */
export async function adoptTreeIndexInSlices(
	entries: readonly SessionEntry[],
	parts: TreeParts,
	pause: () => Promise<void> = async () => {},
	slice = 16_384,
): Promise<TreeIndex> {
	const byId = new Map<string, number>();
	for (let from = 0; from < entries.length; from += slice) {
		if (from > 0) await pause();
		const to = Math.min(entries.length, from + slice);
		for (let i = from; i < to; i++) byId.set(entries[i].id, i);
	}
	await pause();
	return adoptTreeIndex(entries, byId, parts);
}

/**
 * An id map of `entries` made on first use (the later of equal ids wins, as in the index): a page
 * taking in a large preview draws it before hashing every id. `build` makes it a slice at a time
 * in the meantime, so that the first look-up rarely has to.
 */
export class LazyIdMap implements ReadonlyMap<string, number> {
	private made: Map<string, number> | null = null;
	private building: Map<string, number> | null = null;
	private builtTo = 0;

	constructor(private readonly source: readonly SessionEntry[]) {}

	/** Makes the rest of the map now (a look-up needs it). */
	private get map(): Map<string, number> {
		if (this.made) return this.made;
		const map = this.building ?? new Map<string, number>();
		for (let i = this.builtTo; i < this.source.length; i++) map.set(this.source[i].id, i);
		this.made = map;
		this.building = null;
		return map;
	}

	/** Makes the map `slice` entries at a time, `pause()` awaited in between; done when it is made. */
	async build(pause: () => Promise<void>, slice = 16_384): Promise<void> {
		if (this.made || this.building) return;
		const map = new Map<string, number>();
		this.building = map;
		while (!this.made && this.builtTo < this.source.length) {
			await pause();
			if (this.made) return;
			const to = Math.min(this.source.length, this.builtTo + slice);
			for (let i = this.builtTo; i < to; i++) map.set(this.source[i].id, i);
			this.builtTo = to;
		}
		if (!this.made) void this.map;
	}

	get size(): number {
		return this.map.size;
	}
	get(id: string): number | undefined {
		return this.map.get(id);
	}
	has(id: string): boolean {
		return this.map.has(id);
	}
	forEach(fn: (value: number, key: string, map: ReadonlyMap<string, number>) => void, thisArg?: unknown): void {
		for (const [id, pos] of this.map) fn.call(thisArg, pos, id, this);
	}
	entries() {
		return this.map.entries();
	}
	keys() {
		return this.map.keys();
	}
	values() {
		return this.map.values();
	}
	[Symbol.iterator]() {
		return this.map[Symbol.iterator]();
	}
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

/** The entries from the root to `leafId`, root first (SPEC §2). */
export function getPath(entries: readonly SessionEntry[], leafId?: string | null): SessionEntry[] {
	const index = getTreeIndex(entries);
	return pathPositions(index, resolveLeaf(index, leafId)).map((p) => entries[p]);
}
