import { type Edge, useStoreApi } from "@xyflow/react";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { edgeEnds, elementsIn, type FlowRect, grownRect, stillServes, viewRect } from "./onScreen";
import type { FlowNode, GraphModel } from "./useGraphModel";

/** Beyond what the pane shows, this share of it on every side is handed to React Flow too. */
const AROUND = 0.5;

interface Picked {
	nodes: FlowNode[];
	edges: Edge[];
	/** The flow rectangle they were picked for; null: none yet (the pane has no size yet), so nothing is given. */
	rect: FlowRect | null;
	from: FlowNode[];
}

/**
 * The nodes and edges React Flow is given when `cull` is on: those on screen and around it (see
 * `AROUND`), picked again as the view leaves what was picked. React Flow then keeps a few dozen
 * nodes in its store however large the tree, so a new layout, a pan to another tip or a repaint
 * costs the same for a thousand nodes as for fifty. Off, the model's own arrays. `large`: the
 * graph is culled now or may be later.
 */
export function useOnScreen(
	model: GraphModel | null,
	cull: boolean,
	large: boolean,
): { nodes: FlowNode[]; edges: Edge[] } {
	const flow = useStoreApi();
	const [, repick] = useReducer((n: number) => n + 1, 0);
	const graph = model?.graph;
	// Made as soon as a large graph comes (its first render, a light step of the open), not when it
	// is first culled (the open's nodes step, with React Flow's nodes to draw: 5-17 ms more for a
	// 2 GB session's graph).
	const ends = useMemo(() => (graph && large ? edgeEnds(graph) : null), [graph, large]);
	const picked = useRef<Picked | null>(null);

	// The view moved off what was picked: pick again (in a render, where the model is current).
	useEffect(() => {
		if (!cull) return;
		return flow.subscribe((s) => {
			const shown = picked.current;
			const view = viewRect(s.transform, s.width, s.height);
			if (!shown || !view || (shown.rect && stillServes(shown.rect, view))) return;
			repick();
		});
	}, [flow, cull]);

	if (!model || !cull || !ends) {
		picked.current = null;
		return model ?? EMPTY;
	}
	const { transform, width, height } = flow.getState();
	const view = viewRect(transform, width, height);
	const shown = picked.current;
	if (
		shown &&
		shown.from === model.nodes &&
		(view === null ? shown.rect === null : shown.rect && stillServes(shown.rect, view))
	) {
		return shown;
	}
	if (view === null) {
		// Not measured yet: nothing until it is (the pane's size comes within a frame).
		picked.current = { nodes: NO_NODES, edges: NO_EDGES, rect: null, from: model.nodes };
		return picked.current;
	}
	const rect = grownRect(view, AROUND);
	const found = elementsIn(model.graph, ends, rect);
	const nodes = found.nodes.map((i) => model.nodes[i]);
	const edges = found.edges.map((j) => model.edges[j]);
	// The same elements as before: the same arrays, so React Flow has nothing to do.
	if (shown && shown.from === model.nodes && sameItems(shown.nodes, nodes) && sameItems(shown.edges, edges)) {
		picked.current = { ...shown, rect };
	} else picked.current = { nodes, edges, rect, from: model.nodes };
	return picked.current;
}

const NO_NODES: FlowNode[] = [];
const NO_EDGES: Edge[] = [];
const EMPTY = { nodes: NO_NODES, edges: NO_EDGES };

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
}
