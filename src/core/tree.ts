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
 * Builds the tree index in O(n) without recursion. Orphans (a parentId naming no entry) become
 * roots; cycles are broken at their earliest entry, which becomes a root; all are reported.
 */
export function buildTreeIndex(entries: readonly SessionEntry[]): TreeIndex {
	const n = entries.length;
	const issues: PositionedIssue[] = [];
	const byId = new Map<string, number>();
	const live = new Uint8Array(n);
	for (let i = 0; i < n; i++) {
		const id = entries[i].id;
		const prev = byId.get(id);
		if (prev !== undefined) {
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
		byId.set(id, i);
		live[i] = 1;
	}

	const parent = new Int32Array(n).fill(-1);
	const childCount = new Int32Array(n);
	for (let i = 0; i < n; i++) {
		if (!live[i]) continue;
		const pid = entries[i].parentId;
		if (pid === null || pid === undefined) continue;
		const p = byId.get(pid);
		if (p === undefined) {
			issues.push({
				position: i,
				issue: {
					entryId: entries[i].id,
					severity: "warning",
					code: "orphan",
					message: `Parent "${String(pid)}" is not in the file: this entry starts a separate root`,
				},
			});
			continue;
		}
		parent[i] = p;
	}

	// Reachability from real roots; whatever is left hangs off a cycle.
	const depth = new Int32Array(n).fill(-1);
	for (let i = 0; i < n; i++) if (live[i] && parent[i] !== -1) childCount[parent[i]]++;
	const children: number[][] = new Array(n);
	for (let i = 0; i < n; i++) children[i] = childCount[i] === 0 ? EMPTY : [];
	for (let i = 0; i < n; i++) if (live[i] && parent[i] !== -1) children[parent[i]].push(i);

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
			if (cycleIds.length < 8) cycleIds.push(entries[walker].id);
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
				entryId: entries[earliest].id,
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
	if (roots.length > 1) {
		issues.push({
			issue: {
				severity: "info",
				code: "several-roots",
				message: `${roots.length} roots: the session is a forest (a reset leaf, orphans or broken cycles)`,
			},
		});
	}
	const currentLeaf = n > 0 ? (byId.get(entries[n - 1].id) ?? -1) : -1;
	return { entries, byId, parent, children, depth, live, roots, leaves, branchPoints, currentLeaf, issues };
}

const EMPTY: number[] = [];

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
	const path: number[] = [];
	for (let node = leaf; node !== -1; node = index.parent[node]) path.push(node);
	return path.reverse();
}

/** The entries from the root to `leafId`, root first (SPEC §2). */
export function getPath(entries: readonly SessionEntry[], leafId?: string | null): SessionEntry[] {
	const index = getTreeIndex(entries);
	return pathPositions(index, resolveLeaf(index, leafId)).map((p) => entries[p]);
}
