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
import { yieldToPage } from "./yieldToPage";

/**
 * What the view derives from a session's entries, worked out once per tree index and shared by
 * every component: the tip summaries, the graph with nothing expanded, and the analysis of the
 * selected leaf. A loader can fill them ahead of showing the session (in tasks of their own, or
 * with what the parse worker computed), so that opening it renders without long O(n) work.
 */
const leafCache = new WeakMap<TreeIndex, LeafSummary[]>();
const graphCache = new WeakMap<TreeIndex, SessionGraph>();

const leafListeners = new Set<() => void>();

/**
 * The tip summaries of a session (`summarizeLeaves`), once per index. They may not be counted yet
 * (`contextTokens` null) when a loader took them from the worker before it counted
 * (`countLeavesLater`); `subscribeLeafSummaries` tells when counted ones replace them.
 */
export function leafSummariesFor(entries: readonly SessionEntry[], index: TreeIndex): LeafSummary[] {
	let leaves = leafCache.get(index);
	if (!leaves) {
		leaves = summarizeLeaves(entries, index);
		leafCache.set(index, leaves);
	}
	return leaves;
}

/** Calls `listener` whenever some index's tip summaries are replaced by counted ones. */
export function subscribeLeafSummaries(listener: () => void): () => void {
	leafListeners.add(listener);
	return () => leafListeners.delete(listener);
}

/**
 * Puts the counted tips in place of uncounted ones once `counted` (the worker's count) comes; if
 * it comes empty-handed (the worker stopped), counts here, in a task of its own.
 */
export async function countLeavesLater(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	counted: Promise<LeafSummary[] | null>,
	/** False for a lean session, whose entries here are skeletons: its worker counts or no one. */
	countHere = true,
): Promise<void> {
	let leaves = await counted;
	const cached = leafCache.get(index);
	if (cached?.every((l) => l.contextTokens !== null)) return;
	if (!leaves) {
		if (!countHere) return;
		await yieldToPage();
		leaves = summarizeLeaves(entries, index);
	}
	leafCache.set(index, leaves);
	for (const listener of leafListeners) listener();
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

/**
 * Takes the worker's tip summaries (counted or not) and graph for `index`, worked out over equal
 * entries, unless the index has its own already (a lean session's preview, shown before its
 * `done`, is the session: the same index).
 */
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
