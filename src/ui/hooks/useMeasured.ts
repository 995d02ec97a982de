import { useMemo } from "react";
import { type MeasuredContext, measuredContext, pathPositions, resolveLeaf } from "../../core";
import { useSessionIndex } from "./useSession";

/** What the provider measured for a tip's context (null: the file's current leaf). O(path). */
export function useMeasured(leafId: string | null): MeasuredContext | null {
	const { session, index } = useSessionIndex();
	const entries = session?.entries;
	const partial = session?.partial === true;
	return useMemo(() => {
		if (!entries || !index || partial) return null;
		const leaf = resolveLeaf(index, leafId);
		return leaf < 0 ? null : measuredContext(entries, pathPositions(index, leaf));
	}, [entries, index, leafId, partial]);
}
