import { useMemo } from "react";
import { type LeafSummary, summarizeLeaves } from "../../../core";
import { useSessionIndex } from "../../hooks/useSession";

/** The open session's tip summaries, computed once per session in one tree walk. */
export function useLeafSummaries(): LeafSummary[] {
	const { session, index } = useSessionIndex();
	return useMemo(() => (session && index ? summarizeLeaves(session.entries, index) : []), [session, index]);
}
