import { useMemo } from "react";
import { analyzeContext, type ContextAnalysis, getTreeIndex, type TreeIndex } from "../../core";
import { type OpenSession, useStore } from "../../store";

const selectSession = (s: { session: OpenSession | null }) => s.session;
const selectLeaf = (s: { selectedLeafId: string | null }) => s.selectedLeafId;

/** The open session and its tree index (built once per session). */
export function useSessionIndex(): { session: OpenSession | null; index: TreeIndex | null } {
	const session = useStore(selectSession);
	const index = useMemo(() => (session ? getTreeIndex(session.entries) : null), [session]);
	return { session, index };
}

let lastAnalysis: { index: TreeIndex; leafId: string | null; analysis: ContextAnalysis } | null = null;

/** One analysis per (index, leaf), shared by every component that asks (100k-entry paths). */
function analysisFor(entries: OpenSession["entries"], index: TreeIndex, leafId: string | null): ContextAnalysis {
	if (lastAnalysis?.index !== index || lastAnalysis.leafId !== leafId) {
		lastAnalysis = { index, leafId, analysis: analyzeContext(entries, leafId ?? undefined, index) };
	}
	return lastAnalysis.analysis;
}

/** The builder's analysis of the selected leaf (the file's current leaf when none is selected). */
export function useAnalysis(): ContextAnalysis | null {
	const { session, index } = useSessionIndex();
	const leafId = useStore(selectLeaf);
	return useMemo(
		() => (session && index ? analysisFor(session.entries, index, leafId) : null),
		[session, index, leafId],
	);
}
