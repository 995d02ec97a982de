import {
	type EntryKind,
	type GraphNode,
	NODE_HEIGHT,
	NODE_WIDTH,
	type NodePaint,
	type SessionGraph,
} from "../../../core";

/**
 * More nodes than this on screen and the graph is drawn as an overview (one SVG of a few paths)
 * instead of a React Flow node per entry; fewer than `OVERVIEW_LEAVE` and the nodes come back.
 * Together with React Flow's culling this keeps at most ~`OVERVIEW_ENTER` nodes mounted, however
 * large the session and however far out the view is zoomed.
 */
export const OVERVIEW_ENTER = 300;
export const OVERVIEW_LEAVE = 200;

/**
 * How many nodes of `graph` intersect the pane (`width`×`height` px) under `transform`, counted
 * up to `upTo` (past it the count stops: all a caller asks is whether there are more).
 */
export function visibleNodeCount(
	graph: SessionGraph,
	[tx, ty, zoom]: readonly [number, number, number],
	width: number,
	height: number,
	upTo = Number.POSITIVE_INFINITY,
): number {
	if (width <= 0 || height <= 0 || zoom <= 0) return 0;
	const left = -tx / zoom;
	const top = -ty / zoom;
	const right = left + width / zoom;
	const bottom = top + height / zoom;
	let n = 0;
	for (const node of graph.nodes) {
		if (node.x < right && node.x + NODE_WIDTH > left && node.y < bottom && node.y + NODE_HEIGHT > top && ++n > upTo)
			break;
	}
	return n;
}

/** SVG path data for the overview: node boxes by kind, the edges, and the selected path's boxes. */
export interface OverviewPaths {
	kinds: { kind: EntryKind; d: string }[];
	edges: string;
}

const box = (n: GraphNode) => `M${n.x} ${n.y}h${NODE_WIDTH}v${NODE_HEIGHT}h${-NODE_WIDTH}Z`;

/** The overview of `graph`: one path per entry kind for the boxes, one for all edges. O(nodes). */
export function overviewPaths(graph: SessionGraph): OverviewPaths {
	const steps = overviewSteps(graph);
	steps.step(graph.nodes.length);
	return steps.result();
}

/**
 * `overviewPaths(graph)` made a part at a time: `step(count)` takes up to `count` more nodes (and
 * the edges to them), true once every node is in; `result()` then gives the paths.
 */
export function overviewSteps(graph: SessionGraph): { step(count: number): boolean; result(): OverviewPaths } {
	const byKind = new Map<EntryKind, string[]>();
	const edges: string[] = [];
	const { nodes, parentNode } = graph;
	let next = 0;
	return {
		step(count) {
			const end = Math.min(nodes.length, next + count);
			for (let i = next; i < end; i++) {
				const n = nodes[i];
				const list = byKind.get(n.entryKind);
				if (list) list.push(box(n));
				else byKind.set(n.entryKind, [box(n)]);
				const p = parentNode[i];
				if (p === -1 || p === undefined) continue;
				const from = nodes[p];
				edges.push(`M${from.x + NODE_WIDTH / 2} ${from.y + NODE_HEIGHT}L${n.x + NODE_WIDTH / 2} ${n.y}`);
			}
			next = end;
			return next >= nodes.length;
		},
		result: () => ({
			kinds: [...byKind].map(([kind, list]) => ({ kind, d: list.join("") })),
			edges: edges.join(""),
		}),
	};
}

/** Boxes of the nodes on the selected path (any paint region but "off"), and of the leaf. */
export function pathBoxes(graph: SessionGraph, paint: ReadonlyMap<string, NodePaint>): { path: string; leaf: string } {
	const path: string[] = [];
	let leaf = "";
	for (const [id, p] of paint) {
		const i = graph.indexOf.get(id);
		if (i === undefined) continue;
		if (p.region !== "off") path.push(box(graph.nodes[i]));
		if (p.leaf) leaf = box(graph.nodes[i]);
	}
	return { path: path.join(""), leaf };
}

/** The node whose box holds the point (flow coordinates), if any. */
export function nodeAt(graph: SessionGraph, x: number, y: number): GraphNode | undefined {
	return graph.nodes.find((n) => x >= n.x && x <= n.x + NODE_WIDTH && y >= n.y && y <= n.y + NODE_HEIGHT);
}
