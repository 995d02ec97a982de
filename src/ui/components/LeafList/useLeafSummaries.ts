import { useMemo } from "react";
import type { LeafSummary } from "../../../core";
import { leafSummariesFor } from "../../../store/viewCache";
import { useSessionIndex } from "../../hooks/useSession";

/** The open session's tip summaries, computed once per session in one tree walk. */
export function useLeafSummaries(): LeafSummary[] {
	const { session, index } = useSessionIndex();
	const entries = session?.entries;
	return useMemo(() => (entries && index ? leafSummariesFor(entries, index) : []), [entries, index]);
}
