/**
 * What the other agents' rules (Claude Code, Codex) share: an analysis assembled from the messages
 * a walk sends, and the request's shape checks (every tool call answered right after it, no answer
 * without its call).
 */
import {
	type CompactionInfo,
	type CompactionRule,
	type ContextAnalysis,
	type ExplainStep,
	type MessageOrigin,
	type MessageSource,
	type PathEntryFate,
	type Region,
	summarizedFates,
} from "../context/analysis";
import type { AgentMessage, Dialect, ModelRef, SessionEntry } from "../session/types";
import { fieldOf } from "../util/fields";

/** One message the walk sends, and the path entry (its index on the path) it comes from. */
export interface SentMessage {
	at: number;
	message: AgentMessage;
	origin: MessageOrigin;
}

/** A path's context as an agent's rules read it, before it is packed into a `ContextAnalysis`. */
export interface AgentWalk {
	dialect: Dialect;
	entries: readonly SessionEntry[];
	leaf: number;
	path: number[];
	/** The first path index read; those before are `before.region` with `before.reason`. */
	start: number;
	before: { region: "summarized" | "cleared"; reason: string };
	/** The latest compaction on the path, if any (the read starts there unless `regionOf` keeps more). */
	compaction: CompactionInfo | null;
	sent: SentMessage[];
	/** Why a path entry (by path index) sends nothing, or what became of what it sent. */
	notes: Map<number, { reason: string; dropReason?: string }>;
	/** The region of a path entry read (from `start` on; default: after the compaction, or whole). */
	regionOf?(at: number): Region;
	/** The reason for a path entry that sends its messages (by path index). */
	sentReason(at: number): string;
	model: ModelRef | null;
	modelFrom: number;
	thinkingLevel: string;
}

/** The analysis of a walk: fates per path entry, the messages and where each came from. */
export function assembleWalk(walk: AgentWalk): ContextAnalysis {
	const { entries, path, start, sent, notes } = walk;
	const messages: AgentMessage[] = [];
	const sources: MessageSource[] = [];
	const after: PathEntryFate[] = [];
	const region: Region = walk.compaction ? "after" : "whole";
	let s = 0;
	for (let i = start; i < path.length; i++) {
		const position = path[i];
		const first = messages.length;
		while (s < sent.length && sent[s].at === i) {
			messages.push(sent[s].message);
			sources.push({ entryId: entries[position].id, position, origin: sent[s].origin });
			s++;
		}
		const count = messages.length - first;
		const note = notes.get(i);
		const checkpoint = walk.compaction !== null && i === walk.compaction.pathIndex;
		const own = checkpoint ? "checkpoint" : (walk.regionOf?.(i) ?? region);
		after.push({
			position,
			id: entries[position].id,
			region: own,
			selected: own !== "summarized",
			messageStart: count > 0 ? first : -1,
			messageCount: count,
			reason: count > 0 ? walk.sentReason(i) : (note?.reason ?? "Not a message: nothing of it is sent"),
			...(note?.dropReason ? { dropReason: note.dropReason } : {}),
		});
	}
	const rule: CompactionRule = walk.compaction ? "retained-tail" : walk.before.region === "cleared" ? "clear" : "none";
	const prefix =
		start === 0 ? null : summarizedFates(entries, path, start, walk.before.reason, after, walk.before.region);
	const selectedPositions = after.filter((f) => f.selected).map((f) => f.position);
	return {
		dialect: walk.dialect,
		leaf: walk.leaf,
		path,
		rule,
		compaction: walk.compaction,
		fates: prefix?.fates ?? after,
		selected: selectedPositions.map((p) => entries[p]),
		selectedPositions,
		edits: new Map(),
		messages,
		sources,
		thinkingLevel: walk.thinkingLevel,
		model: walk.model,
		thinkingLevelFrom: -1,
		modelFrom: walk.modelFrom,
		activeToolsFrom: -1,
		summarized: prefix?.prefix ?? null,
	};
}

/** Whether a message was made by the rules (an answer the file does not hold), not read. */
export function isSynthesized(message: AgentMessage): boolean {
	return fieldOf(message, "synthesized") === true;
}

