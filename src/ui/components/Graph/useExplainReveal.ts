import { useReactFlow, useStoreApi } from "@xyflow/react";
import { useEffect, useRef } from "react";
import { NODE_HEIGHT, NODE_WIDTH } from "../../../core";
import { useExplainer } from "../../hooks/useExplainer";
import type { GraphModel } from "./useGraphModel";
import type { GraphViewport } from "./useGraphViewport";

/** Below this zoom the step's nodes would be unreadable: show the first one instead of all. */
const MIN_ZOOM = 0.4;
const MAX_ZOOM = 1;
const MARGIN = 40;

/**
 * While the explainer runs, shows the nodes its step is about when the step changes: all of them
 * when they fit at a readable zoom, else the first. Returns whether the explainer is on (the graph
 * then dims what the step is not about).
 */
export function useExplainReveal(model: GraphModel | null, viewport: GraphViewport): boolean {
	const explainer = useExplainer();
	const rf = useReactFlow();
	const flowStore = useStoreApi();
	const graphRef = useRef(model?.graph);
	graphRef.current = model?.graph;
	const step = explainer?.step ?? null;
	const { reveal } = viewport;

	useEffect(() => {
		const graph = graphRef.current;
		if (!step || !graph) return;
		const ids = new Set<string>();
		for (const pos of step.focus) {
			const id = graph.nodeOf.get(pos);
			if (id !== undefined) ids.add(id);
		}
		const nodes = [...ids].map((id) => graph.nodes[graph.indexOf.get(id) as number]).filter(Boolean);
		if (nodes.length === 0) return;
		const left = Math.min(...nodes.map((n) => n.x));
		const top = Math.min(...nodes.map((n) => n.y));
		const right = Math.max(...nodes.map((n) => n.x)) + NODE_WIDTH;
		const bottom = Math.max(...nodes.map((n) => n.y)) + NODE_HEIGHT;
		const { width, height } = flowStore.getState();
		const zoom = Math.min(MAX_ZOOM, (width - MARGIN * 2) / (right - left), (height - MARGIN * 2) / (bottom - top));
		if (zoom < MIN_ZOOM) {
			reveal(nodes[0].id);
			return;
		}
		const x = width / 2 - ((left + right) / 2) * zoom;
		const y = height / 2 - ((top + bottom) / 2) * zoom;
		void rf.setViewport({ x, y, zoom }, { duration: 300 });
	}, [step, flowStore, rf, reveal]);

	return explainer !== null;
}
