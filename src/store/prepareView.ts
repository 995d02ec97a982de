import { getTreeIndex, type LeafSummary, type SessionEntry } from "../core";
import type { SessionView } from "../workers/protocol";
import { adoptView, analysisFor, baseGraphFor, countLeavesLater, leafSummariesFor } from "./viewCache";
import { yieldToPage } from "./yieldToPage";

/**
 * Works out, ahead of showing a session, what opening it renders first: its tree index, tip
 * summaries, graph and the analysis of its current leaf (see `viewCache`), a task at a time with
 * the page served in between, so that neither this nor the first render is one long task on a
 * 100k-entry session. `view` is what the parse worker worked out for the same entries, if it did;
 * its tips come without their token counts, which `leaves` brings later (see `countLeavesLater`).
 */
export async function prepareView(
	entries: readonly SessionEntry[],
	view?: Promise<SessionView | null>,
	leaves?: Promise<LeafSummary[] | null>,
	/** A lean session's contexts come from the worker: none is worked out here. */
	lean = false,
): Promise<void> {
	await yieldToPage();
	const index = getTreeIndex(entries);
	// The worker works out the graph and the tips meanwhile.
	await yieldToPage();
	if (!lean) analysisFor(entries, index, null);
	const built = view ? await view : null;
	if (built) {
		adoptView(index, built);
		if (leaves) void countLeavesLater(entries, index, leaves, !lean);
	} else {
		await yieldToPage();
		leafSummariesFor(entries, index);
		await yieldToPage();
		baseGraphFor(index);
	}
	await yieldToPage();
}
