import type { Message } from "../session/types";
import type { TipComparison } from "./compare";
import { messagePreview } from "./inspect";

/** One provider message of a compared tip, shaped for a row. */
export interface CompareRow {
	/** Index in its tip's payload. */
	index: number;
	role: string;
	preview: string;
	tokens: number;
	message: Message;
}

/** Two payloads laid out for side-by-side reading: the common prefix once, then each tip's own tail. */
export interface CompareLayout {
	/** The leading messages both payloads send identically. */
	shared: CompareRow[];
	sharedTokens: number;
	/** Each tip's messages after the shared prefix. */
	a: CompareRow[];
	b: CompareRow[];
	aTailTokens: number;
	bTailTokens: number;
}

function rows(side: TipComparison["a"], from: number, to: number): CompareRow[] {
	const out: CompareRow[] = [];
	for (let i = from; i < to; i++) {
		const message = side.llm[i];
		out.push({ index: i, role: message.role, preview: messagePreview(message, 160), tokens: side.tokens[i], message });
	}
	return out;
}

const sum = (list: readonly CompareRow[]) => list.reduce((s, r) => s + r.tokens, 0);

/** Splits a tip comparison into the shared prefix and the two diverging tails. */
export function compareLayout(cmp: TipComparison): CompareLayout {
	const shared = rows(cmp.a, 0, cmp.sharedPrefix);
	const a = rows(cmp.a, cmp.sharedPrefix, cmp.a.llm.length);
	const b = rows(cmp.b, cmp.sharedPrefix, cmp.b.llm.length);
	return { shared, sharedTokens: sum(shared), a, b, aTailTokens: sum(a), bTailTokens: sum(b) };
}
