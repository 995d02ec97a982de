import { analyzeContext } from "../context/context";
import { isSkeleton } from "../context/lazyContext";
import { measuredContext, recordedContextTokens } from "../context/measured";
import { estimateTokens, estimateTotalTokens } from "../context/tokens";
import { dialectOf, rulesOf } from "../dialects/index";
import { normalizeMessage } from "../dialects/pi/context";
import { buildTreeIndex, type TreeIndex } from "../session/tree";
import {
	type AgentMessage,
	type CompactionEntry,
	type ContextEditEntry,
	entryOfType,
	isEntry,
	messageOfFields,
	messageRoleOf,
	type SessionEntry,
} from "../session/types";
import { entryPreview } from "./entryKind";

/** What the leaf list shows for one branch tip. */
export interface LeafSummary {
	/** Position of the tip in `entries`. */
	position: number;
	id: string;
	/** Distance from its root (root = 0). */
	depth: number;
	/** Position of the last user message on the tip's path (root → tip), -1 when there is none. */
	lastUser: number;
	/**
	 * `estimateTotalTokens` of `buildSessionContext(entries, id).messages`; null when the summary
	 * was made without counting (`summarizeLeaves(…, { tokens: false })`).
	 */
	contextTokens: number | null;
	/**
	 * What the provider recorded for the last assistant reply on the tip's path (`usage.input +
	 * cacheRead + cacheWrite`, see `measuredContext`); null when none recorded it or the summary
	 * was made without counting.
	 */
	measuredTokens: number | null;
	/**
	 * The words of that last user message, cut to a line (`entryPreview`, 90 characters); null when
	 * there is none, or it was not read (a skeleton).
	 */
	lastUserText: string | null;
	/** Whether this tip is the file's current leaf (its last entry; see `TreeIndex.currentLeaf`). */
	isCurrent: boolean;
	/** A v4 session: the lanes whose leaf this tip is (a tip's name). */
	lanes?: string[];
}

/** The lanes a v4 parser marked on an entry, spread into a summary (nothing for other files). */
function laneNames(entry: SessionEntry): { lanes?: string[] } {
	const lanes: unknown = entry.v4Lanes;
	return Array.isArray(lanes) && lanes.length > 0 ? { lanes: lanes.map(String) } : {};
}

const EDITABLE_ROLES: ReadonlySet<string> = new Set(["user", "assistant", "toolResult", "custom"]);

/** Tokens of one message as the builder emits it, with a context edit's replacement applied. */
function messageTokens(message: AgentMessage, edit: ContextEditEntry | undefined): number {
	if (edit && EDITABLE_ROLES.has(message.role)) {
		// Called with an edit that replaces (never one that omits: see `isOmittedBy`).
		const content = edit.replacement?.content;
		return estimateTokens(messageOfFields({ ...message, content }));
	}
	return estimateTokens(message);
}

function isOmittedBy(edit: ContextEditEntry | undefined): boolean {
	return !!edit && (edit.replacement === null || edit.replacement === undefined);
}

/** Tokens an entry contributes anywhere but first place of the selection (SPEC §3.2). */
function entryTokens(entry: SessionEntry, edit?: ContextEditEntry): number {
	if (isOmittedBy(edit)) return 0;
	if (isEntry(entry, "message")) {
		const m = entry.message;
		return m && typeof m === "object" ? messageTokens(normalizeMessage(m), edit) : 0;
	}
	if (isEntry(entry, "custom_message")) {
		return messageTokens(messageOfFields({ role: "custom", content: entry.content ?? [] }), edit);
	}
	if (isEntry(entry, "branch_summary")) {
		const summary = entry.summary;
		return summary ? estimateTokens(messageOfFields({ role: "branchSummary", summary })) : 0;
	}
	return 0;
}

/** Tokens of the latest compaction on a path, which the builder projects first (SPEC §3.2). */
function checkpointTokens(c: CompactionEntry, edit?: ContextEditEntry): number {
	if (isOmittedBy(edit)) return 0;
	let tokens = 0;
	const sys = c.systemMessage;
	if (typeof sys === "string") tokens += estimateTokens({ role: "system", content: sys });
	else if (sys && typeof sys === "object") tokens += messageTokens(normalizeMessage(sys), edit);
	tokens += estimateTokens(messageOfFields({ role: "compactionSummary", summary: c.summary }));
	if (Array.isArray(c.retainedTail)) {
		for (const m of c.retainedTail) {
			if (m && typeof m === "object") tokens += messageTokens(normalizeMessage(m), edit);
		}
	}
	return tokens;
}

