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

/** The builder's analysis of the selected leaf (the file's current leaf when none is selected). */
export function useAnalysis(): ContextAnalysis | null {
	const { session, index } = useSessionIndex();
	const leafId = useStore(selectLeaf);
	return useMemo(
		() => (session && index ? analyzeContext(session.entries, leafId ?? undefined, index) : null),
		[session, index, leafId],
	);
}
