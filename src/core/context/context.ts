import { dialectOf, isDialect, rulesOf } from "../dialects/index";
import { buildTreeIndex, pathPositions, resolveLeaf, type TreeIndex } from "../session/tree";
import type { AgentMessage, Dialect, SessionContext, SessionEntry } from "../session/types";
import type { ContextAnalysis } from "./analysis";

/**
 * The context of `leafId` with every decision recorded, by the rules of the session's dialect
 * (pi's for pi and v4 files, oh-my-pi's for its files). `buildContextEntries`,
 * `buildSessionContext`, the inspector, the explainer and the graph's paint all read this one
 * answer, so they cannot disagree. Pass the session's `index` when there is one (it is built
 * otherwise, and what the builder derives from the entries is kept with it). O(path length).
 */
export function analyzeContext(
	entries: readonly SessionEntry[],
	leafId?: string | null,
	index: TreeIndex = buildTreeIndex(entries),
): ContextAnalysis {
	return analyzeOnPath(entries, leafId, index, pathPositions(index, resolveLeaf(index, leafId)));
}

/**
 * `analyzeContext` with the path to the leaf `leafId` resolves to worked out already
 * (`pathPositions`, or `pathColumn`): a caller that needs it too walks two million parents once.
 */
export function analyzeOnPath(
	entries: readonly SessionEntry[],
	leafId: string | null | undefined,
	index: TreeIndex,
	path: number[] | Int32Array,
): ContextAnalysis {
	const analysis = rulesOf(dialectOf(entries, index)).analyze(entries, leafId, index, path);
	tagMessages(analysis.messages, analysis.dialect);
	return analysis;
}

/**
 * The positions the builder reads more of than each entry's type, id, parent and message role,
 * for `leafId` on `path`: what a reader holding skeletons reads whole before `analyzeOnPath`.
 */
export function contextReads(
	entries: readonly SessionEntry[],
	leafId: string | null | undefined,
	index: TreeIndex,
	path: number[] | Int32Array,
): number[] {
	return rulesOf(dialectOf(entries, index)).reads(entries, leafId, index, path);
}

/** Where a message list says which dialect's builder made it (see `builtBy`). */
const BUILT_BY = Symbol("built by");

/**
 * Marks `messages` with the dialect that built them, so that `convertToLlm(messages)` converts
 * them by its rules. The mark is a property of the array that does not show (not enumerable, a
 * symbol): the messages stay plain data, equal to pi's.
 */
function tagMessages(messages: AgentMessage[], dialect: Dialect): void {
	Object.defineProperty(messages, BUILT_BY, { value: dialect, enumerable: false });
}

/** The dialect whose builder made `messages`, if they came from one. */
export function builtBy(messages: readonly AgentMessage[]): Dialect | undefined {
	const mark: unknown = Reflect.get(messages, BUILT_BY);
	return isDialect(mark) ? mark : undefined;
}

/**
 * The entries pi's builder reads for `leafId` (SPEC §3.1): the path, or after a compaction the
 * compaction, its kept range (legacy) and everything after it. Non-message entries stay in.
 */
export function buildContextEntries(entries: readonly SessionEntry[], leafId?: string | null): SessionEntry[] {
	return analyzeContext(entries, leafId).selected;
}

/**
 * The messages, thinking level and model pi builds for `leafId` (SPEC §3.2–3.3); equal to pi's
 * own `buildSessionContext` output.
 */
export function buildSessionContext(entries: readonly SessionEntry[], leafId?: string | null): SessionContext {
	const a = analyzeContext(entries, leafId);
	const out: SessionContext = { messages: a.messages, thinkingLevel: a.thinkingLevel, model: a.model };
	if (a.activeToolsFrom !== -1) {
		const e = entries[a.activeToolsFrom];
		const names = e.type === "active_tools_change" ? e.activeToolNames : undefined;
		out.activeToolNames = Array.isArray(names) ? names : [];
	}
	if (a.extras) Object.assign(out, a.extras);
	return out;
}
