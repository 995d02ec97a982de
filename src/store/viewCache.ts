import {
	analyzeContext,
	buildGraph,
	type ContextAnalysis,
	graphFromParts,
	type LeafSummary,
	resolveLeaf,
	type SessionEntry,
	type SessionGraph,
	summarizeLeaves,
	type TreeIndex,
} from "../core";
import type { SessionView } from "../workers/protocol";

/**
 * What the view derives from a session's entries, worked out once per tree index and shared by
 * every component: the tip summaries, the graph with nothing expanded, and the analysis of the
 * selected leaf. A loader can fill them ahead of showing the session (in tasks of their own, or
 * with what the parse worker computed), so that opening it renders without long O(n) work.
 */
const leafCache = new WeakMap<TreeIndex, LeafSummary[]>();
const graphCache = new WeakMap<TreeIndex, SessionGraph>();

/** The tip summaries of a session (`summarizeLeaves`), once per index. */
export function leafSummariesFor(entries: readonly SessionEntry[], index: TreeIndex): LeafSummary[] {
	let leaves = leafCache.get(index);
	if (!leaves) {
		leaves = summarizeLeaves(entries, index);
		leafCache.set(index, leaves);
	}
	return leaves;
}

/** The graph with no run expanded and nothing pinned (`buildGraph(index)`), once per index. */
export function baseGraphFor(index: TreeIndex): SessionGraph {
	let graph = graphCache.get(index);
	if (!graph) {
		graph = buildGraph(index);
		graphCache.set(index, graph);
	}
	return graph;
}

/** Takes the worker's tip summaries and graph for `index`, worked out over equal entries. */
export function adoptView(index: TreeIndex, view: SessionView): void {
	if (!leafCache.has(index)) leafCache.set(index, view.leaves);
	if (!graphCache.has(index)) graphCache.set(index, graphFromParts(view.graph));
}

let lastAnalysis: { index: TreeIndex; leaf: number; analysis: ContextAnalysis } | null = null;

/**
 * One analysis per (index, leaf), shared by every component that asks (100k-entry paths). No
 * selection (null) is the file's current leaf: the same analysis as selecting that leaf.
 */
export function analysisFor(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	leafId: string | null,
): ContextAnalysis {
	const leaf = resolveLeaf(index, leafId ?? undefined);
	if (lastAnalysis?.index !== index || lastAnalysis.leaf !== leaf) {
		lastAnalysis = { index, leaf, analysis: analyzeContext(entries, leafId ?? undefined, index) };
	}
	return lastAnalysis.analysis;
}
