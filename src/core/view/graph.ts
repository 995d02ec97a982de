import type { Region } from "../context/analysis";
import { type PackedFates, regionOfCode } from "../context/lazyContext";
import { getLabels } from "../session/meta";
import type { TreeIndex } from "../session/tree";
import type { SessionEntry, SessionIssue, Severity } from "../session/types";
import { fieldOf } from "../util/fields";
import { type EntryKind, entryKind } from "./entryKind";
import { nodePreview } from "./nodePreview";

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 64;
const GAP_X = 28;
const GAP_Y = 52;
/** Horizontal distance between the centres of neighbouring nodes. */
const UNIT_X = NODE_WIDTH + GAP_X;
/** Extra distance between separate roots, in units of `UNIT_X` (siblings are 1 apart). */
const ROOT_SEPARATION = 1.5;
/** How many entries an expanded segment shows at once; the rest stays folded. */
export const EXPAND_STEP = 50;
/** A run at most this long expands completely, so no tiny remainder is left folded. */
const EXPAND_WHOLE = 60;

export interface KindCount {
	kind: EntryKind;
	count: number;
}

export interface GraphNode {
	/** The entry id, or `seg:<first entry id>` for a folded run. */
	id: string;
	kind: "entry" | "segment";
	/** Entry positions this node stands for: one for entries, the run (a chain) for segments. */
	first: number;
	last: number;
	count: number;
	/** The kind of the entry (of the run's first entry for segments). */
	entryKind: EntryKind;
	/** One line about the entry's content (`nodePreview`, at most `NODE_PREVIEW_MAX` characters). */
	preview: string;
	label?: string;
	isRoot: boolean;
	isLeaf: boolean;
	isBranchPoint: boolean;
	isCurrentLeaf: boolean;
	/** Number of child nodes (branches below a branch point). */
	childCount: number;
	/** Entries shown because their run is expanded: the id of that run's segment (to fold it again). */
	run?: string;
	/** True on the first entry of an expanded run. */
	runStart?: boolean;
	/** A folded run's kinds of entries, most first, where they were counted (see `segmentKinds`). */
	kinds?: KindCount[];
	/** Top-left corner. */
	x: number;
	y: number;
}

export interface GraphEdge {
	id: string;
	source: string;
	target: string;
}

export interface SessionGraph {
	nodes: GraphNode[];
	edges: GraphEdge[];
	/** Node id for each live entry position (the segment holding it when folded). */
	nodeOf: ReadonlyMap<number, string>;
	/** The same as node indexes: `nodeAt[position]`, -1 for shadowed entries. */
	nodeAt: Int32Array;
	/** Node id → index in `nodes`. */
	indexOf: Map<string, number>;
	/** Parent node index per node, -1 for roots. */
	parentNode: Int32Array;
	/** Child node indexes per node, left to right. */
	childNodes: readonly (readonly number[])[];
	/** Root node indexes, left to right. */
	rootNodes: readonly number[];
	width: number;
	height: number;
}

const SEGMENT_PREFIX = "seg:";

/** The id of the segment node starting at `entryId`. */
export function segmentId(entryId: string): string {
	return `${SEGMENT_PREFIX}${entryId}`;
}

/** The id of the first entry of a segment (the inverse of `segmentId`). */
export function segmentStart(id: string): string {
	return id.startsWith(SEGMENT_PREFIX) ? id.slice(SEGMENT_PREFIX.length) : id;
}

/**
 * Shapes the tree for drawing. Every root, leaf, branch point, compaction, branch summary,
 * labelled entry, compaction kept-range start (`firstKeptEntryId`), the current leaf and every
 * position in `pinned` is its own node whose id is the entry id. Maximal runs of other entries fold
 * into one segment node (`seg:<first id>`) unless their segment id is in `expanded`: then the run
 * shows its first `EXPAND_STEP` entries one by one and folds the rest into a new segment, so huge
 * runs open in steps. Every live entry maps to exactly one node (`nodeOf`).
 *
 * Layout: a tidy top-down tree (row = depth in the folded tree). Subtrees are packed side by side as
 * close as their contours allow; a parent sits centred over its first and last child, or straight
 * above a child holding more than twice as many entries as its siblings together (a trunk); separate roots stand side by
 * side; nodes never overlap. O(n) and iterative, so 100k-entry chains are fine.
 */
