import { useMemo } from "react";
import { useStoreWithEqualityFn } from "zustand/traditional";
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
 * What the open session may change without changing what the view draws from it: whether it is
 * stored, its hash and size, its issues and the state of its checks. A component that shows one
 * of them reads it from the store itself (the Diagnostics panel, the graph's issue marks).
 */
const BESIDE_THE_VIEW: ReadonlySet<string> = new Set([
	"stored",
	"contentHash",
	"size",
	"issues",
	"grownIssues",
	"leanChecks",
]);

/** Whether `a` and `b` are the same session for the view (see `BESIDE_THE_VIEW`). */
export function sameForView(a: OpenSession | null, b: OpenSession | null): boolean {
	if (a === b) return true;
	if (!a || !b) return false;
	const differ = (x: OpenSession, y: OpenSession) => {
		for (const key of Object.keys(x)) {
			if (!BESIDE_THE_VIEW.has(key) && x[key as keyof OpenSession] !== y[key as keyof OpenSession]) return true;
		}
		return false;
	};
	return !differ(a, b) && !differ(b, a);
}

/**
 * The open session, kept the same object while only what the view does not draw from it changes
 * (see `BESIDE_THE_VIEW`): storing a 100 MB session, or its checks' issues coming in, does not
 * render the graph, the tips and the inspector again. Read `stored`, `issues` and the like from
 * the store, not from this.
 */
export function useViewSession(): OpenSession | null {
	return useStoreWithEqualityFn(useStore, selectSession, sameForView);
}

/** The open session (see `useViewSession`) and its tree index (the store's view of it). */
export function useSessionIndex(): { session: OpenSession | null; index: TreeIndex | null } {
	const session = useViewSession();
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
