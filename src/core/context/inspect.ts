import { rulesOf } from "../dialects/index";
import { lazyArray } from "../session/lazyArray";
import { type AgentMessage, isEntry, type Message, type SessionEntry } from "../session/types";
import { entryPreview } from "../view/entryKind";
import type { ContextAnalysis, MessageOrigin, PathEntryFate, Region } from "./analysis";
import { countRegion, fateIndexOf } from "./lazyContext";
import { isMessageList } from "./llm";
import { estimateTokens } from "./tokens";

/** One provider message and the agent message it was converted from. */
export interface LlmItem {
	message: Message;
	/** Index of the source message in `analysis.messages`. */
	from: number;
	tokens: number;
}

/** The path entry a setting (model, thinking level) was read from. */
export interface SettingSource {
	position: number;
	id: string;
	region: Region;
	/** True when the entry sits in the region a compaction summarized away (it still counts). */
	summarized: boolean;
}

export type RuleSeverity = "info" | "warning";

/** The stages of the builder for one leaf, shaped for the inspector. */
export interface ContextPipeline {
	/** Fate of the path entry at an entry position (`undefined` when it is not on the path). */
	fateAt(position: number): PathEntryFate | undefined;
	/** `fates` of `analysis.selected`, in builder order. */
	selectedFates: PathEntryFate[];
	/** Token estimate per `analysis.messages` entry. */
	messageTokens: Float64Array;
	contextTokens: number;
	/** `convertToLlm(analysis.messages)` with provenance. */
	llm: LlmItem[];
	llmTokens: number;
	model: SettingSource | null;
	thinkingLevel: SettingSource | null;
	rule: { severity: RuleSeverity; text: string };
}

function settingSource(
	entries: readonly SessionEntry[],
	fateAt: (position: number) => PathEntryFate | undefined,
	position: number,
): SettingSource | null {
	if (position < 0) return null;
	const fate = fateAt(position);
	const region = fate?.region ?? "whole";
	return { position, id: entries[position].id, region, summarized: region === "summarized" };
}

/**
 * Shapes an analysis into the inspector's stages: per-entry fates in builder order, token
 * estimates, the provider payload with the agent message each item came from, where the
 * settings came from and the compaction rule in words. O(path length + messages).
 */
export function inspectContext(entries: readonly SessionEntry[], analysis: ContextAnalysis): ContextPipeline {
	const { fates, messages } = analysis;
	const fateIndex = fateIndexOf(analysis);
	const fateAt = (position: number): PathEntryFate | undefined =>
		position >= 0 && position < fateIndex.length && fateIndex[position] !== -1 ? fates[fateIndex[position]] : undefined;
	// Which fates are selected; fates that are columns are made when their rows are read.
	const selectedAt: number[] = [];
	for (const p of analysis.selectedPositions) {
		if (p >= 0 && p < fateIndex.length && fateIndex[p] !== -1) selectedAt.push(fateIndex[p]);
	}
	// (Fates of a summarized prefix are made when read; none of them is selected.)
	const selectedFates = analysis.summarized
		? lazyArray(selectedAt.length, (k) => fates[selectedAt[k]])
		: selectedAt.map((i) => fates[i]);
	const messageTokens = new Float64Array(messages.length);
	const { convert } = rulesOf(analysis.dialect);
	const llm: LlmItem[] = [];
	let contextTokens = 0;
	let llmTokens = 0;
	for (let from = 0; from < messages.length; from++) {
		const tokens = estimateTokens(messages[from]);
		messageTokens[from] = tokens;
		contextTokens += tokens;
		const converted = convert(messages[from]);
		if (converted === undefined) continue;
		for (const message of isMessageList(converted) ? converted : [converted]) {
			// Most roles pass through unchanged: their estimate is already known.
			const sent = message === messages[from] ? tokens : estimateTokens(message);
			llmTokens += sent;
			llm.push({ message, from, tokens: sent });
		}
	}
	return {
		fateAt,
		selectedFates,
		messageTokens,
		contextTokens,
		llm,
		llmTokens,
		model: settingSource(entries, fateAt, analysis.modelFrom),
		thinkingLevel: settingSource(entries, fateAt, analysis.thinkingLevelFrom),
		rule: describeRule(entries, analysis),
	};
}

