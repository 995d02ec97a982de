import type { RowStage } from "../core";
import type { Answer, ContextAnswer, OpenSession, RowWindow } from "./sessionTypes";
import { askedLeaf, compareKey, contextKey, entryKey, rowsKey } from "./slices/session";
import type { Store } from "./types";

/*
 * Selectors of what the screen shows of the open session: each returns a value the store holds
 * (never one made here), so a component renders again only when that value changes.
 */

export const selectSession = (s: Store): OpenSession | null => s.session;

/** The selected tip's context as asked of the reader (undefined: not asked yet). */
export function selectContext(s: Store): Answer<ContextAnswer> | undefined {
	return s.session ? s.contexts.get(contextKey(s.session, s.selectedLeafId)) : undefined;
}

/**
 * The context the inspector shows: the selected tip's once it is in, else the last one shown of
 * this session (marked stale by `selectContextWaiting`) while the next is read.
 */
export function selectShownContext(s: Store): ContextAnswer | null {
	const current = selectContext(s);
	if (current?.status === "ready") return current.value;
	if (current?.status === "failed" || !s.session) return null;
	let last: ContextAnswer | null = null;
	for (const answer of s.contexts.values()) if (answer.status === "ready") last = answer.value;
	return last;
}

/** Whether the selected tip's context is still being read. */
export const selectContextWaiting = (s: Store): boolean => selectContext(s)?.status === "asking";

/** Why the selected tip's context could not be read, else null. */
export function selectContextError(s: Store): string | null {
	const current = selectContext(s);
	return current?.status === "failed" ? current.error : null;
}

/** The key of the selected tip's context (rows and explanations are kept under it). */
export const selectContextKey = (s: Store): string | null =>
	s.session ? contextKey(s.session, s.selectedLeafId) : null;

/** The leaf id the selected tip's questions name (null: the empty session). */
export const selectAskedLeaf = (s: Store): string | null => (s.session ? askedLeaf(s.session, s.selectedLeafId) : null);

/** A window of one of the selected tip's lists (undefined: not asked yet). */
export function selectRows(s: Store, stage: RowStage, chunk: number): Answer<RowWindow> | undefined {
	const key = selectContextKey(s);
	return key === null ? undefined : s.rowWindows.get(rowsKey(key, stage, chunk));
}

/** An entry read whole (undefined: not asked yet). */
export function selectWholeEntry(s: Store, position: number) {
	return s.session ? s.wholeEntries.get(entryKey(s.session, position)) : undefined;
}

/** The explainer's steps of the selected tip (undefined: not asked yet). */
export function selectExplanation(s: Store) {
	const key = selectContextKey(s);
	return key === null ? undefined : s.explanations.get(key);
}

/** The selected tip's path over time (undefined: not asked yet). */
export function selectPathSeries(s: Store) {
	const key = selectContextKey(s);
	return key === null ? undefined : s.pathSeries.get(key);
}

/** The compare view's comparison, when it is of the tips the view shows now. */
export function selectComparison(s: Store) {
	if (!s.session || !s.compare || !s.comparison) return undefined;
	return s.comparison.key === compareKey(s.session, s.compare.a, s.compare.b) ? s.comparison.answer : undefined;
}

/** A window of the comparison's messages (undefined: not asked yet). */
export function selectCompareRows(s: Store, side: "shared" | "a" | "b", chunk: number) {
	return s.comparison ? s.compareRows.get(`${s.comparison.key}|${side}|${chunk}`) : undefined;
}
