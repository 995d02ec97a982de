/**
 * What Codex sends at a leaf (`formats/codex.md` §3), by its own replay rule: the items on the
 * path appended in order; a compaction with a replacement history replaces everything before it;
 * one without (a local summary) keeps the initial context, the latest user messages (up to 20,000
 * tokens) and a user message holding the summary. Then Codex's normalisation before a request: a
 * call without an output gets an "aborted" one right after it, an output without its call is
 * dropped. The instructions are the session's `base_instructions` where the file records them.
 */
import type { ContextAnalysis } from "../../context/analysis";
import type { TreeIndex } from "../../session/tree";
import { resolveLeaf } from "../../session/tree";
import { type AgentMessage, type ModelRef, messageOfFields, type SessionEntry } from "../../session/types";
import { fieldOf, isRecord, stringField } from "../../util/fields";
import {
	type AgentWalk,
	assembleWalk,
	callIds,
	isSynthesized,
	missingResult,
	type SentMessage,
	toolNameOf,
} from "../agents";
import { isUserTurn, messageOfItem } from "./reader";

/** Codex keeps the latest user messages up to this many tokens (4 characters each) after a local compaction. */
const KEPT_USER_TOKENS = 20_000;

function sentOf(e: SessionEntry): AgentMessage | null {
	if (e.type !== "message") return null;
	const m = fieldOf(e, "message");
	return isRecord(m) && typeof m.role === "string" ? messageOfFields(m) : null;
}

/** The replacement history's items Codex sends, as messages. */
function replacementMessages(e: SessionEntry, settings: { model: string; provider: string }): AgentMessage[] {
	const items = fieldOf(e, "wire");
	if (!Array.isArray(items)) return [];
	const names = new Map<string, string>();
	const time = Date.parse(e.timestamp) || 0;
	const out: AgentMessage[] = [];
	for (const item of items) {
		const m = messageOfItem(item, time, settings, names);
		if (m) out.push(m);
	}
	return out;
}

function sentItems(e: SessionEntry): unknown[] {
	const items = fieldOf(e, "wire");
	if (!Array.isArray(items)) return [];
	const names = new Map<string, string>();
	return items.filter((item) => messageOfItem(item, 0, { model: "", provider: "" }, names) !== null);
}

function userText(m: AgentMessage): string {
	if (m.role !== "user") return "";
	const c = m.content;
	return typeof c === "string" ? c : c.map((b) => (b.type === "text" ? b.text : "")).join("");
}

export function analyzeCodexContext(
	entries: readonly SessionEntry[],
	leafId: string | null | undefined,
	index: TreeIndex,
	pathIn: number[] | Int32Array,
): ContextAnalysis {
	const path = Array.from(pathIn);
	const leaf = resolveLeaf(index, leafId);
	const n = path.length;
	let k = -1;
	for (let i = n - 1; i >= 0 && k < 0; i--) if (entries[path[i]].type === "compaction") k = i;
	const replaced = k >= 0 && Array.isArray(fieldOf(entries[path[k]], "wire"));
	let model: ModelRef | null = null;
	let modelFrom = -1;
	let thinkingLevel = "unknown";
	let provider = "openai";
	for (let i = 0; i < n; i++) {
		const turn = fieldOf(entries[path[i]], "turnContext");
		const id = stringField(turn, "model");
		if (id) {
			const m = sentOf(entries[path[i]]);
			provider = m?.role === "assistant" ? m.provider : provider;
			model = { provider, modelId: id };
			modelFrom = path[i];
		}
		const effort =
			stringField(turn, "effort") ??
			stringField(fieldOf(fieldOf(turn, "collaboration_mode"), "settings"), "reasoning_effort");
		if (effort) thinkingLevel = effort;
	}
	const notes: AgentWalk["notes"] = new Map();
	let sent: SentMessage[] = [];
	const kept = new Set<number>();
	let start = 0;
	if (k >= 0 && replaced) {
		start = k;
		for (const message of replacementMessages(entries[path[k]], { model: model?.modelId ?? "", provider })) {
			sent.push({ at: k, message, origin: "retained-tail" });
		}
	} else if (k >= 0) {
		// A local summary: the initial context, the latest user messages, the summary.
		let firstTurn = k;
		for (let i = 0; i < k; i++) {
			if (isUserTurn(fieldOf(entries[path[i]], "wire"))) {
				firstTurn = i;
				break;
			}
		}
		for (let i = 0; i < firstTurn; i++) {
			const m = sentOf(entries[path[i]]);
			if (m) {
				sent.push({ at: i, message: m, origin: "message" });
				kept.add(i);
			}
		}
		const users: SentMessage[] = [];
		let budget = KEPT_USER_TOKENS * 4;
		for (let i = k - 1; i >= firstTurn && budget > 0; i--) {
			const m = sentOf(entries[path[i]]);
			if (!m || !isUserTurn(fieldOf(entries[path[i]], "wire"))) continue;
			const text = userText(m);
			const message: AgentMessage =
				text.length <= budget
					? m
					: {
							role: "user",
							content: [{ type: "text", text: text.slice(text.length - budget) }],
							timestamp: m.timestamp ?? 0,
						};
			budget -= text.length;
			users.unshift({ at: i, message, origin: "message" });
			kept.add(i);
		}
		sent.push(...users);
		const summary = String(fieldOf(entries[path[k]], "summary") ?? "");
		sent.push({
			at: k,
			message: {
				role: "user",
				content: [{ type: "text", text: summary }],
				timestamp: Date.parse(entries[path[k]].timestamp) || 0,
			},
			origin: "compaction-summary",
		});
	}
	for (let i = k >= 0 ? k + 1 : 0; i < n; i++) {
		const m = sentOf(entries[path[i]]);
		if (m) sent.push({ at: i, message: m, origin: "message" });
		else if (entries[path[i]].type !== "compaction")
			notes.set(i, {
				reason: `A ${String(fieldOf(entries[path[i]], "itemType") ?? entries[path[i]].type)} item: Codex does not send it`,
			});
	}
	sent = normalize(sent, notes);
	const walk: AgentWalk = {
		dialect: "codex",
		entries,
		leaf,
		path,
		start,
		before: { region: "summarized", reason: "Before the compaction: its replacement history stands for it" },
		compaction: k >= 0 ? { position: path[k], pathIndex: k, firstKeptPathIndex: -1, tokensBefore: 0 } : null,
		sent,
		notes,
		regionOf: (i) => (k < 0 ? "whole" : i > k ? "after" : kept.has(i) ? "kept" : "summarized"),
		sentReason: (i) =>
			k >= 0 && i < k
				? "Kept by the local compaction (the initial context, or one of the latest user messages)"
				: k >= 0 && i === k
					? replaced
						? "The compaction's replacement history: what the model received instead of everything before"
						: "The compaction's summary, sent as a user message"
					: "Sent",
		model,
		modelFrom,
		thinkingLevel,
	};
	for (let i = 0; i < k; i++) {
		if (!kept.has(i) && !notes.has(i))
			notes.set(i, {
				reason: replaced
					? "Before the compaction: its replacement history stands for it"
					: "Summarized by the compaction",
			});
	}
	return assembleWalk(walk);
}