/** The compaction rule that picked the entries (SPEC §3.1), in one or two sentences. */
export function describeRule(
	entries: readonly SessionEntry[],
	analysis: ContextAnalysis,
): { severity: RuleSeverity; text: string } {
	const rule = describePiRule(entries, analysis);
	// oh-my-pi's builder adds its passes after the range (formats/oh-my-pi.md §2.3, §2.5).
	if (analysis.extras === undefined || rule.text === "") return rule;
	return {
		...rule,
		text: `${rule.text} oh-my-pi then leaves out retry-recovery, empty error and failed turns, and tool calls with no result.`,
	};
}

function describePiRule(
	entries: readonly SessionEntry[],
	analysis: ContextAnalysis,
): { severity: RuleSeverity; text: string } {
	const c = analysis.compaction;
	if (analysis.rule === "clear") {
		const cleared = countRegion(analysis, "cleared");
		return {
			severity: "info",
			text: `oh-my-pi: the latest /clear (reset_boundary) comes after any compaction, so ${cleared} ${cleared === 1 ? "entry" : "entries"} up to it ${cleared === 1 ? "is" : "are"} not read; the context starts after it (settings still come from the whole path).`,
		};
	}
	if (!c || analysis.rule === "none") {
		return { severity: "info", text: "No compaction on this path: every entry from the root to the leaf is read." };
	}
	const entry = entries[c.position];
	// (The analysis's compaction is a compaction entry; anything else is no rule to describe.)
	if (!isEntry(entry, "compaction")) return { severity: "info", text: "" };
	const summarized = countRegion(analysis, "summarized");
	const gone = `${summarized} earlier ${summarized === 1 ? "entry is" : "entries are"}`;
	switch (analysis.rule) {
		case "retained-tail": {
			const tail = Array.isArray(entry.retainedTail) ? entry.retainedTail.length : 0;
			return {
				severity: "info",
				text: `Compaction ${entry.id} is a checkpoint (retainedTail: ${tail} message${tail === 1 ? "" : "s"}): ${gone} replaced by its summary and tail; nothing before it is read.`,
			};
		}
		case "legacy": {
			const kept = countRegion(analysis, "kept");
			return {
				severity: "info",
				text: `Compaction ${entry.id} keeps ${kept} ${kept === 1 ? "entry" : "entries"} from firstKeptEntryId ${String(entry.firstKeptEntryId)} on; ${gone} replaced by its summary.`,
			};
		}
		case "legacy-kept-missing":
			return {
				severity: "warning",
				text: `Compaction ${entry.id} names firstKeptEntryId ${String(entry.firstKeptEntryId ?? "(none)")}, which is not on this path: pi silently keeps nothing before the compaction, so ${gone} dropped and only the summary and what follows are sent.`,
			};
		default:
			return { severity: "info", text: "" };
	}
}

/** Short human name of a message origin. */
export function originLabel(origin: MessageOrigin): string {
	switch (origin) {
		case "message":
			return "message entry";
		case "compaction-system":
			return "compaction system message";
		case "compaction-summary":
			return "compaction summary";
		case "retained-tail":
			return "compaction retained tail";
		case "branch-summary":
			return "branch summary";
		case "custom-message":
			return "custom message";
		case "context-notes":
			return "context notebook (oh-my-pi)";
		default: {
			const never: never = origin;
			return String(never);
		}
	}
}

/** Where a path entry stands relative to the latest compaction, in a word or two. */
export function regionLabel(fate: PathEntryFate): string {
	switch (fate.region) {
		case "whole":
			return "on path";
		case "summarized":
			return "summarized";
		case "kept":
			return fate.selected ? "kept" : "skipped";
		case "checkpoint":
			return "compaction";
		case "after":
			return "after";
		case "cleared":
			return "cleared";
		default: {
			const never: never = fate.region;
			return String(never);
		}
	}
}

/** What a path entry contributes to the messages, in a word or two. */
export function outcomeLabel(fate: PathEntryFate): string {
	if (!fate.selected) return "not read";
	if (fate.omitted) return "omitted by edit";
	if (fate.dropReason && fate.messageCount === 0) return "not sent";
	if (fate.messageCount === 0) return "no message";
	const n = `${fate.messageCount} message${fate.messageCount === 1 ? "" : "s"}`;
	return fate.editId ? `${n}, edited` : n;
}

/** A one-line preview of a message (as `entryPreview` gives for a message entry). */
export function messagePreview(message: AgentMessage, max = 80): string {
	return entryPreview({ type: "message", id: "", parentId: null, timestamp: "", message }, max);
}
