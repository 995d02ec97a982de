import {
	clipValue,
	compareLayout,
	compareLazily,
	messagePreview,
	type SessionEntry,
	type TipComparison,
} from "../../core";
import type { CompareRowView, CompareSummary } from "../readerApi";
import type { HeldSession } from "./held";

const sum = (list: readonly number[], from: number, to: number) => {
	let s = 0;
	for (let i = from; i < to; i++) s += list[i];
	return s;
};

/** The comparison of two tips (null: the current leaf), kept while its rows are asked for. */
function comparison(
	held: HeldSession,
	a: string | null,
	b: string | null,
	overlay: readonly SessionEntry[],
): Promise<TipComparison> {
	const key = `${a}\n${b}\n${overlay.map((e) => e.id).join("\n")}`;
	if (held.lastCompare?.key === key) return held.lastCompare.comparison;
	const made = compareLazily(held.session(overlay), a, b);
	held.lastCompare = { key, comparison: made };
	made.catch(() => {
		if (held.lastCompare?.comparison === made) held.lastCompare = null;
	});
	return made;
}

/** Two tips' provider payloads compared (core `compareLazily`), in numbers. */
export async function compare(
	held: HeldSession,
	a: string | null,
	b: string | null,
	overlay: readonly SessionEntry[] = [],
): Promise<CompareSummary> {
	const cmp = await comparison(held, a, b, overlay);
	const n = cmp.sharedPrefix;
	return {
		a: {
			leafId: cmp.a.leafId,
			messages: cmp.a.llm.length,
			tokens: cmp.a.totalTokens,
			tailTokens: sum(cmp.a.tokens, n, cmp.a.tokens.length),
		},
		b: {
			leafId: cmp.b.leafId,
			messages: cmp.b.llm.length,
			tokens: cmp.b.totalTokens,
			tailTokens: sum(cmp.b.tokens, n, cmp.b.tokens.length),
		},
		sharedPrefix: n,
		sharedTokens: sum(cmp.a.tokens, 0, n),
		commonAncestorId: cmp.commonAncestorId,
		tokenDifference: cmp.tokenDifference,
		measured: cmp.measured ?? { a: null, b: null },
	};
}

/**
 * Rows `[from, from + count)` of one part of a comparison: the shared prefix (as `a` sends it), or
 * a tip's messages after it (indexes count from the payload's start).
 */
export async function compareRows(
	held: HeldSession,
	a: string | null,
	b: string | null,
	side: "shared" | "a" | "b",
	from: number,
	count: number,
	overlay: readonly SessionEntry[] = [],
): Promise<CompareRowView[]> {
	const cmp = await comparison(held, a, b, overlay);
	const layout = compareLayout(cmp);
	const list = side === "shared" ? layout.shared : side === "a" ? layout.a : layout.b;
	return list.slice(from, from + count).map((row) => {
		const { value, clips } = clipValue(row.message);
		return {
			index: row.index,
			role: row.role,
			preview: messagePreview(row.message, 160),
			tokens: row.tokens,
			message: value,
			clips,
		};
	});
}
