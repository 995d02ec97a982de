import { type EntryKind, entryKind, entryPreview } from "./entryKind";
import { getLabels } from "./meta";
import type { TreeIndex } from "./tree";

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 64;
const GAP_X = 28;
const GAP_Y = 44;
/** How many entries an expanded segment shows at once; the rest stays folded. */
export const EXPAND_STEP = 50;

export interface GraphNode {
	/** The entry id, or `seg:<first entry id>` for a folded run. */
	id: string;
	kind: "entry" | "segment";
	/** Entry positions this node stands for: one for entries, the run for segments. */
	first: number;
	last: number;
	count: number;
	entryKind: EntryKind;
	preview: string;
	label?: string;
	isLeaf: boolean;
	isBranchPoint: boolean;
	isCurrentLeaf: boolean;
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
	nodeOf: Map<number, string>;
	width: number;
	height: number;
}

/** The id of the segment node starting at `entryId`. */
export function segmentId(entryId: string): string {
	return `seg:${entryId}`;
}

/**
 * Shapes the tree for drawing: every root, leaf, branch point, compaction, branch summary,
 * labelled entry and the current leaf is its own node (id = entry id); maximal runs of other
 * entries fold into one segment node unless listed in `expanded` (by segment id). Positions
 * come from a tidy top-down tree layout: leaves take consecutive columns, a parent sits over
 * the middle of its children, depth is the row. O(n), iterative.
 */
export function buildGraph(index: TreeIndex, expanded: ReadonlySet<string> = new Set()): SessionGraph {
	const { entries, children, parent } = index;
	const labels = getLabels(entries);
	const isSignificant = (pos: number): boolean => {
		const kids = children[pos].length;
		if (kids !== 1 || parent[pos] === -1 || pos === index.currentLeaf) return true;
		const t = entries[pos].type;
		return t === "compaction" || t === "branch_summary" || labels.has(entries[pos].id);
	};

	const nodes: GraphNode[] = [];
	const edges: GraphEdge[] = [];
	const nodeOf = new Map<number, string>();
	/** Folded-node children, by node index. */
	const kids: number[][] = [];

	const makeEntryNode = (pos: number): number => {
		const e = entries[pos];
		const label = labels.get(e.id);
		nodes.push({
			id: e.id,
			kind: "entry",
			first: pos,
			last: pos,
			count: 1,
			entryKind: entryKind(e),
			preview: entryPreview(e, 60),
			...(label !== undefined ? { label } : {}),
			isLeaf: children[pos].length === 0,
			isBranchPoint: children[pos].length > 1,
			isCurrentLeaf: pos === index.currentLeaf,
			x: 0,
			y: 0,
		});
		kids.push([]);
		nodeOf.set(pos, e.id);
		return nodes.length - 1;
	};

	// Iterative walk: stack of [entry position, parent node index].
	const stack: [number, number][] = [];
	for (let r = index.roots.length - 1; r >= 0; r--) stack.push([index.roots[r], -1]);
	while (stack.length > 0) {
		const [start, parentNode] = stack.pop() as [number, number];
		let nodeIndex: number;
		let tail: number;
		if (isSignificant(start)) {
			nodeIndex = makeEntryNode(start);
			tail = start;
		} else {
			// A run of plain entries: follow the single child while it stays plain.
			let end = start;
			let count = 1;
			while (!isSignificant(children[end][0])) {
				end = children[end][0];
				count++;
			}
			const sid = segmentId(entries[start].id);
			if (expanded.has(sid) || count === 1) {
				// Show the first EXPAND_STEP entries one by one; fold what remains into a new segment.
				let pos = start;
				let prevNode = parentNode;
				let shown = 0;
				const limit = count === 1 ? 1 : EXPAND_STEP;
				for (; shown < limit && shown < count; shown++) {
					const idx = makeEntryNode(pos);
					if (prevNode !== -1) kids[prevNode].push(idx);
					prevNode = idx;
					if (shown < count - 1) pos = children[pos][0];
				}
				if (shown < count) {
					stack.push([pos, prevNode]);
					continue;
				}
				nodeIndex = prevNode;
				tail = end;
				for (let c = children[tail].length - 1; c >= 0; c--) stack.push([children[tail][c], nodeIndex]);
				continue;
			}
			const firstEntry = entries[start];
			nodes.push({
				id: sid,
				kind: "segment",
				first: start,
				last: end,
				count,
				entryKind: entryKind(firstEntry),
				preview: entryPreview(firstEntry, 60),
				isLeaf: false,
				isBranchPoint: false,
				isCurrentLeaf: false,
				x: 0,
				y: 0,
			});
			kids.push([]);
			nodeIndex = nodes.length - 1;
			for (let pos = start; ; pos = children[pos][0]) {
				nodeOf.set(pos, sid);
				if (pos === end) break;
			}
			tail = end;
		}
		if (parentNode !== -1) kids[parentNode].push(nodeIndex);
		for (let c = children[tail].length - 1; c >= 0; c--) stack.push([children[tail][c], nodeIndex]);
	}

	for (let i = 0; i < nodes.length; i++) {
		for (const k of kids[i]) {
			edges.push({ id: `e:${nodes[i].id}->${nodes[k].id}`, source: nodes[i].id, target: nodes[k].id });
		}
	}

	// Tidy layout: post-order without recursion.
	const isChild = new Uint8Array(nodes.length);
	for (const list of kids) for (const k of list) isChild[k] = 1;
	let column = 0;
	let maxRow = 0;
	const colX = new Float64Array(nodes.length);
	const row = new Int32Array(nodes.length);
	for (let rootNode = 0; rootNode < nodes.length; rootNode++) {
		if (isChild[rootNode]) continue;
		const work: [number, number][] = [[rootNode, 0]];
		row[rootNode] = 0;
		while (work.length > 0) {
			const top = work[work.length - 1];
			const [node, next] = top;
			const list = kids[node];
			if (next < list.length) {
				top[1]++;
				row[list[next]] = row[node] + 1;
				work.push([list[next], 0]);
				continue;
			}
			work.pop();
			if (list.length === 0) colX[node] = column++;
			else colX[node] = (colX[list[0]] + colX[list[list.length - 1]]) / 2;
			if (row[node] > maxRow) maxRow = row[node];
		}
		column += 0.5; // a little air between separate roots
	}
	for (let i = 0; i < nodes.length; i++) {
		nodes[i].x = Math.round(colX[i] * (NODE_WIDTH + GAP_X));
		nodes[i].y = row[i] * (NODE_HEIGHT + GAP_Y);
	}
	return {
		nodes,
		edges,
		nodeOf,
		width: column * (NODE_WIDTH + GAP_X),
		height: (maxRow + 1) * (NODE_HEIGHT + GAP_Y),
	};
}
