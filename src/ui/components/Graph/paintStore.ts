import { createContext, useContext } from "react";
import { createStore, type StoreApi, useStore } from "zustand";
import type { NodePaint } from "../../../core";

/**
 * Per-node paint lives outside React Flow's node objects: a selection change updates this small
 * store, and only the nodes whose paint changed re-render (node objects are built once per layout).
 */
export interface GraphPaintState {
	paint: ReadonlyMap<string, NodePaint>;
	/** The node the keyboard cursor is on. */
	cursor: string | null;
}

export type GraphPaintStore = StoreApi<GraphPaintState>;

export function createGraphPaintStore(): GraphPaintStore {
	return createStore<GraphPaintState>(() => ({ paint: new Map(), cursor: null }));
}

export const GraphPaintContext = createContext<GraphPaintStore | null>(null);

function usePaintStore(): GraphPaintStore {
	const store = useContext(GraphPaintContext);
	if (!store) throw new Error("graph nodes need a GraphPaintContext");
	return store;
}

/** The paint of one node (undefined: plain, off the selected path). */
export function useNodePaint(id: string): NodePaint | undefined {
	return useStore(usePaintStore(), (s) => s.paint.get(id));
}

/** Whether the keyboard cursor is on this node. */
export function useIsCursor(id: string): boolean {
	return useStore(usePaintStore(), (s) => s.cursor === id);
}