export function buildGraph(
	index: TreeIndex,
	expanded: ReadonlySet<string> = new Set(),
	pinned: readonly number[] = [],
): SessionGraph {
	const { entries, parent } = index;
	// The children lists' arrays, read directly (this runs on the page at a click, often cold).
	const { start: kidsFrom, end: kidsTo, list: kidList } = index.children;
	const labels = getLabels(entries);
	const marked = new Uint8Array(entries.length);
	for (const pos of pinned) if (pos >= 0 && pos < entries.length) marked[pos] = 1;
	// The labelled entries, found by their ids (one look-up per label, none per entry).
	for (const id of labels.keys()) {
		const pos = index.byId.get(id);
		if (pos !== undefined && index.live[pos]) marked[pos] = 1;
	}
	for (let i = 0; i < entries.length; i++) {
		const e = entries[i];
		if (!index.live[i]) continue;
		const t = e.type;
		if (t === "compaction" || t === "branch_summary") marked[i] = 1;
		if (t === "compaction") {
			const kept = fieldOf(e, "firstKeptEntryId");
			const keptPos = typeof kept === "string" ? index.byId.get(kept) : undefined;
			if (keptPos !== undefined) marked[keptPos] = 1;
		}
	}
	const isSignificant = (pos: number): boolean =>
		marked[pos] === 1 || kidsTo[pos] - kidsFrom[pos] !== 1 || parent[pos] === -1 || pos === index.currentLeaf;

	const nodes: GraphNode[] = [];
	const kids: number[][] = [];
	const parentList: number[] = [];
	const nodeAt = new Int32Array(entries.length).fill(-1);

	const addNode = (node: GraphNode, parentNode: number): number => {
		nodes.push(node);
		kids.push([]);
		parentList.push(parentNode);
		const idx = nodes.length - 1;
		if (parentNode !== -1) kids[parentNode].push(idx);
		return idx;
	};
	const addEntryNode = (pos: number, parentNode: number, run?: string, runStart?: boolean): number => {
		const e = entries[pos];
		const label = labels.get(e.id);
		nodeAt[pos] = nodes.length;
		return addNode(
			{
				id: e.id,
				kind: "entry",
				first: pos,
				last: pos,
				count: 1,
				entryKind: entryKind(e),
				preview: nodePreview(e),
				...(label !== undefined ? { label } : {}),
				isRoot: parent[pos] === -1,
				isLeaf: kidsTo[pos] === kidsFrom[pos],
				isBranchPoint: kidsTo[pos] - kidsFrom[pos] > 1,
				isCurrentLeaf: pos === index.currentLeaf,
				childCount: 0,
				...(run !== undefined ? { run, runStart: runStart === true } : {}),
				x: 0,
				y: 0,
			},
			parentNode,
		);
	};
	const addSegmentNode = (start: number, end: number, count: number, parentNode: number): number => {
		const sid = segmentId(entries[start].id);
		const idx = nodes.length;
		for (let pos = start; ; pos = kidList[kidsFrom[pos]]) {
			nodeAt[pos] = idx;
			if (pos === end) break;
		}
		return addNode(
			{
				id: sid,
				kind: "segment",
				first: start,
				last: end,
				count,
				entryKind: entryKind(entries[start]),
				preview: nodePreview(entries[start]),
				isRoot: parent[start] === -1,
				isLeaf: false,
				isBranchPoint: false,
				isCurrentLeaf: false,
				childCount: 0,
				x: 0,
				y: 0,
			},
			parentNode,
		);
	};

	// Iterative walk: stack of [entry position, parent node index, run it continues].
	const stack: [number, number, string | undefined][] = [];
	for (let r = index.roots.length - 1; r >= 0; r--) stack.push([index.roots[r], -1, undefined]);
	for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
		const [start, parentNode] = top;
		let tail = start;
		let nodeIndex: number;
		if (isSignificant(start)) {
			nodeIndex = addEntryNode(start, parentNode);
		} else {
			// A run of plain entries: follow the single child while it stays plain.
			let end = start;
			let count = 1;
			// A plain entry has exactly one child.
			while (!isSignificant(kidList[kidsFrom[end]])) {
				end = kidList[kidsFrom[end]];
				count++;
			}
			const sid = segmentId(entries[start].id);
			if (count === 1) {
				nodeIndex = addEntryNode(start, parentNode);
			} else if (expanded.has(sid)) {
				const limit = count <= EXPAND_WHOLE ? count : EXPAND_STEP;
				let pos = start;
				nodeIndex = parentNode;
				for (let shown = 0; shown < limit; shown++) {
					if (shown > 0) pos = kidList[kidsFrom[pos]];
					nodeIndex = addEntryNode(pos, nodeIndex, sid, shown === 0);
				}
				tail = pos;
				if (limit < count) {
					// The rest of the run stays folded, as a segment of its own.
					stack.push([kidList[kidsFrom[tail]], nodeIndex, undefined]);
					continue;
				}
			} else {
				nodeIndex = addSegmentNode(start, end, count, parentNode);
			}
			tail = end;
		}
		for (let c = kidsTo[tail] - 1; c >= kidsFrom[tail]; c--) stack.push([kidList[c], nodeIndex, undefined]);
	}

	const edges: GraphEdge[] = [];
	const indexOf = new Map<string, number>();
	const parentNode = Int32Array.from(parentList);
	const rootNodes: number[] = [];
	for (let i = 0; i < nodes.length; i++) {
		indexOf.set(nodes[i].id, i);
		nodes[i].childCount = kids[i].length;
		if (parentNode[i] === -1) rootNodes.push(i);
		for (const k of kids[i]) {
			edges.push({ id: `e:${nodes[i].id}->${nodes[k].id}`, source: nodes[i].id, target: nodes[k].id });
		}
	}

	const { width, height } = layoutTree(nodes, kids, rootNodes);
	const nodeOf = new NodeOfMap(nodeAt, nodes);
	return { nodes, edges, nodeOf, nodeAt, indexOf, parentNode, childNodes: kids, rootNodes, width, height };
}

