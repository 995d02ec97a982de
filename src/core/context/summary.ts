import type { AgentMessage, LineMark, Message, SessionEntry } from "../session/types";
import { type CodeLanguage, toolResultLanguages } from "../text/codeLanguage";
import { type Clip, clipValue } from "../util/clip";
import { type EntryKind, entryKind, entryPreview } from "../view/entryKind";
import type { CompactionRule, ContextAnalysis, MessageOrigin, PathEntryFate, Region } from "./analysis";
import { REGION_CODES } from "./analysis";
import { type Composition, composeContext } from "./composition";
import { type ContextPipeline, messagePreview, type RuleSeverity } from "./inspect";
import { type PackedFates, packFates } from "./lazyContext";
import type { MeasuredContext } from "./measured";

/*
 * A tip's context as the page shows it: one small summary (counts, tokens, settings, the rule in
 * words, and the path's fates as columns for the graph's paint), and rows asked for a slice at
 * a time. The builder's analysis and the messages stay where the session is (the worker): a tip
 * with 100,000 messages costs the page what one with ten does.
 */

/** An entry a setting was read from. */
export interface SettingView {
	id: string;
	kind: EntryKind;
	/** It sits in the region a compaction summarized away (it still counts). */
	summarized: boolean;
}

export interface ContextSettings {
	/** `provider/modelId`, or "none". */
	model: string;
	thinkingLevel: string;
	modelFrom: SettingView | null;
	thinkingFrom: SettingView | null;
	/** oh-my-pi: models by role other than the default, `[role, "provider/modelId"]`. */
	roles: [string, string][];
	/** oh-my-pi: the mode, when set. */
	mode?: string;
	/** Newer pi and v4: the active tools and the entry that set them. */
	tools: { names: string[]; id: string } | null;
}

export interface ContextSummary {
	/** The leaf's position (-1: the empty path) and id. */
	leaf: number;
	leafId: string | null;
	rule: CompactionRule;
	ruleNote: { severity: RuleSeverity; text: string };
	/** The latest compaction on the path. */
	compaction: { id: string; position: number; pathIndex: number; tokensBefore: number } | null;
	counts: {
		/** Entries on the path. */
		path: number;
		/** `buildContextEntries`. */
		entries: number;
		/** `buildSessionContext`'s messages. */
		messages: number;
		/** `convertToLlm`'s. */
		payload: number;
		/** Path entries before the latest compaction, not read. */
		summarized: number;
	};
	/** Estimates (characters ÷ 4): the context's messages, and what is sent. */
	tokens: { context: number; payload: number };
	/** What the tokens sent are, by category (block by block: their sum may pass `tokens.payload` by a little). */
	composition: Composition;
	/** What the provider recorded for the last reply on the path that recorded its input. */
	measured: MeasuredContext | null;
	settings: ContextSettings;
	/** The path's fates as columns (`position` is the path). */
	fates: PackedFates;
	/** Per selected entry, in builder order, its fate's index. */
	selectedAt: Int32Array;
}

/** Which list of the inspector a row is of. */
export type RowStage = "path" | "entries" | "messages" | "payload";

/**
 * Rows of each list asked for at once: a slice is this many rows from a multiple of it. A
 * context's answer carries each list's first slice.
 */
export const ROW_CHUNK: Readonly<Record<RowStage, number>> = { path: 40, entries: 40, messages: 24, payload: 12 };

/** A path entry with its fate (the path and entries stages). */
export interface EntryRowView {
	row: "entry";
	/** Its fate's index on the path. */
	fate: number;
	position: number;
	id: string;
	kind: EntryKind;
	/** The entry's own words, cut to a line. */
	preview: string;
	region: Region;
	selected: boolean;
	omitted: boolean;
	reason: string;
	messageStart: number;
	messageCount: number;
	editId?: string;
	dropReason?: string;
	/** Another agent's notes that sit on the chain here (hooks, timings): one line, when there are any. */
	marks?: string;
}

/** Where a message came from. */
export interface MessageSourceView {
	entryId: string;
	position: number;
	origin: MessageOrigin;
	editedBy?: string;
}

/** One message of the session context (stage 3), its long strings cut. */
export interface MessageRowView {
	row: "message";
	index: number;
	role: string;
	source: MessageSourceView;
	tokens: number;
	preview: string;
	/** A `!!` bash run: in the context, not sent. */
	excluded: boolean;
	message: AgentMessage;
	clips: Clip[];
	/** A tool result's language, from the file its call read. */
	language: CodeLanguage | null;
}

/** One message the provider receives (stage 4), its long strings cut. */
export interface PayloadRowView {
	row: "payload";
	index: number;
	/** The context message it was converted from. */
	from: number;
	role: string;
	source: MessageSourceView;
	tokens: number;
	message: Message;
	clips: Clip[];
	language: CodeLanguage | null;
}

export type RowView = EntryRowView | MessageRowView | PayloadRowView;

function settingView(entries: readonly SessionEntry[], source: ContextPipeline["model"]): SettingView | null {
	if (!source) return null;
	return { id: source.id, kind: entryKind(entries[source.position]), summarized: source.summarized };
}

function settingsOf(
	entries: readonly SessionEntry[],
	analysis: ContextAnalysis,
	pipeline: ContextPipeline,
): ContextSettings {
	const toolsAt = analysis.activeToolsFrom;
	const toolsEntry = toolsAt >= 0 ? entries[toolsAt] : null;
	const names = toolsEntry?.type === "active_tools_change" ? toolsEntry.activeToolNames : undefined;
	const mode = analysis.extras?.mode;
	return {
		model: analysis.model ? `${analysis.model.provider}/${analysis.model.modelId}` : "none",
		thinkingLevel: analysis.thinkingLevel,
		modelFrom: settingView(entries, pipeline.model),
		thinkingFrom: settingView(entries, pipeline.thinkingLevel),
		roles: (analysis.extras?.models ?? []).filter(([role]) => role !== "default"),
		...(mode !== undefined && mode !== "none" ? { mode } : {}),
		tools: toolsEntry ? { names: Array.isArray(names) ? names.map(String) : [], id: toolsEntry.id } : null,
	};
}

