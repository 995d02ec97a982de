import { NODE_HEIGHT, NODE_WIDTH, type SessionGraph } from "../../../core";

/** A rectangle in flow coordinates. */
export interface FlowRect {
	left: number;
	top: number;
	right: number;
	bottom: number;
}

/** The part of the flow the pane (`width`×`height` px) shows under `transform`; null before it has a size. */
export function viewRect(
	[tx, ty, zoom]: readonly [number, number, number],
	width: number,
	height: number,
): FlowRect | null {
	if (width <= 0 || height <= 0 || zoom <= 0) return null;
	const left = -tx / zoom;
	const top = -ty / zoom;
	return { left, top, right: left + width / zoom, bottom: top + height / zoom };
}

/** `rect` grown by `share` of its width and height on every side. */
export function grownRect(rect: FlowRect, share: number): FlowRect {
	const dx = (rect.right - rect.left) * share;
	const dy = (rect.bottom - rect.top) * share;
	return { left: rect.left - dx, top: rect.top - dy, right: rect.right + dx, bottom: rect.bottom + dy };
}

/** Whether `outer` holds all of `inner`. */
export function holds(outer: FlowRect, inner: FlowRect): boolean {
	return (
		inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom
	);
}

const area = (r: FlowRect) => (r.right - r.left) * (r.bottom - r.top);

/**
 * Whether the elements picked for `picked` (a grown view) still serve the view `view`: it lies
 * inside, and was not zoomed in so far that most of what was picked is far off screen.
 */
export function stillServes(picked: FlowRect, view: FlowRect): boolean {
	return holds(picked, view) && area(picked) <= area(view) * 16;
}

/**
 * Each edge's source and target node indexes (`graph.edges` order), -1 where unknown. Core's
 * `buildGraph` writes an edge from each node to each of its children, in node order: those are
 * taken from `childNodes` and checked against the edges' ids (comparing them costs less than
 * looking both up by id, ~60k look-ups for a 2 GB session's graph); any other order is looked up.
 */
export function edgeEnds(graph: SessionGraph): { source: Int32Array; target: Int32Array } {
	const n = graph.edges.length;
	const source = new Int32Array(n);
	const target = new Int32Array(n);
	const { nodes, childNodes, edges } = graph;
	let j = 0;
	for (let i = 0; i < childNodes.length && j <= n; i++) {
		for (const k of childNodes[i]) {
			if (j >= n || edges[j].source !== nodes[i].id || edges[j].target !== nodes[k].id) {
				j = n + 1;
				break;
			}
			source[j] = i;
			target[j] = k;
			j++;
		}
	}
	if (j === n) return { source, target };
	for (let j = 0; j < n; j++) {
		const e = graph.edges[j];
		source[j] = graph.indexOf.get(e.source) ?? -1;
		target[j] = graph.indexOf.get(e.target) ?? -1;
	}
	return { source, target };
}

/**
 * The nodes and edges of `graph` that can be seen in `rect` (indexes, in graph order): the nodes
 * whose box meets it, the edges whose line's bounding box meets it, and both ends of those edges
 * (an edge is drawn only between nodes that are there). O(nodes + edges).
 */
export function elementsIn(
	graph: SessionGraph,
	ends: { source: Int32Array; target: Int32Array },
	rect: FlowRect,
): { nodes: number[]; edges: number[] } {
	const { nodes } = graph;
	const marked = new Uint8Array(nodes.length);
	for (let i = 0; i < nodes.length; i++) {
		const n = nodes[i];
		if (n.x < rect.right && n.x + NODE_WIDTH > rect.left && n.y < rect.bottom && n.y + NODE_HEIGHT > rect.top) {
			marked[i] = 1;
		}
	}
	const edges: number[] = [];
	for (let j = 0; j < ends.source.length; j++) {
		const s = ends.source[j];
		const t = ends.target[j];
		if (s < 0 || t < 0) continue;
		const a = nodes[s];
		const b = nodes[t];
		// Drawn from the bottom of the source to the top of the target, within their columns.
		const left = Math.min(a.x, b.x);
		const right = Math.max(a.x, b.x) + NODE_WIDTH;
		const top = Math.min(a.y, b.y);
		const bottom = Math.max(a.y, b.y) + NODE_HEIGHT;
		if (
			(marked[s] && marked[t]) ||
			(left < rect.right && right > rect.left && top < rect.bottom && bottom > rect.top)
		) {
			edges.push(j);
			marked[s] = 1;
			marked[t] = 1;
		}
	}
	const picked: number[] = [];
	for (let i = 0; i < nodes.length; i++) if (marked[i]) picked.push(i);
	return { nodes: picked, edges };
}
