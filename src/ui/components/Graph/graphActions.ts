import { createContext, useContext } from "react";

/** What nodes can ask of the graph: open or fold a run while keeping it in place on screen. */
export interface GraphActions {
	/** Expands a segment (by segment id). */
	expand(segmentId: string): void;
	/** Folds an expanded run again (by its segment id). */
	fold(segmentId: string): void;
}

export const GraphActionsContext = createContext<GraphActions | null>(null);

export function useGraphActions(): GraphActions {
	const actions = useContext(GraphActionsContext);
	if (!actions) throw new Error("graph nodes need a GraphActionsContext");
	return actions;
}