/**
 * The summary of a tip's context: `entries` hold whole every entry the analysis read (its
 * selected entries, its settings' sources, the leaf and the compaction).
 */
export function summarizeContext(
	entries: readonly SessionEntry[],
	analysis: ContextAnalysis,
	pipeline: ContextPipeline,
	measured: MeasuredContext | null,
): ContextSummary {
	const fates = packFates(analysis);
	const c = analysis.compaction;
	const selectedAt = new Int32Array(analysis.selectedPositions.length);
	for (let k = 0; k < selectedAt.length; k++) {
		const p = analysis.selectedPositions[k];
		selectedAt[k] = p >= 0 && p < fates.indexOf.length ? fates.indexOf[p] : -1;
	}
	const leaf = analysis.leaf;
	return {
		leaf,
		leafId: leaf >= 0 ? entries[leaf].id : null,
		rule: analysis.rule,
		ruleNote: pipeline.rule,
		compaction: c
			? {
					id: entries[c.position].id,
					position: c.position,
					pathIndex: c.pathIndex,
					tokensBefore: Number(c.tokensBefore) || 0,
				}
			: null,
		counts: {
			path: analysis.fates.length,
			entries: analysis.selected.length,
			messages: analysis.messages.length,
			payload: pipeline.llm.length,
			summarized:
				fates.regionCounts[REGION_CODES.indexOf("summarized")] + fates.regionCounts[REGION_CODES.indexOf("cleared")],
		},
		tokens: { context: pipeline.contextTokens, payload: pipeline.llmTokens },
		composition: composeContext(analysis.messages, pipeline.llm),
		measured,
		settings: settingsOf(entries, analysis, pipeline),
		fates,
		selectedAt,
	};
}

/** A path entry's row: its fate, and `entry` (whole) for its kind and words. */
export function entryRow(fate: PathEntryFate, index: number, entry: SessionEntry): EntryRowView {
	return {
		row: "entry",
		fate: index,
		position: fate.position,
		id: fate.id,
		kind: entryKind(entry),
		preview: entryPreview(entry, 140),
		region: fate.region,
		selected: fate.selected,
		omitted: fate.omitted === true,
		reason: fate.reason,
		messageStart: fate.messageStart,
		messageCount: fate.messageCount,
		...(fate.editId !== undefined ? { editId: fate.editId } : {}),
		...(fate.dropReason !== undefined ? { dropReason: fate.dropReason } : {}),
		...(Array.isArray(entry.marks) && entry.marks.length > 0 ? { marks: marksLine(entry.marks) } : {}),
	};
}

/** "then attachment hook_success: ok · system turn_duration: 8.4 s" (at most five, then a count). */
function marksLine(marks: readonly LineMark[]): string {
	const shown = marks.slice(0, 5).map((m) => (m.text ? `${m.kind}: ${m.text}` : m.kind));
	const more = marks.length > 5 ? ` · ${marks.length - 5} more` : "";
	return `then ${shown.join(" · ")}${more}`;
}

function sourceView(analysis: ContextAnalysis, i: number): MessageSourceView {
	const s = analysis.sources[i];
	return {
		entryId: s.entryId,
		position: s.position,
		origin: s.origin,
		...(s.editedBy !== undefined ? { editedBy: s.editedBy } : {}),
	};
}

/** The languages of the tool results among the analysis's selected entries (by tool call id). */
export function contextLanguages(analysis: ContextAnalysis): Map<string, CodeLanguage> {
	return toolResultLanguages(analysis.selected);
}

function languageOf(
	message: AgentMessage | Message,
	languages: ReadonlyMap<string, CodeLanguage>,
): CodeLanguage | null {
	return message.role === "toolResult" && typeof message.toolCallId === "string"
		? (languages.get(message.toolCallId) ?? null)
		: null;
}

/** Message `i` of the session context as a row, its strings cut to `limit`. */
export function messageRow(
	analysis: ContextAnalysis,
	pipeline: ContextPipeline,
	i: number,
	languages: ReadonlyMap<string, CodeLanguage>,
	limit?: number,
): MessageRowView {
	const message = analysis.messages[i];
	const role = String(message.role);
	const { value, clips } = clipValue(message, limit);
	return {
		row: "message",
		index: i,
		role,
		source: sourceView(analysis, i),
		tokens: pipeline.messageTokens[i],
		preview: messagePreview(message, 140),
		excluded: message.role === "bashExecution" && message.excludeFromContext === true,
		message: value,
		clips,
		language: languageOf(message, languages),
	};
}

/** Payload message `k` (what the provider receives) as a row, its strings cut to `limit`. */
export function payloadRow(
	analysis: ContextAnalysis,
	pipeline: ContextPipeline,
	k: number,
	languages: ReadonlyMap<string, CodeLanguage>,
	limit?: number,
): PayloadRowView {
	const item = pipeline.llm[k];
	const { value, clips } = clipValue(item.message, limit);
	return {
		row: "payload",
		index: k,
		from: item.from,
		role: String(item.message.role),
		source: sourceView(analysis, item.from),
		tokens: item.tokens,
		message: value,
		clips,
		language: languageOf(item.message, languages),
	};
}