/**
 * `SessionGraph.nodeOf` over `nodeAt`: a read-only map from entry positions to node ids that costs
 * one typed array instead of a map entry per entry (100k-entry sessions).
 */
class NodeOfMap implements ReadonlyMap<number, string> {
	private count = -1;
	constructor(
		private readonly nodeAt: Int32Array,
		private readonly nodes: readonly GraphNode[],
	) {}
	get size(): number {
		if (this.count === -1) {
			let size = 0;
			for (let i = 0; i < this.nodeAt.length; i++) if (this.nodeAt[i] !== -1) size++;
			this.count = size;
		}
		return this.count;
	}
	get(pos: number): string | undefined {
		const i = Number.isInteger(pos) && pos >= 0 && pos < this.nodeAt.length ? this.nodeAt[pos] : -1;
		return i === -1 ? undefined : this.nodes[i].id;
	}
	has(pos: number): boolean {
		return this.get(pos) !== undefined;
	}
	*entries(): MapIterator<[number, string]> {
		for (let pos = 0; pos < this.nodeAt.length; pos++) {
			const i = this.nodeAt[pos];
			if (i !== -1) yield [pos, this.nodes[i].id];
		}
	}
	*keys(): MapIterator<number> {
		for (const [pos] of this.entries()) yield pos;
	}
	*values(): MapIterator<string> {
		for (const [, id] of this.entries()) yield id;
	}
	[Symbol.iterator](): MapIterator<[number, string]> {
		return this.entries();
	}
	forEach(fn: (value: string, key: number, map: ReadonlyMap<number, string>) => void, thisArg?: unknown): void {
		for (const [pos, id] of this.entries()) fn.call(thisArg, id, pos, this);
	}
}

