import { useCallback, useSyncExternalStore } from "react";
import type { LeafSummary } from "../../../core";
import { leafSummariesFor, subscribeLeafSummaries } from "../../../store/viewCache";
import { useSessionIndex } from "../../hooks/useSession";

const NONE: LeafSummary[] = [];

/**
 * The open session's tip summaries, computed once per session in one tree walk; rendered again
 * when counted tips replace the uncounted ones a load showed first.
 */
export function useLeafSummaries(): LeafSummary[] {
	const { session, index } = useSessionIndex();
	const entries = session?.entries;
	const snapshot = useCallback(() => (entries && index ? leafSummariesFor(entries, index) : NONE), [entries, index]);
	return useSyncExternalStore(subscribeLeafSummaries, snapshot);
}
