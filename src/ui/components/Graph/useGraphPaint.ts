import { useDeferredValue, useLayoutEffect, useMemo, useRef } from "react";
import { type NodePaint, paintGraph, pathRanks, type SessionIssue } from "../../../core";
import { useStore } from "../../../store";
import { useExplainer } from "../../hooks/useExplainer";
import { useContext } from "../../hooks/useSession";
import type { GraphPaintStore } from "./paintStore";
import type { GraphModel } from "./useGraphModel";

const selectHitAt = (s: { findHitAt: readonly number[] }) => s.findHitAt;
const selectFocused = (s: { focusedPosition: number | null }) => s.focusedPosition;
const selectLeafId = (s: { selectedLeafId: string | null }) => s.selectedLeafId;
const selectIssues = (s: { session: { issues: readonly SessionIssue[] } | null }) => s.session?.issues;

function samePaint(a: NodePaint, b: NodePaint): boolean {
	return (
		a.region === b.region &&
		a.leaf === b.leaf &&
		a.hits === b.hits &&
		a.issue === b.issue &&
		a.issueCount === b.issueCount &&
		a.issueText === b.issueText &&
		a.focused === b.focused &&
		a.explain === b.explain
	);
}

/**
 * Paints the selected leaf's context, search hits, issues, the focused entry and the explainer's
 * focus onto the graph. Unchanged paints keep their identity, so only nodes whose paint changed
 * re-render. Returns the id of the node holding the selected leaf.
 */
export function useGraphPaint(model: GraphModel | null, store: GraphPaintStore): string | null {
	// Deferred: painted in a render of its own after the inspector's (together they made one task
	// of 50-125 ms on a 94k-entry path).
	const summary = useDeferredValue(useContext().context?.summary ?? null);
	const hitPositions = useStore(selectHitAt);
	const focusedPosition = useStore(selectFocused);
	const selectedLeafId = useStore(selectLeafId);
	const explainFocus = useExplainer()?.step.focus;
	const previous = useRef<ReadonlyMap<string, NodePaint>>(new Map());
	const graph = model?.graph ?? null;
	const issues = useStore(selectIssues);
	// The path's ranks per node: once per graph and context, not on each repaint of hits or focus.
	const ranks = useMemo(() => (graph && summary ? pathRanks(graph, summary.fates) : null), [graph, summary]);

	useLayoutEffect(() => {
		if (!graph) return;
		const context = summary && ranks ? { leaf: summary.leaf, ranks } : null;
		const next = paintGraph(graph, {
			context,
			hitPositions,
			...(issues ? { issues } : {}),
			focusedPosition: focusedPosition ?? -1,
			...(explainFocus ? { explainFocus } : {}),
		});
		const old = previous.current;
		for (const [id, p] of next) {
			const before = old.get(id);
			if (before && samePaint(before, p)) next.set(id, before);
		}
		previous.current = next;
		store.setState({ paint: next });
	}, [graph, summary, ranks, hitPositions, issues, focusedPosition, explainFocus, store]);

	if (!graph || !model) return null;
	// The selected leaf (the current one by default): its node, once the context says where it is.
	const leafId = selectedLeafId ?? model.session.leafId;
	if (leafId !== null && graph.indexOf.has(leafId)) return leafId;
	return summary && summary.leaf >= 0 ? (graph.nodeOf.get(summary.leaf) ?? null) : null;
}
