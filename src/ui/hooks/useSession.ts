import { useMemo } from "react";
import { type ContextAnalysis, getTreeIndex, type SessionEntry, type TreeIndex } from "../../core";
import { type OpenSession, useStore } from "../../store";
import { analysisFor } from "../../store/viewCache";

const selectSession = (s: { session: OpenSession | null }) => s.session;
const selectLeaf = (s: { selectedLeafId: string | null }) => s.selectedLeafId;

/**
 * The open session and its tree index (built once per entries array: the session object also
 * changes when late issues are added, so work derived from its entries keys on them, not on it).
 */
export function useSessionIndex(): { session: OpenSession | null; index: TreeIndex | null } {
	const session = useStore(selectSession);
	const entries = session?.entries;
	const index = useMemo(() => (entries ? getTreeIndex(entries) : null), [entries]);
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
	const index = useMemo(() => (entries ? getTreeIndex(entries) : null), [entries]);
	return { entries, index, partial, lean };
}

/**
 * The builder's analysis of the selected leaf (the file's current leaf when none is selected); null
 * without a session, or while it is a preview.
 */
export function useAnalysis(): ContextAnalysis | null {
	const { session, index } = useSessionIndex();
	const entries = session?.entries;
	const leafId = useStore(selectLeaf);
	// A preview's entries are mostly skeletons: no context is worked out from them.
	const partial = session?.partial === true;
	return useMemo(
		() => (entries && index && !partial ? analysisFor(entries, index, leafId) : null),
		[entries, index, leafId, partial],
	);
}
