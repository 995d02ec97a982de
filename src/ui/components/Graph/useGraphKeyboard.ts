import { type KeyboardEvent, useCallback, useEffect } from "react";
import type { SessionGraph } from "../../../core";
import { useStore } from "../../../store";
import type { GraphActions } from "./graphActions";
import type { GraphPaintStore } from "./paintStore";
import type { GraphModel } from "./useGraphModel";
import type { GraphViewport } from "./useGraphViewport";

const selectSelectLeaf = (s: { selectLeaf(id: string | null): void }) => s.selectLeaf;

/** The node index a key moves the cursor to, or -1. */
function target(graph: SessionGraph, from: number, key: string, currentLeafNode: number): number {
	const parent = graph.parentNode[from];
	const siblings = parent === -1 ? graph.rootNodes : graph.childNodes[parent];
	const at = siblings.indexOf(from);
	switch (key) {
		case "ArrowUp":
			return parent;
		case "ArrowDown":
			return graph.childNodes[from][0] ?? -1;
		case "ArrowLeft":
			return at > 0 ? siblings[at - 1] : -1;
		case "ArrowRight":
			return at >= 0 && at < siblings.length - 1 ? siblings[at + 1] : -1;
		case "Home": {
			let node = from;
			while (graph.parentNode[node] !== -1) node = graph.parentNode[node];
			return node;
		}
		case "End":
			return currentLeafNode;
		default:
			return -1;
	}
}

/**
 * Keyboard navigation of the graph: arrows walk the tree (up = parent, down = first child,
 * left/right = siblings), Home goes to the root, End to the file's current leaf. Moving onto an
 * entry selects it as the leaf; onto a folded run it only moves the cursor, and Enter expands it
 * (Enter on an entry of an expanded run folds that run again).
 */
export function useGraphKeyboard(
	model: GraphModel | null,
	selectedNodeId: string | null,
	store: GraphPaintStore,
	viewport: GraphViewport,
	actions: GraphActions,
): (event: KeyboardEvent) => void {
	const selectLeaf = useStore(selectSelectLeaf);
	const graph = model?.graph;

	// The cursor follows the selection, and falls back to it when its node leaves the layout.
	useEffect(() => {
		store.setState({ cursor: selectedNodeId });
	}, [selectedNodeId, store]);
	useEffect(() => {
		const { cursor } = store.getState();
		if (graph && cursor !== null && !graph.indexOf.has(cursor)) store.setState({ cursor: selectedNodeId });
	}, [graph, selectedNodeId, store]);

	return useCallback(
		(event: KeyboardEvent) => {
			if (!model || event.altKey || event.ctrlKey || event.metaKey) return;
			if (event.target instanceof HTMLElement && event.target.closest("button, input, textarea, select")) return;
			const { graph } = model;
			const cursorId = store.getState().cursor ?? selectedNodeId;
			const from = cursorId === null ? undefined : graph.indexOf.get(cursorId);
			if (from === undefined) return;
			const node = graph.nodes[from];
			if (event.key === "Enter") {
				event.preventDefault();
				if (node.kind === "segment") actions.expand(node.id);
				else if (node.run !== undefined) actions.fold(node.run);
				return;
			}
			const leafNode = graph.nodes.findIndex((n) => n.isCurrentLeaf);
			const to = target(graph, from, event.key, leafNode);
			if (to === -1) {
				if (event.key.startsWith("Arrow") || event.key === "Home" || event.key === "End") event.preventDefault();
				return;
			}
			event.preventDefault();
			const next = graph.nodes[to];
			store.setState({ cursor: next.id });
			if (next.kind === "entry") selectLeaf(next.id);
			viewport.reveal(next.id);
		},
		[model, selectedNodeId, store, viewport, actions, selectLeaf],
	);
}