function isSystemMessage(entry: SessionEntry): boolean {
	return messageRoleOf(entry) === "system";
}

function isUserMessage(entry: SessionEntry): boolean {
	return messageRoleOf(entry) === "user";
}

/** What a tip shows of its last user message at `position` (-1: none), if that entry is whole. */
function userText(entries: readonly SessionEntry[], position: number): string | null {
	const entry = position >= 0 ? entries[position] : undefined;
	return entry && !isSkeleton(entry) ? entryPreview(entry, 90) : null;
}

export interface SummaryOptions {
	/**
	 * Count each tip's context tokens (default true). Counting is most of the walk's time (every
	 * message on every path is measured), so a loader can show the tips first and count after.
	 */
	tokens?: boolean;
}

/**
 * Summaries of every branch tip (`index.leaves`, file order) in one depth-first walk, O(entries
 * + context edits on the tips' paths) instead of running the builder once per tip. The walk keeps
 * per-depth running state (token prefix sums with and without system messages, the latest
 * compaction, the latest user message, the context edits on the path), so each tip's context size
 * comes from a few subtractions. `contextTokens` equals `estimateTotalTokens` of the builder's
 * messages for that tip exactly, including legacy kept ranges and context edits.
 */
export function summarizeLeaves(
	entries: readonly SessionEntry[],
	index: TreeIndex = buildTreeIndex(entries),
	options: SummaryOptions = {},
): LeafSummary[] {
	if (options.tokens === false) return uncountedLeaves(entries, index);
	// The running sums follow pi 1.6.0's rules; other rules (oh-my-pi's /clear and post-passes,
	// newer pi's deferred replies and moved results) run the builder per tip instead.
	if (!rulesOf(dialectOf(entries, index)).sumsAlongTree(entries, index)) {
		return uncountedLeaves(entries, index).map((leaf) => {
			const { messages, path } = analyzeContext(entries, leaf.id, index);
			return {
				...leaf,
				contextTokens: estimateTotalTokens(messages),
				measuredTokens: measuredContext(entries, path)?.tokens ?? null,
			};
		});
	}
	const n = entries.length;
	const { children, depth, byId } = index;
	// Per-depth state for the path currently walked (valid for depths <= the visited entry's).
	const pathPos = new Int32Array(n + 1);
	const sum = new Float64Array(n + 1); // prefix tokens, inclusive
	const sumNoSystem = new Float64Array(n + 1); // the same without system messages
	const lastCompaction = new Int32Array(n + 1); // path index of the latest compaction, -1
	const lastUser = new Int32Array(n + 1); // position of the latest user message, -1
	const measured = new Float64Array(n + 1); // the latest recorded context size, -1 for none
	const editTop = new Int32Array(n + 1); // number of context edits on the path up to this depth
	const pathEdits: number[] = []; // path indexes of context edits, root first

	const byPosition = new Map<number, LeafSummary>();
	const stack: number[] = [];
	for (let r = index.roots.length - 1; r >= 0; r--) stack.push(index.roots[r]);
	for (let pos = stack.pop(); pos !== undefined; pos = stack.pop()) {
		const d = depth[pos];
		const entry = entries[pos];
		const tokens = entryTokens(entry);
		pathPos[d] = pos;
		sum[d] = (d > 0 ? sum[d - 1] : 0) + tokens;
		sumNoSystem[d] = (d > 0 ? sumNoSystem[d - 1] : 0) + (isSystemMessage(entry) ? 0 : tokens);
		lastCompaction[d] = entry.type === "compaction" ? d : d > 0 ? lastCompaction[d - 1] : -1;
		lastUser[d] = isUserMessage(entry) ? pos : d > 0 ? lastUser[d - 1] : -1;
		measured[d] = recordedContextTokens(entry) ?? (d > 0 ? measured[d - 1] : -1);
		pathEdits.length = d > 0 ? editTop[d - 1] : 0;
		if (entry.type === "context_edit") pathEdits.push(d);
		editTop[d] = pathEdits.length;

		if (children.end[pos] > children.start[pos]) {
			for (let c = children.end[pos] - 1; c >= children.start[pos]; c--) stack.push(children.list[c]);
			continue;
		}
		byPosition.set(pos, {
			position: pos,
			id: entry.id,
			depth: d,
			lastUser: lastUser[d],
			lastUserText: userText(entries, lastUser[d]),
			contextTokens: tipTokens(d),
			measuredTokens: measured[d] >= 0 ? measured[d] : null,
			isCurrent: pos === index.currentLeaf,
			...laneNames(entry),
		});
	}
	return index.leaves.map((pos) => {
		const summary = byPosition.get(pos);
		if (summary === undefined) throw new Error(`Tip ${pos} was not reached from a root`);
		return summary;
	});

	/** Context tokens for the tip at depth `d`, from the running state. */
	function tipTokens(d: number): number {
		const k = lastCompaction[d];
		let keptFrom = -1;
		let tokens: number;
		if (k === -1) {
			tokens = sum[d];
		} else {
			const c = entryOfType(entries, pathPos[k], "compaction");
			tokens = checkpointTokens(c) + sum[d] - sum[k];
			if (!Array.isArray(c.retainedTail)) {
				const kept = c.firstKeptEntryId === undefined ? undefined : byId.get(c.firstKeptEntryId);
				if (kept !== undefined && depth[kept] < k && pathPos[depth[kept]] === kept) {
					keptFrom = depth[kept];
					tokens += sumNoSystem[k - 1] - (keptFrom > 0 ? sumNoSystem[keptFrom - 1] : 0);
				}
			}
		}
		if (editTop[d] === 0) return tokens;

		// Context edits among the selected entries; the last one per target wins (SPEC §3.3).
		const isSelected = (i: number) => k === -1 || i >= k || (keptFrom !== -1 && i >= keptFrom);
		const active = new Map<string, ContextEditEntry>();
		for (let j = 0; j < editTop[d]; j++) {
			const i = pathEdits[j];
			if (!isSelected(i)) continue;
			const edit = entryOfType(entries, pathPos[i], "context_edit");
			active.set(edit.targetId, edit);
		}
		for (const [targetId, edit] of active) {
			const target = byId.get(targetId);
			if (target === undefined) continue;
			const td = depth[target];
			if (td > d || pathPos[td] !== target || !isSelected(td)) continue;
			const entry = entries[target];
			if (td === k) {
				const c = entryOfType(entries, target, "compaction");
				tokens += checkpointTokens(c, edit) - checkpointTokens(c);
			} else if (!(k !== -1 && td < k && isSystemMessage(entry))) {
				tokens += entryTokens(entry, edit) - entryTokens(entry);
			}
		}
		return tokens;
	}
}