/**
 * How many entries of each kind a segment node's run holds, most frequent first (ties in the order
 * met). Worked out on demand, for the segments drawn: O(run length). Empty when `node` is not a
 * segment of `index`.
 */
export function segmentKinds(index: TreeIndex, node: Pick<GraphNode, "id" | "first" | "last">): KindCount[] {
	const { entries, children } = index;
	// A node of another session's graph (the view switching sessions): nothing to count here.
	const first: SessionEntry | undefined = entries[node.first];
	if (!first || segmentId(first.id) !== node.id) return [];
	const counts = new Map<EntryKind, number>();
	for (let pos = node.first; ; pos = children.first(pos)) {
		const k = entryKind(entries[pos]);
		counts.set(k, (counts.get(k) ?? 0) + 1);
		if (pos === node.last || children.count(pos) === 0) break;
	}
	return [...counts].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count);
}

/**
 * A subtree's outline per row: the leftmost and rightmost node centre, stored bottom row first
 * (so adding a parent row is a push) and relative to the subtree's root after adding `off`.
 */
interface Contour {
	left: number[];
	right: number[];
	off: number;
}

/**
 * Places subtrees side by side as close as their contours allow (`sep` apart on every shared row).
 * Returns each subtree's x (the first at 0) and the merged contour in that frame. The longer
 * contour is reused, so a whole layout costs O(n) however deep the tree.
 */
/** The contour of node `v`, laid out already (children before parents, so a parent finds them). */
function contourAt(contour: readonly (Contour | null)[], v: number): Contour {
	const c = contour[v];
	if (c === null) throw new Error(`Node ${v} has no contour yet`);
	return c;
}

function packSubtrees(contours: Contour[], sep: number): { pos: number[]; merged: Contour } {
	const pos = [0];
	let acc = contours[0];
	for (let i = 1; i < contours.length; i++) {
		const c = contours[i];
		const la = acc.left.length;
		const lc = c.left.length;
		const shared = Math.min(la, lc);
		let shift = Number.NEGATIVE_INFINITY;
		for (let d = 0; d < shared; d++) {
			const need = acc.right[la - 1 - d] + acc.off + sep - (c.left[lc - 1 - d] + c.off);
			if (need > shift) shift = need;
		}
		pos.push(shift);
		if (la >= lc) {
			for (let d = 0; d < lc; d++) acc.right[la - 1 - d] = c.right[lc - 1 - d] + c.off + shift - acc.off;
		} else {
			const off = c.off + shift;
			for (let d = 0; d < la; d++) c.left[lc - 1 - d] = acc.left[la - 1 - d] + acc.off - off;
			c.off = off;
			acc = c;
		}
	}
	return { pos, merged: acc };
}

