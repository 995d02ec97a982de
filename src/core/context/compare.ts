import { buildTreeIndex, pathPositions, resolveLeaf, type TreeIndex } from "../session/tree";
import type { AgentMessage, Message, SessionEntry } from "../session/types";
import { analyzeContext } from "./context";
import { convertToLlm } from "./llm";
import type { MeasuredContext } from "./measured";
import { estimateTokens } from "./tokens";

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
	/**
	 * What the provider measured for each tip (core `measuredContext`), where the comparison was
	 * made without the full entries at hand (`compareLazily`): the page cannot work it out.
	 */
	measured?: { a: MeasuredContext | null; b: MeasuredContext | null };
}

function sameMessage(x: Message, y: Message): boolean {
	return x === y || JSON.stringify(x) === JSON.stringify(y);
}

/** What a tip sends the provider, from the agent messages of its context (`analyzeContext`'s). */
export function tipPayload(leafId: string | null, messages: readonly AgentMessage[]): TipPayload {
	const llm = convertToLlm(messages);
	const tokens = llm.map(estimateTokens);
	return { leafId, llm, tokens, totalTokens: tokens.reduce((s, t) => s + t, 0) };
}

/**
 * Two tips' payloads compared: the shared prefix, where their paths split (from `index`, whose
 * entries need no more than their ids) and the token difference. The payloads may come from full
 * entries (`compareTips`) or from a lazy session's contexts (`compareLazily`).
 */
export function comparePayloads(index: TreeIndex, a: TipPayload, b: TipPayload): TipComparison {
	let sharedPrefix = 0;
	const n = Math.min(a.llm.length, b.llm.length);
	while (sharedPrefix < n && sameMessage(a.llm[sharedPrefix], b.llm[sharedPrefix])) sharedPrefix++;

	const pathA = pathPositions(index, resolveLeaf(index, a.leafId));
	const pathB = pathPositions(index, resolveLeaf(index, b.leafId));
	let common = -1;
	for (let i = 0; i < Math.min(pathA.length, pathB.length) && pathA[i] === pathB[i]; i++) common = pathA[i];
	return {
		a,
		b,
		sharedPrefix,
		commonAncestorId: common === -1 ? null : index.entries[common].id,
		tokenDifference: b.totalTokens - a.totalTokens,
	};
}

/** Compares the provider payloads of two leaves: shared prefix, split point and token difference. */
export function compareTips(
	entries: readonly SessionEntry[],
	leafA: string | null,
	leafB: string | null,
	index: TreeIndex = buildTreeIndex(entries),
): TipComparison {
	const payload = (leafId: string | null) => tipPayload(leafId, analyzeContext(entries, leafId, index).messages);
	return comparePayloads(index, payload(leafA), payload(leafB));
}
