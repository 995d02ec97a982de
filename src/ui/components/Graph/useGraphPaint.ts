import { useDeferredValue, useLayoutEffect, useRef } from "react";
import {
	type ContextAnalysis,
	type NodePaint,
	paintGraph,
	resolveLeaf,
	type SessionIssue,
	type TreeIndex,
} from "../../../core";
import { useStore } from "../../../store";
import { useExplainer } from "../../hooks/useExplainer";
import { useHostContext } from "../../hooks/useHostContext";
import { useAnalysis } from "../../hooks/useSession";
import type { GraphPaintStore } from "./paintStore";
import type { GraphModel } from "./useGraphModel";

const selectHitAt = (s: { findHitAt: readonly number[] }) => s.findHitAt;
const selectFocused = (s: { focusedEntryId: string | null }) => s.focusedEntryId;
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
 * focus onto the graph.
 * Unchanged paints keep their identity, so only nodes whose paint changed re-render.
 * Returns the id of the node holding the selected leaf.
 */
export function useGraphPaint(model: GraphModel | null, store: GraphPaintStore): string | null {
	const full = useAnalysis();
	const hitPositions = useStore(selectHitAt);
	const focusedEntryId = useStore(selectFocused);
	const selectedLeafId = useStore(selectLeafId);
	// A preview or a lean session: the context the worker works out (asked once for the inspector
	// and the graph); the last one painted stays while the next tip's is read.
	const partial = model?.session.partial === true ? model.session : null;
	// Deferred: painted in a render of its own after the inspector's (together they made one task
	// of 50-125 ms on a 94k-entry path).
	const hosted = useDeferredValue(useHostContext(partial, selectedLeafId));
	const lastHosted = useRef<{ index: TreeIndex; analysis: ContextAnalysis } | null>(null);
	let analysis = full;
	if (partial && model) {
		if (hosted && "analysis" in hosted) lastHosted.current = { index: model.index, analysis: hosted.analysis };
		const last = lastHosted.current;
		analysis = last && last.index === model.index ? last.analysis : null;
	}
	const explainFocus = useExplainer()?.step.focus;
	const previous = useRef<ReadonlyMap<string, NodePaint>>(new Map());
	const graph = model?.graph ?? null;
	const index = model?.index ?? null;
	const issues = useStore(selectIssues);

	useLayoutEffect(() => {
		if (!graph || !index) return;
		const next = paintGraph(graph, index, { analysis, hitPositions, issues, focusedEntryId, explainFocus });
		const old = previous.current;
		for (const [id, p] of next) {
			const before = old.get(id);
			if (before && samePaint(before, p)) next.set(id, before);
		}
		previous.current = next;
		store.setState({ paint: next });
	}, [graph, index, analysis, hitPositions, issues, focusedEntryId, explainFocus, store]);

	if (!graph || !index) return null;
	// The selected leaf (the current one by default), also where there is no analysis (a preview).
	const leaf = analysis ? analysis.leaf : resolveLeaf(index, selectedLeafId ?? undefined);
	return leaf < 0 ? null : (graph.nodeOf.get(leaf) ?? null);
}
