import {
	analyzeContext,
	buildGraph,
	type ContextAnalysis,
	extendTreeIndex,
	getTreeIndex,
	graphFromParts,
	type LeafSummary,
	resolveLeaf,
	type SessionEntry,
	type SessionGraph,
	summarizeLeaves,
	type TreeIndex,
} from "../core";
import { yieldToPage } from "../core/util/yield";
import type { SessionView } from "../workers/protocol";

/**
 * What the page shows of the open session, worked out once and kept in the store beside it (the
 * store's `view`): its tree index, its tips and its graph with nothing expanded. Components read
 * it; they work none of it out. A session the worker holds gets them from the worker; one parsed
 * on the page (where no worker runs, or a lab's copy) works them out here.
 */
export interface ShownView {
	/** The entries it is the view of: the open session's (`session.entries`). */
	readonly entries: readonly SessionEntry[];
	readonly index: TreeIndex;
	/**
	 * The tip summaries. From the worker they come uncounted first (`contextTokens` null); the
	 * store puts the counted ones in when they come (`withCountedLeaves`).
	 */
	readonly leaves: LeafSummary[];
	/** The graph with no run expanded and nothing pinned (`buildGraph(index)`). */
	readonly graph: SessionGraph;
	/**
	 * The builder's analysis of a leaf (null: the file's current leaf), worked out here from the
	 * entries: only for a session whose entries are whole (a lean one asks its worker). The last
	 * one asked is kept, so every component showing the selected leaf shares one.
	 */
	readonly analysis: (leafId: string | null) => ContextAnalysis;
}

function makeView(
	entries: readonly SessionEntry[],
	index: TreeIndex,
	leaves: LeafSummary[],
	graph: SessionGraph,
): ShownView {
	let kept: { leaf: number; analysis: ContextAnalysis } | null = null;
	return {
		entries,
		index,
		leaves,
		graph,
		analysis(leafId) {
			const leaf = resolveLeaf(index, leafId ?? undefined);
			if (kept?.leaf !== leaf) kept = { leaf, analysis: analyzeContext(entries, leafId ?? undefined, index) };
			return kept.analysis;
		},
	};
}

/** The view of `entries` from what the parse worker worked out for equal entries (`index` made from its tree). */
export function viewFromWorker(entries: readonly SessionEntry[], index: TreeIndex, parts: SessionView): ShownView {
	return makeView(entries, index, parts.leaves, graphFromParts(parts.graph));
}

/**
 * The view of `entries` worked out here, at once: for small sessions changed on the page (a lab's
 * copy). `index` is theirs where known (extended from the one before, see core `extendTreeIndex`).
 */
export function localView(entries: readonly SessionEntry[], index: TreeIndex = getTreeIndex(entries)): ShownView {
	return makeView(entries, index, summarizeLeaves(entries, index), buildGraph(index));
}

/** `view` of `entries`, which continue its entries (appended after them): its index extended. */
export function grownView(view: ShownView, entries: readonly SessionEntry[]): ShownView {
	return localView(entries, extendTreeIndex(view.index, entries));
}

/** `view` of `entries`, a copy of its entries (equal ones, in order): its index, tips and graph hold. */
export function copiedView(view: ShownView, entries: readonly SessionEntry[]): ShownView {
	return makeView(entries, view.index, view.leaves, view.graph);
}

/** `view` with the worker's counted tips in place of its uncounted ones (the analysis it keeps holds). */
export function withCountedLeaves(view: ShownView, leaves: LeafSummary[]): ShownView {
	return { ...view, leaves };
}

/**
 * Works out, ahead of showing a session, the view its first render reads: its tree index, tips,
 * graph and (entries whole) the analysis of its current leaf, a task at a time with the page served
 * in between, so that neither this nor the first render is one long task on a 100k-entry session.
 * `shown` is the view on screen: a lean session's preview showed the same entries already, and
 * its view holds. `index` and `parts` are what the parse worker sent for these entries, if it did.
 */
export async function prepareView(
	entries: readonly SessionEntry[],
	shown: ShownView | null,
	index?: TreeIndex,
	parts?: Promise<SessionView | null>,
	/** A lean session's contexts come from the worker: none is worked out here. */
	lean = false,
): Promise<ShownView> {
	await yieldToPage();
	if (shown?.entries === entries) return shown;
	const tree = index ?? getTreeIndex(entries);
	await yieldToPage();
	const built = parts ? await parts : null;
	let view: ShownView;
	if (built) view = viewFromWorker(entries, tree, built);
	else {
		const leaves = summarizeLeaves(entries, tree);
		await yieldToPage();
		view = makeView(entries, tree, leaves, buildGraph(tree));
	}
	if (!lean) {
		await yieldToPage();
		view.analysis(null);
	}
	await yieldToPage();
	return view;
}
