import { useMemo } from "react";
import {
	type CompareLayout,
	compareLayout,
	compareTips,
	entryPreview,
	resolveLeaf,
	type SessionEntry,
	type TipComparison,
	type TreeIndex,
} from "../../../core";
import { type CompareTips, type Store, useStore } from "../../../store";
import { leafSummariesFor } from "../../../store/viewCache";
import { useSessionIndex } from "../../hooks/useSession";

export interface TipOption {
	id: string;
	label: string;
}

export interface Comparison {
	tips: CompareTips;
	options: TipOption[];
	cmp: TipComparison;
	layout: CompareLayout;
}

/** Two tips to compare first: the selected leaf, and the first other tip. */
export function defaultCompareTips(
	index: TreeIndex,
	entries: readonly SessionEntry[],
	selected: string | null,
): CompareTips {
	const leaf = resolveLeaf(index, selected ?? undefined);
	const a = leaf >= 0 ? entries[leaf].id : null;
	const other = index.leaves.find((p) => p !== leaf);
	return { a, b: other === undefined ? a : entries[other].id };
}

const selectCompare = (s: Store) => s.compare;

/** The two tips' payloads side by side, with a label for every tip of the session. */
export function useComparison(): Comparison | null {
	const { session, index } = useSessionIndex();
	const tips = useStore(selectCompare);
	const entries = session?.entries;
	const options = useMemo<TipOption[]>(() => {
		if (!entries || !index) return [];
		return leafSummariesFor(entries, index).map((leaf) => {
			const user = leaf.lastUser >= 0 ? entryPreview(entries[leaf.lastUser], 50) : "(no user message)";
			return { id: leaf.id, label: `${leaf.id} · ${user}${leaf.isCurrent ? " · current" : ""}` };
		});
	}, [entries, index]);
	const cmp = useMemo(() => (entries && tips ? compareTips(entries, tips.a, tips.b) : null), [entries, tips]);
	const layout = useMemo(() => (cmp ? compareLayout(cmp) : null), [cmp]);
	if (!tips || !cmp || !layout) return null;
	return { tips, options, cmp, layout };
}