/** Sets `x`/`y` of every node (parents always come before their children in `nodes`). */
function layoutTree(nodes: GraphNode[], kids: number[][], rootNodes: number[]): { width: number; height: number } {
	const n = nodes.length;
	if (n === 0) return { width: 0, height: 0 };
	const rel = new Float64Array(n);
	const contour: (Contour | null)[] = new Array(n).fill(null);
	/** Entries in each node's subtree. */
	const weight = new Float64Array(n);
	// Children have larger indexes than their parent, so a backwards sweep is a post-order.
	for (let v = n - 1; v >= 0; v--) {
		const list = kids[v];
		if (list.length === 0) {
			weight[v] = nodes[v].count;
			contour[v] = { left: [0], right: [0], off: 0 };
			continue;
		}
		// The trunk: a child holding more than twice as many entries as its siblings together.
		let heaviest = 0;
		let total = 0;
		list.forEach((k, i) => {
			total += weight[k];
			if (weight[k] > weight[list[heaviest]]) heaviest = i;
		});
		weight[v] = total + nodes[v].count;
		const trunk = weight[list[heaviest]] > 2 * (total - weight[list[heaviest]]) ? heaviest : -1;
		const { pos, merged } = packSubtrees(
			list.map((k) => contourAt(contour, k)),
			1,
		);
		for (const k of list) contour[k] = null;
		// A parent sits centred over its children, or straight above its trunk (long sessions then
		// read as one straight line with short branches off it).
		const centre = trunk >= 0 ? pos[trunk] : (pos[0] + pos[pos.length - 1]) / 2;
		for (let i = 0; i < list.length; i++) rel[list[i]] = pos[i] - centre;
		merged.off -= centre;
		merged.left.push(-merged.off);
		merged.right.push(-merged.off);
		contour[v] = merged;
	}
	// Separate roots stand fully apart: each is packed by its bounding columns, not its outline.
	const { pos } = packSubtrees(
		rootNodes.map((r) => {
			const c = contourAt(contour, r);
			let lo = Number.POSITIVE_INFINITY;
			let hi = Number.NEGATIVE_INFINITY;
			for (const x of c.left) if (x < lo) lo = x;
			for (const x of c.right) if (x > hi) hi = x;
			return { left: [lo + c.off], right: [hi + c.off], off: 0 };
		}),
		ROOT_SEPARATION,
	);
	const cx = new Float64Array(n);
	const row = new Int32Array(n);
	for (let i = 0; i < rootNodes.length; i++) cx[rootNodes[i]] = pos[i];
	let minX = Number.POSITIVE_INFINITY;
	let maxX = Number.NEGATIVE_INFINITY;
	let maxRow = 0;
	for (let v = 0; v < n; v++) {
		for (const k of kids[v]) {
			cx[k] = cx[v] + rel[k];
			row[k] = row[v] + 1;
		}
		if (cx[v] < minX) minX = cx[v];
		if (cx[v] > maxX) maxX = cx[v];
		if (row[v] > maxRow) maxRow = row[v];
	}
	for (let v = 0; v < n; v++) {
		nodes[v].x = Math.round((cx[v] - minX) * UNIT_X);
		nodes[v].y = row[v] * (NODE_HEIGHT + GAP_Y);
	}
	return {
		width: Math.round((maxX - minX) * UNIT_X) + NODE_WIDTH,
		height: maxRow * (NODE_HEIGHT + GAP_Y) + NODE_HEIGHT,
	};
}

/** A graph as plain data (typed arrays, arrays and plain objects): to pass between threads. */
export type GraphParts = Omit<SessionGraph, "nodeOf" | "indexOf">;

export function graphParts(graph: SessionGraph): GraphParts {
	const { nodeOf: _nodeOf, indexOf: _indexOf, ...parts } = graph;
	return parts;
}

/** The graph `graphParts` took apart (after a trip between threads). */
export function graphFromParts(parts: GraphParts): SessionGraph {
	const indexOf = new Map<string, number>();
	for (let i = 0; i < parts.nodes.length; i++) indexOf.set(parts.nodes[i].id, i);
	return { ...parts, nodeOf: new NodeOfMap(parts.nodeAt, parts.nodes), indexOf };
}

// ---------------------------------------------------------------------------------------------
// Painting a selection onto the graph

/**
 * How a node stands to the selected leaf's context:
 * - `context`: on the path and read by the builder (no compaction, or after the latest one);
 * - `kept`: on the path, in a legacy compaction's kept range;
 * - `checkpoint`: the latest compaction on the path;
 * - `summarized`: on the path before the latest compaction, replaced by its summary;
 * - `skipped`: on the path but not read for another reason (a system message in the kept range);
 * - `off`: not on the selected path.
 */