/** The tool calls an assistant message makes, by id. */
export function callIds(message: AgentMessage): string[] {
	if (message.role !== "assistant" || !Array.isArray(message.content)) return [];
	const out: string[] = [];
	for (const b of message.content) if (b && b.type === "toolCall" && typeof b.id === "string") out.push(b.id);
	return out;
}

/** The name of the tool a call id was made to, among `messages`. */
export function toolNameOf(messages: readonly SentMessage[], id: string): string {
	for (let i = messages.length - 1; i >= 0; i--) {
		const m = messages[i].message;
		if (m.role !== "assistant" || !Array.isArray(m.content)) continue;
		for (const b of m.content) if (b && b.type === "toolCall" && b.id === id) return b.name;
	}
	return "";
}

/** A tool result the rules add for a call the file holds no answer to (as the agents do on resume). */
export function missingResult(callId: string, toolName: string, timestamp: number, text: string): AgentMessage {
	const message: AgentMessage = {
		role: "toolResult",
		toolCallId: callId,
		toolName,
		content: text,
		isError: true,
		timestamp,
	};
	Reflect.set(message, "synthesized", true);
	return message;
}

/** How an agent's rules are told, step by step (see `explainAgent`). */
export interface AgentWording {
	/** "Claude Code", "Codex". */
	agent: string;
	/** How the path is walked. */
	walk: string;
	/** What a compaction on the path does. */
	compaction: string;
	/** The rule that makes messages of the entries. */
	rule: string;
	/** What the file does not hold of the request. */
	unknown: string;
	/** The request's shape. */
	request: string;
}

const count = (n: number, word: string) =>
	`${n} ${n === 1 ? word : word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`}`;

/** An agent's builder for one leaf in the explainer's seven steps, worded by `w`. */
export function explainAgent(entries: readonly SessionEntry[], a: ContextAnalysis, w: AgentWording): ExplainStep[] {
	const id = (p: number) => entries[p].id;
	const c = a.compaction;
	const fates = a.summarized ? a.summarized.after : a.fates;
	const sending = fates.filter((f) => f.messageCount > 0).map((f) => f.position);
	const dropped = fates.filter((f) => f.dropReason !== undefined).length;
	const added = a.messages.filter(isSynthesized).length;
	const before = a.summarized?.count ?? 0;
	const model = a.model ? `${a.model.provider}/${a.model.modelId}` : "not recorded";
	return [
		{
			id: "path",
			title: "1. Collect the path",
			text: `${w.walk} From ${a.leaf >= 0 ? `entry ${id(a.leaf)}` : "no entry"} up to the root: ${count(a.path.length, "entry")}.`,
			focus: a.path,
		},
		{
			id: "compaction",
			title: "2. Find the latest compaction",
			text: c
				? `The last compaction on the path is ${id(c.position)}${c.tokensBefore ? ` (${c.tokensBefore.toLocaleString("en")} tokens before it)` : ""}. ${w.compaction}`
				: a.rule === "clear"
					? "The leaf is in a subagent's lane: only the lane is read, not the session that started it."
					: "There is no compaction on the path: everything on it is read.",
			focus: c ? [c.position] : [],
		},
		{ id: "rule", title: `3. ${w.agent}'s rule`, text: w.rule, focus: c ? [c.position] : [] },
		{
			id: "range",
			title: "4. The selected range",
			text: `${count(a.selected.length, "entry")} read${before ? `; ${count(before, "entry")} before it are not sent` : ""}. Hooks, reminders, timings and other notes are marks on the entries, never messages.`,
			focus: a.selectedPositions,
		},
		{
			id: "project",
			title: "5. Make the messages",
			text: `${count(a.messages.length, "message")} from ${count(sending.length, "entry")}.${dropped ? ` ${count(dropped, "entry")} left out (see each one's reason).` : ""}${added ? ` ${count(added, "answer")} added for calls the file holds no result for.` : ""}`,
			focus: sending,
		},
		{
			id: "settings",
			title: "6. Model and what the file does not hold",
			text: `Model ${model}${a.thinkingLevel !== "unknown" ? `, reasoning effort ${a.thinkingLevel}` : ""}. ${w.unknown}`,
			focus: a.modelFrom >= 0 ? [a.modelFrom] : [],
		},
		{ id: "convert", title: "7. The request", text: w.request, focus: sending },
	];
}
