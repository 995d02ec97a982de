import type { LeafSummary } from "../../../core";
import { type Store, useStore } from "../../../store";

const NONE: LeafSummary[] = [];
const selectTips = (s: Store) => s.session?.tips ?? NONE;

/** The open session's tips: rendered again when the counted tips replace the uncounted ones an open showed first. */
export function useLeafSummaries(): LeafSummary[] {
	return useStore(selectTips);
}
