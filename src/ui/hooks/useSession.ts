import { useMemo } from "react";
import type { ContextAnalysis, SessionEntry, TreeIndex } from "../../core";
import { type OpenSession, useStore } from "../../store";
import type { ShownView } from "../../store/view";

const selectSession = (s: { session: OpenSession | null }) => s.session;
const selectLeaf = (s: { selectedLeafId: string | null }) => s.selectedLeafId;
const selectView = (s: { shown: ShownView | null }) => s.shown;
const selectIndex = (s: { shown: ShownView | null }) => s.shown?.index ?? null;

/** What the page shows of the open session (its index, tips and graph: see `ShownView`), or null. */
export function useShownView(): ShownView | null {
	return useStore(selectView);
}

/**
 * The open session and its tree index (the store's view of it: the session object also changes
 * when late issues are added, so work derived from its entries keys on the index, not on it).
 */
export function useSessionIndex(): { session: OpenSession | null; index: TreeIndex | null } {
	const session = useStore(selectSession);
	const index = useStore(selectIndex);
	return { session, index };
}

const selectEntries = (s: { session: OpenSession | null }) => s.session?.entries;
const selectPartial = (s: { session: OpenSession | null }) => s.session?.partial === true;
const selectLean = (s: { session: OpenSession | null }) => s.session?.lean === true;

/**
 * The open session's entries and tree index, and whether it is a preview or lean: for components
 * drawn many times over (graph nodes, message rows) that must not render again when the session
 * object alone changes (stored, late issues).
 */
export function useOpenEntries(): {
	entries: readonly SessionEntry[] | undefined;
	index: TreeIndex | null;
	partial: boolean;
	lean: boolean;
} {
	const entries = useStore(selectEntries);
	const partial = useStore(selectPartial);
	const lean = useStore(selectLean);
	const index = useStore(selectIndex);
	return { entries, index, partial, lean };
}

/**
 * The builder's analysis of the selected leaf (the file's current leaf when none is selected); null
 * without a session, or while it is a preview.
 */
export function useAnalysis(): ContextAnalysis | null {
	const view = useStore(selectView);
	// A preview's entries are mostly skeletons: no context is worked out from them.
	const partial = useStore(selectPartial);
	const leafId = useStore(selectLeaf);
	// The view's analysis holds across the counted tips' coming (a new view object, the same entries).
	const analyze = view?.analysis;
	return useMemo(() => (analyze && !partial ? analyze(leafId) : null), [analyze, leafId, partial]);
}