export type NodeRegion = "context" | "kept" | "checkpoint" | "summarized" | "skipped" | "off";

export interface NodePaint {
	region: NodeRegion;
	/** Holds the selected leaf. */
	leaf: boolean;
	/** How many search hits the node holds. */
	hits: number;
	/** The worst issue severity among the node's entries, and how many issues there are. */
	issue: Severity | null;
	issueCount: number;
	/** The first few issue messages, for a tooltip. */
	issueText: string;
	/** Holds the focused entry (`&entry=`). */
	focused: boolean;
	/** Holds an entry the explainer's current step is about. */
	explain: boolean;
}

export interface PaintInput {
	/**
	 * The selected tip's context: its leaf's position and its path's best rank per node
	 * (`pathRanks` of its fates: made once per context and graph, not each time the rest is painted).
	 */
	context: { leaf: number; ranks: Int8Array } | null;
	/** Find's hits, by position (looking many ids up would make a large session's id map at once). */
	hitPositions?: readonly number[];
	/** Issues, with the positions of their entries where known (see `SessionIssue.position`). */
	issues?: readonly SessionIssue[];
	/** The focused entry's position (-1: none). */
	focusedPosition?: number;
	/** Whether the explainer's current step is about the entry at a position, and those positions. */
	explainFocus?: ArrayLike<number>;
}

const SEVERITY_RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };
const REGION_RANK: Record<NodeRegion, number> = {
	off: 0,
	skipped: 1,
	summarized: 2,
	kept: 3,
	context: 4,
	checkpoint: 5,
};

/** The regions by `REGION_RANK`, weakest first. */
const RANKED_REGIONS: readonly NodeRegion[] = ["off", "skipped", "summarized", "kept", "context", "checkpoint"];

/** What a path entry in `fateRegion` makes of its node, selected or not. */
function nodeRegion(fateRegion: Region | undefined, selected: boolean): NodeRegion {
	if (fateRegion === "checkpoint") return "checkpoint";
	if (fateRegion === "summarized") return "summarized";
	if (!selected) return "skipped";
	return fateRegion === "kept" ? "kept" : "context";
}

/** `REGION_RANK` of `nodeRegion` per packed fate: `[regionCode * 2 + selected]` (see `PackedFates`). */
const CODE_RANKS: Int8Array = (() => {
	const ranks = new Int8Array(512);
	for (let code = 0; code < 256; code++) {
		for (const selected of [0, 1])
			ranks[code * 2 + selected] = REGION_RANK[nodeRegion(regionOfCode(code), selected === 1)];
	}
	return ranks;
})();

/**
 * The best rank of each node's entries on a path whose fates are columns (-1 for a node off it),
 * for `paintGraph`'s `context`: made once per graph and context (a caller keeps it), not again
 * each time the issues, hits or focus are painted. A summarized run (see `PackedFates.prefix`:
 * 1.9 million of a 2 GB session's tip) is painted by its nodes (see `markRun`), the fates after it
 * one by one.
 */
export function pathRanks(graph: SessionGraph, columns: PackedFates): Int8Array {
	const { position, region, flags, prefix } = columns;
	const { nodeAt, nodes } = graph;
	const ranks = CODE_RANKS;
	const best = new Int8Array(nodes.length).fill(-1);
	const prefixRank = ranks[columns.prefixRegion * 2];
	const from = prefix > 0 && markRun(graph, columns, best, prefixRank) ? prefix : 0;
	for (let i = from; i < position.length; i++) {
		const pos = position[i];
		const node = pos >= 0 && pos < nodeAt.length ? nodeAt[pos] : -1;
		if (node === -1) continue;
		const j = i - prefix;
		const rank = j < 0 ? prefixRank : ranks[region[j] * 2 + (flags[j] & 1)];
		if (rank > best[node]) best[node] = rank;
	}
	return best;
}

