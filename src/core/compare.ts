import { analyzeContext } from "./context";
import { convertToLlm } from "./llm";
import { estimateTokens } from "./tokens";
import { getTreeIndex, pathPositions, resolveLeaf } from "./tree";
import type { Message, SessionEntry } from "./types";

export interface TipPayload {
	leafId: string | null;
	llm: Message[];
	tokens: number[];
	totalTokens: number;
}

export interface TipComparison {
	a: TipPayload;
	b: TipPayload;
	/** How many leading provider messages are identical in both payloads. */
	sharedPrefix: number;
	/** The deepest entry both paths share (where the branches split), or null. */
	commonAncestorId: string | null;
	/** b's total minus a's total (estimated tokens). */
	tokenDifference: number;
}

function sameMessage(x: Message, y: Message): boolean {
	return x === y || JSON.stringify(x) === JSON.stringify(y);
}

function payload(entries: readonly SessionEntry[], leafId: string | null): TipPayload {
	const llm = convertToLlm(analyzeContext(entries, leafId).messages);
	const tokens = llm.map(estimateTokens);
	return { leafId, llm, tokens, totalTokens: tokens.reduce((s, t) => s + t, 0) };
}

/** Compares the provider payloads of two leaves: shared prefix, split point and token difference. */
export function compareTips(
	entries: readonly SessionEntry[],
	leafA: string | null,
	leafB: string | null,
): TipComparison {
	const a = payload(entries, leafA);
	const b = payload(entries, leafB);
	let sharedPrefix = 0;
	const n = Math.min(a.llm.length, b.llm.length);
	while (sharedPrefix < n && sameMessage(a.llm[sharedPrefix], b.llm[sharedPrefix])) sharedPrefix++;

	const index = getTreeIndex(entries);
	const pathA = pathPositions(index, resolveLeaf(index, leafA));
	const pathB = pathPositions(index, resolveLeaf(index, leafB));
	let common = -1;
	for (let i = 0; i < Math.min(pathA.length, pathB.length) && pathA[i] === pathB[i]; i++) common = pathA[i];
	return {
		a,
		b,
		sharedPrefix,
		commonAncestorId: common === -1 ? null : entries[common].id,
		tokenDifference: b.totalTokens - a.totalTokens,
	};
}