/**
 * The tips without their token counts: each tip's last user message is found by walking up from
 * it, remembering the answer for every entry passed, so that no entry is walked twice. Near a tip
 * there is usually a user message, so this touches a few entries per tip, not the whole tree.
 */
function uncountedLeaves(entries: readonly SessionEntry[], index: TreeIndex): LeafSummary[] {
	const { parent, depth } = index;
	/** Position of the last user message on the path to an entry: -1 none, -2 not known yet. */
	const lastUserOf = new Map<number, number>();
	const walked: number[] = [];
	return index.leaves.map((leaf) => {
		let pos = leaf;
		let found = -1;
		while (pos !== -1) {
			const known = lastUserOf.get(pos);
			if (known !== undefined) {
				found = known;
				break;
			}
			if (isUserMessage(entries[pos])) {
				found = pos;
				break;
			}
			walked.push(pos);
			pos = parent[pos];
		}
		for (const p of walked) lastUserOf.set(p, found);
		walked.length = 0;
		return {
			position: leaf,
			id: entries[leaf].id,
			depth: depth[leaf],
			lastUser: found,
			lastUserText: userText(entries, found),
			contextTokens: null,
			measuredTokens: null,
			isCurrent: leaf === index.currentLeaf,
			...laneNames(entries[leaf]),
		};
	});
}
