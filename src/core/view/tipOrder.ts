import type { LeafSummary } from "./leaves";

/** Orders of the tips list: file order, or largest first by a size or by depth. */
export type TipOrder = "file" | "estimate" | "measured" | "depth";

const KEY: Record<Exclude<TipOrder, "file">, (l: LeafSummary) => number | null> = {
	estimate: (l) => l.contextTokens,
	measured: (l) => l.measuredTokens,
	depth: (l) => l.depth,
};

/**
 * The tips in `order`: largest first, ties and unknown values (not counted, nothing measured) after
 * in file order. Returns `leaves` itself for file order. A new array otherwise; O(n log n).
 */
export function sortTips(leaves: readonly LeafSummary[], order: TipOrder): readonly LeafSummary[] {
	if (order === "file") return leaves;
	const key = KEY[order];
	return leaves
		.map((leaf, i) => ({ leaf, i, k: key(leaf) }))
		.sort((a, b) => {
			if (a.k === null || b.k === null) return a.k === b.k ? a.i - b.i : a.k === null ? 1 : -1;
			return b.k - a.k || a.i - b.i;
		})
		.map((x) => x.leaf);
}