/** Codex's normalisation before a request: every call answered ("aborted" when not), no output without its call. */
function normalize(sent: SentMessage[], notes: AgentWalk["notes"]): SentMessage[] {
	const answered = new Set<string>();
	for (const s of sent) if (s.message.role === "toolResult") answered.add(s.message.toolCallId);
	const called = new Set<string>();
	const out: SentMessage[] = [];
	for (const s of sent) {
		const m = s.message;
		if (m.role === "toolResult") {
			if (!called.has(m.toolCallId)) {
				notes.set(s.at, {
					reason: "Not sent: an output without its call before it (Codex drops it)",
					dropReason: "no call before it",
				});
				continue;
			}
			out.push(s);
			continue;
		}
		out.push(s);
		for (const id of callIds(m)) {
			called.add(id);
			if (!answered.has(id))
				out.push({
					at: s.at,
					message: missingResult(id, toolNameOf(out, id), m.timestamp ?? 0, "aborted"),
					origin: s.origin,
				});
		}
	}
	return out;
}

/** Codex's request at a leaf: the Responses API input items (and the instructions, where recorded). */
export function codexInput(analysis: ContextAnalysis, entries: readonly SessionEntry[]): unknown[] {
	const input: unknown[] = [];
	const offsets = new Map<number, number>();
	analysis.messages.forEach((m, i) => {
		const source = analysis.sources[i];
		const e = entries[source.position];
		if (isSynthesized(m) && m.role === "toolResult") {
			const call = callItem(entries, analysis, m.toolCallId);
			input.push({
				type: call === "custom_tool_call" ? "custom_tool_call_output" : "function_call_output",
				call_id: m.toolCallId,
				output: "aborted",
			});
			return;
		}
		if (e.type === "compaction") {
			if (source.origin === "compaction-summary") {
				input.push({ type: "message", role: "user", content: [{ type: "input_text", text: userText(m) }] });
				return;
			}
			const k = offsets.get(source.position) ?? 0;
			offsets.set(source.position, k + 1);
			input.push(sentItems(e)[k]);
			return;
		}
		if (source.origin === "message" && m !== fieldOf(e, "message") && m.role === "user") {
			// A kept user message Codex truncated.
			input.push({ type: "message", role: "user", content: [{ type: "input_text", text: userText(m) }] });
			return;
		}
		input.push(fieldOf(e, "wire"));
	});
	return input;
}

function callItem(entries: readonly SessionEntry[], analysis: ContextAnalysis, id: string): string {
	for (const p of analysis.selectedPositions) {
		const wire = fieldOf(entries[p], "wire");
		if (fieldOf(wire, "call_id") === id) return String(fieldOf(wire, "type"));
	}
	return "function_call";
}
