import { useEffect, useMemo } from "react";
import { shortenPreview } from "../../../core";
import {
	type Answer,
	COMPARE_CHUNK,
	type CompareRowView,
	type CompareSummary,
	type CompareTips,
	type OpenSession,
	type Store,
	selectCompareRows,
	selectComparison,
	useStore,
} from "../../../store";
import { useOpenSession } from "../../hooks/useSession";

export interface TipOption {
	id: string;
	label: string;
}

export interface Comparison {
	tips: CompareTips;
	options: TipOption[];
	/** Null while the worker compares the tips, or when it failed. */
	cmp: CompareSummary | null;
	/** Why the worker could not compare the tips. */
	error?: string;
}

/** Two tips to compare first: the selected leaf, and the first other tip. */
export function defaultCompareTips(session: OpenSession, selected: string | null): CompareTips {
	const a = selected ?? session.leafId;
	const other = session.tips.find((t) => t.id !== a);
	return { a, b: other === undefined ? a : other.id };
}

const selectCompare = (s: Store) => s.compare;

/** The compare view's two tips in numbers (from the store: the worker compares them), and a label for every tip. */
export function useComparison(): Comparison | null {
	const session = useOpenSession();
	const tips = useStore(selectCompare);
	const answer = useStore(selectComparison);
	const options = useMemo<TipOption[]>(
		() =>
			(session?.tips ?? []).map((leaf) => {
				const user =
					leaf.lastUser < 0
						? " · (no user message)"
						: leaf.lastUserText
							? ` · ${shortenPreview(leaf.lastUserText, 50)}`
							: "";
				return { id: leaf.id, label: `${leaf.id}${user}${leaf.isCurrent ? " · current" : ""}` };
			}),
		[session?.tips],
	);
	if (!tips) return null;
	if (answer?.status === "failed") return { tips, options, cmp: null, error: answer.error };
	return { tips, options, cmp: answer?.status === "ready" ? answer.value : null };
}

const selectAskRows = (s: Store) => s.askCompareRows;

/** Message `index` of one part of the comparison (the shared prefix, or a tip's tail), asked for a window at a time. */
export function useCompareRow(side: "shared" | "a" | "b", index: number): CompareRowView | undefined {
	const chunk = Math.floor(index / COMPARE_CHUNK);
	const window: Answer<CompareRowView[]> | undefined = useStore((s) => selectCompareRows(s, side, chunk));
	const ask = useStore(selectAskRows);
	useEffect(() => {
		if (!window) ask(side, chunk);
	}, [window, ask, side, chunk]);
	return window?.status === "ready" ? window.value[index - chunk * COMPARE_CHUNK] : undefined;
}