/**
 * Gives `rank` to the nodes of the fates' summarized run: the run is a path from a root to its
 * last entry, so its nodes are that entry's node and the nodes above it, a walk up the graph of a
 * few thousand nodes instead of a pass over two million positions. False (nothing marked) where
 * the graph does not spell that path (its first entry's node is not the root the walk reaches).
 */
function markRun(graph: SessionGraph, columns: PackedFates, best: Int8Array, rank: number): boolean {
	const { nodeAt, parentNode } = graph;
	const { position, prefix } = columns;
	const first = position[0];
	const last = position[prefix - 1];
	if (first < 0 || last < 0 || first >= nodeAt.length || last >= nodeAt.length) return false;
	const top = nodeAt[first];
	if (top === -1 || parentNode[top] !== -1) return false;
	const walked: number[] = [];
	for (let node = nodeAt[last]; node !== -1; node = parentNode[node]) {
		if (walked.length >= prefix) return false;
		walked.push(node);
	}
	if (walked[walked.length - 1] !== top) return false;
	for (const node of walked) if (rank > best[node]) best[node] = rank;
	return true;
}

/**
 * The paint of every node that is not plain (off the path with no hits, issues or focus); nodes
 * missing from the map are plain. A segment takes the strongest region among its entries
 * (checkpoint > context > kept > summarized > skipped) and sums their hits and issues.
 * O(path + hits + issues), independent of the number of nodes.
 */
export function paintGraph(graph: SessionGraph, input: PaintInput): Map<string, NodePaint> {
	const paint = new Map<string, NodePaint>();
	// A path's positions come a node at a time (a folded run is many entries): the last node's paint
	// is at hand without a look-up (a 1.9 million-entry path took the page 90-210 ms without).
	let lastId: string | undefined;
	let lastPaint: NodePaint | null = null;
	const paintOf = (id: string): NodePaint => {
		let p = paint.get(id);
		if (!p) {
			p = {
				region: "off",
				leaf: false,
				hits: 0,
				issue: null,
				issueCount: 0,
				issueText: "",
				focused: false,
				explain: false,
			};
			paint.set(id, p);
		}
		return p;
	};
	const at = (pos: number): NodePaint | null => {
		const id = graph.nodeOf.get(pos);
		if (id === undefined) return null;
		if (id === lastId && lastPaint) return lastPaint;
		lastId = id;
		lastPaint = paintOf(id);
		return lastPaint;
	};
	const { context } = input;
	if (context) {
		// The fates are read as columns, their ranks taken per node index first, with no look-up or
		// object per entry; one paint per node after.
		const { nodes } = graph;
		const best = context.ranks;
		for (let node = 0; node < best.length; node++) {
			if (best[node] !== -1) paintOf(nodes[node].id).region = RANKED_REGIONS[best[node]];
		}
		if (context.leaf >= 0) {
			const p = at(context.leaf);
			if (p) p.leaf = true;
		}
	}
	for (const pos of input.hitPositions ?? []) {
		const p = at(pos);
		if (p) p.hits++;
	}
	for (const issue of input.issues ?? []) {
		if (issue.position === undefined) continue;
		const p = at(issue.position);
		if (!p) continue;
		p.issueCount++;
		if (p.issue === null || SEVERITY_RANK[issue.severity] > SEVERITY_RANK[p.issue]) p.issue = issue.severity;
		if (p.issueCount <= 3) p.issueText += `${p.issueText ? "\n" : ""}${issue.severity}: ${issue.message}`;
		else if (p.issueCount === 4) p.issueText += "\n…";
	}
	if (input.focusedPosition !== undefined && input.focusedPosition >= 0) {
		const p = at(input.focusedPosition);
		if (p) p.focused = true;
	}
	const focus = input.explainFocus;
	if (focus) {
		for (let i = 0; i < focus.length; i++) {
			const p = at(focus[i]);
			if (p) p.explain = true;
		}
	}
	return paint;
}
