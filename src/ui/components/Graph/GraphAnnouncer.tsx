import { useContext } from "react";
import { useStore } from "zustand";
import type { SessionGraph } from "../../../core";
import { KIND_LABEL } from "./kinds";
import { GraphPaintContext, type GraphPaintState } from "./paintStore";

const selectCursor = (s: GraphPaintState) => s.cursor;

/** Tells screen readers which node the keyboard cursor is on. */
export function GraphAnnouncer({ graph }: { graph: SessionGraph }) {
	const store = useContext(GraphPaintContext);
	if (!store) throw new Error("GraphAnnouncer needs a GraphPaintContext");
	const cursor = useStore(store, selectCursor);
	const i = cursor === null ? undefined : graph.indexOf.get(cursor);
	const node = i === undefined ? null : graph.nodes[i];
	const text = !node
		? ""
		: node.kind === "segment"
			? `Folded run of ${node.count} entries: ${node.preview}. Enter expands it.`
			: `${KIND_LABEL[node.entryKind]} ${node.id}: ${node.preview}${node.isLeaf ? " (tip)" : ""}${node.childCount > 1 ? ` (${node.childCount} branches)` : ""}`;
	return (
		<div className="visually-hidden" aria-live="polite">
			{text}
		</div>
	);
}
