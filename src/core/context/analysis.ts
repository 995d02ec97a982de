import { lazyArray } from "../session/lazyArray";
import type { AgentMessage, ContextEditEntry, Dialect, ModelRef, SessionContext, SessionEntry } from "../session/types";

/*
 * The shape of the builder's answer for one leaf (`ContextAnalysis`): what every dialect's rules
 * produce, and what the inspector, the explainer and the graph read.
 */

/**
 * Where a path entry stands relative to the latest compaction on the path:
 * - `whole`: there is no compaction; the whole path is read;
 * - `summarized`: before the latest compaction and not kept: replaced by its summary;
 * - `kept`: in a legacy compaction's kept range (`firstKeptEntryId` up to the compaction);
 * - `checkpoint`: the latest compaction itself;
 * - `after`: after the latest compaction;
 * - `cleared`: oh-my-pi: at or before the latest `/clear` (`reset_boundary`) after the latest compaction.
 */
export type Region = "whole" | "summarized" | "kept" | "checkpoint" | "after" | "cleared";

/**
 * Regions as byte codes: a region's code is its index here (packed fates, see core `PackedFates`,
 * and pi's builder use them). 0, what a new array holds, is "summarized", so a summarized prefix
 * of two million entries is not written at all.
 */
export const REGION_CODES: readonly Region[] = ["summarized", "kept", "checkpoint", "after", "whole", "cleared"];

/**
 * Which rule picked the selected range (SPEC §3.1); `clear` is oh-my-pi's: the latest
 * `reset_boundary` comes after the latest compaction, so only what follows it is read.
 */
export type CompactionRule = "none" | "retained-tail" | "legacy" | "legacy-kept-missing" | "clear";

/** Where a context message came from. */
export type MessageOrigin =
	| "message"
	| "compaction-system"
	| "compaction-summary"
	| "retained-tail"
	| "branch-summary"
	| "custom-message"
	| "context-notes";

export interface MessageSource {
	entryId: string;
	/** Position of the source entry in `entries`. */
	position: number;
	origin: MessageOrigin;
	/** Set when a context edit replaced this message's content. */
	editedBy?: string;
}

export interface PathEntryFate {
	position: number;
	id: string;
	region: Region;
	/** Whether `buildContextEntries` returns this entry. */
	selected: boolean;
	/** Index of its first message in `messages`, and how many it contributed. */
	messageStart: number;
	messageCount: number;
	/** The context edit that applies to this entry, if any (`replacement: null` omits it). */
	editId?: string;
	omitted?: boolean;
	/** One line saying why the entry has this fate. */
	reason: string;
	/** Set when a rule after projection removed this entry's messages (the reason says which). */
	dropReason?: string;
}

export interface CompactionInfo {
	position: number;
	/** Index of the compaction on the path. */
	pathIndex: number;
	/** Path index of `firstKeptEntryId` (legacy rule), -1 when not on the path. */
	firstKeptPathIndex: number;
	tokensBefore: number;
}

/** Everything the builder decides for one leaf, for the inspector and the explainer. */
export interface ContextAnalysis {
	/** The format whose rules built it (they also convert its messages for the provider). */
	dialect: Dialect;
	/** Resolved leaf position, -1 for the empty path. */
	leaf: number;
	/** Positions root → leaf. */
	path: number[];
	rule: CompactionRule;
	compaction: CompactionInfo | null;
	/** Parallel to `path`. */
	fates: PathEntryFate[];
	/** `buildContextEntries` output. */
	selected: SessionEntry[];
	/** Positions of `selected`. */
	selectedPositions: number[];
	/** Context edits that apply (among the selected entries), target id → edit entry. */
	edits: Map<string, ContextEditEntry>;
	messages: AgentMessage[];
	/** Parallel to `messages`. */
	sources: MessageSource[];
	thinkingLevel: string;
	model: ModelRef | null;
	/** The path entries that set the final thinking level and model, if any. */
	thinkingLevelFrom: number;
	modelFrom: number;
	/** The last `active_tools_change` on the path (newer pi, v4), -1 when none. */
	activeToolsFrom: number;
	/** Settings a dialect adds (see `SessionContext`); absent for pi. */
	extras?: Pick<SessionContext, "models" | "mode">;
	/**
	 * When the path's first fates are all summarized (or cleared) alike, those (made when read,
	 * see `summarizedFates`) and the rest; null when every fate is a plain object.
	 */
	summarized: SummarizedPrefix | null;
}

/** The summarized prefix behind fates made by `summarizedFates`, for code that packs them all. */
export interface SummarizedPrefix {
	/** How many fates, from the root, are summarized (or cleared: `region`); `reason` is theirs. */
	count: number;
	reason: string;
	region: "summarized" | "cleared";
	/** The whole path, and the fates from `count` on. */
	path: ArrayLike<number>;
	after: readonly PathEntryFate[];
}

/**
 * The fates of `path` when its first `count` entries are summarized (or cleared, by oh-my-pi's
 * /clear): those are made when read (a path of a million entries compacted near its end costs
 * nothing for them until they are shown), `after` holds the rest. With them, the prefix they
 * share, for the analysis's `summarized` (code that packs or counts fates reads it instead).
 */
export function summarizedFates(
	entries: readonly SessionEntry[],
	path: ArrayLike<number>,
	count: number,
	reason: string,
	after: PathEntryFate[],
	region: SummarizedPrefix["region"] = "summarized",
): { fates: PathEntryFate[]; prefix: SummarizedPrefix } {
	const made: (PathEntryFate | undefined)[] = [];
	const fates = lazyArray(count + after.length, (i) => {
		if (i >= count) return after[i - count];
		let fate = made[i];
		if (fate === undefined) {
			const position = path[i];
			fate = {
				position,
				id: entries[position].id,
				region,
				selected: false,
				messageStart: -1,
				messageCount: 0,
				reason,
			};
			made[i] = fate;
		}
		return fate;
	});
	return { fates, prefix: { count, reason, region, path, after } };
}

export type ExplainStepId = "path" | "compaction" | "rule" | "range" | "project" | "settings" | "convert";

/** One step of a dialect's builder as the explainer tells it, with the entries it touches (positions) for painting. */
export interface ExplainStep {
	id: ExplainStepId;
	title: string;
	/** Plain-text explanation of what this step does for this leaf. */
	text: string;
	/** Entry positions this step is about (painted on the graph and in the inspector). */
	focus: number[];
}
