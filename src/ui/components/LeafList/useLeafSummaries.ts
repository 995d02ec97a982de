import type { LeafSummary } from "../../../core";
import { useStore } from "../../../store";
import type { ShownView } from "../../../store/view";

const NONE: LeafSummary[] = [];
const selectLeaves = (s: { shown: ShownView | null }) => s.shown?.leaves ?? NONE;

/**
 * The open session's tip summaries (the store's view of it): rendered again when counted tips
 * replace the uncounted ones a load showed first.
 */
export function useLeafSummaries(): LeafSummary[] {
	return useStore(selectLeaves);
}
