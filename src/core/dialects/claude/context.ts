/**
 * What Claude Code sends at a leaf (`formats/claude-code.md` §5): the walk from the leaf up to the
 * latest compaction (or the file's root; a subagent's lane up to its own first line), every user
 * and assistant line on it as one message each, then the request's shape: it starts with a
 * prompt, consecutive lines of one side are one message, each `tool_use` is answered right after
 * it and no `tool_result` comes without its call. What the file cannot tell (the system prompt,
 * tool schemas, CLAUDE.md) is not invented: the glance shows it as what the recorded input holds
 * beyond the file.
 */
import type { ContextAnalysis } from "../../context/analysis";
import type { TreeIndex } from "../../session/tree";
import { resolveLeaf } from "../../session/tree";
import { type AgentMessage, type ModelRef, messageOfFields, type SessionEntry } from "../../session/types";
import { fieldOf, isRecord } from "../../util/fields";
import {
	type AgentWalk,
	assembleWalk,
	callIds,
	isSynthesized,
	missingResult,
	type SentMessage,
	toolNameOf,
} from "../agents";

/** The side of the conversation a message is on (a tool result is the user's side). */
function sideOf(m: AgentMessage): "user" | "assistant" {
	return m.role === "assistant" ? "assistant" : "user";
}

/** Whether an entry's message is one the model received (not an error Claude Code wrote itself). */
function sentMessage(e: SessionEntry): AgentMessage | null {
	if (e.type !== "message") return null;
	const m = fieldOf(e, "message");
	if (!isRecord(m)) return null;
	const role = m.role;
	if (role !== "user" && role !== "assistant" && role !== "toolResult") return null;
	if (fieldOf(e, "apiError") === true || (role === "assistant" && m.model === "<synthetic>")) return null;
	if (role === "assistant" && (!Array.isArray(m.content) || m.content.length === 0)) return null;
	return messageOfFields(m);
}

const NO_RESULT = "[No result recorded: the file holds no answer to this call, so the request carries one like this]";

export function analyzeClaudeContext(
	entries: readonly SessionEntry[],
	leafId: string | null | undefined,
	index: TreeIndex,
	pathIn: number[] | Int32Array,
): ContextAnalysis {
	const path = Array.from(pathIn);
	const leaf = resolveLeaf(index, leafId);
	const n = path.length;
	const inLane = n > 0 && fieldOf(entries[path[n - 1]], "sidechain") === true;
	let start = 0;
	let compactionAt = -1;
	for (let i = n - 1; i >= 0; i--) {
		const e = entries[path[i]];
		if (inLane && fieldOf(e, "sidechain") !== true) {
			start = i + 1;
			break;
		}
		if (e.type === "compaction") {
			start = i;
			compactionAt = i;
			break;
		}
	}
	const notes: AgentWalk["notes"] = new Map();
	// Every line on the walk that is a message, in order; then the request's shape.
	let sent: SentMessage[] = [];
	let model: ModelRef | null = null;
	let modelFrom = -1;
	for (let i = start; i < n; i++) {
		const e = entries[path[i]];
		const m = sentMessage(e);
		if (m) sent.push({ at: i, message: m, origin: "message" });
		else if (e.type === "message")
			notes.set(i, { reason: "An error Claude Code wrote itself (not a model reply): not sent" });
		else if (e.type === "compaction")
			notes.set(i, {
				reason: "Claude Code's compaction: what came before is replaced by the summary prompt that follows",
			});
		if (m?.role === "assistant" && m.model) {
			model = { provider: "anthropic", modelId: m.model };
			modelFrom = path[i];
		}
	}
	sent = shapeRequest(sent, notes, (s) => responseAt(entries, path[s.at]));
	const firstOfTurn = new Set<number>();
	for (let j = 0; j < sent.length; j++) {
		if (j === 0 || sideOf(sent[j - 1].message) !== sideOf(sent[j].message)) firstOfTurn.add(sent[j].at);
	}
	const walk: AgentWalk = {
		dialect: "claude-code",
		entries,
		leaf,
		path,
		start,
		before: inLane
			? { region: "cleared", reason: "The parent session's line: a subagent starts with its own context" }
			: { region: "summarized", reason: "Before the compaction: replaced by its summary prompt" },
		compaction:
			compactionAt >= 0
				? {
						position: path[compactionAt],
						pathIndex: compactionAt,
						firstKeptPathIndex: -1,
						tokensBefore: Number(fieldOf(entries[path[compactionAt]], "tokensBefore")) || 0,
					}
				: null,
		sent,
		notes,
		sentReason: (at) => {
			const role = fieldOf(fieldOf(entries[path[at]], "message"), "role");
			if (firstOfTurn.has(at)) return role === "assistant" ? "Sent: a model response" : "Sent";
			return role === "assistant"
				? "Sent, merged into the assistant message before it (one response is written as several lines)"
				: "Sent, merged into the user message before it";
		},
		model,
		modelFrom,
		thinkingLevel: "unknown",
	};
	return assembleWalk(walk);
}

/** Consecutive messages of one side, sent as one message (a response's lines and their results, a prompt's). */
interface Turn {
	side: "user" | "assistant";
	/** The response an assistant turn is (its lines may come between the results of its calls). */
	response: string | undefined;
	items: SentMessage[];
	/** A user turn that holds words of the user's, not only tool results. */
	prompt: boolean;
}

/**
 * The messages in turns, as Claude Code sends them: an assistant line goes back into its
 * response's turn when only that response's tool results came since (a response streams on while
 * its first calls run); else consecutive messages of one side are one turn.
 */
function turnsOf(items: readonly SentMessage[], responseOf: (s: SentMessage) => string | undefined): Turn[] {
	const turns: Turn[] = [];
	for (const s of items) {
		const side = sideOf(s.message);
		const last = turns[turns.length - 1];
		if (side === "assistant") {
			const response = responseOf(s);
			const before = turns[turns.length - 2];
			if (last?.side === "assistant") last.items.push(s);
			else if (response !== undefined && before?.response === response && last && !last.prompt) before.items.push(s);
			else turns.push({ side, response, items: [s], prompt: false });
			continue;
		}
		const prompt = s.message.role === "user";
		if (last?.side === "user") {
			last.items.push(s);
			last.prompt ||= prompt;
		} else turns.push({ side, response: undefined, items: [s], prompt });
	}
	return turns;
}

/**
 * The messages as a request the API accepts: it starts with the user's side; a tool result only
 * in the turn right after the response that made its call; every call of a response answered in
 * the next turn (a missing answer is added, as Claude Code adds one when a call was interrupted).
 */
function shapeRequest(
	sent: SentMessage[],
	notes: AgentWalk["notes"],
	responseOf: (s: SentMessage) => string | undefined,
): SentMessage[] {
	const drop = (s: SentMessage, reason: string, dropReason: string) => notes.set(s.at, { reason, dropReason });
	let kept = sent;
	for (let changed = true; changed; ) {
		changed = false;
		const turns = turnsOf(kept, responseOf);
		const out: SentMessage[] = [];
		let calls = new Set<string>();
		for (let t = 0; t < turns.length; t++) {
			const turn = turns[t];
			if (out.length === 0 && turn.side === "assistant") {
				for (const s of turn.items)
					drop(
						s,
						"Not sent: a request starts with the user's side, and this line comes before the first prompt the file holds",
						"before the first prompt",
					);
				changed = true;
				continue;
			}
			if (turn.side === "assistant") {
				calls = new Set(turn.items.flatMap((s) => callIds(s.message)));
				out.push(...turn.items);
				continue;
			}
			for (const s of turn.items) {
				const m = s.message;
				if (m.role === "toolResult" && !calls.delete(m.toolCallId)) {
					drop(
						s,
						"Not sent: a tool result without its call in the assistant message just before (the API refuses one)",
						"no call before it",
					);
					changed = true;
				} else out.push(s);
			}
			calls = new Set();
		}
		kept = out;
	}
	// Every call answered in the turn after its response.
	const turns = turnsOf(kept, responseOf);
	const out: SentMessage[] = [];
	for (let t = 0; t < turns.length; t++) {
		const turn = turns[t];
		out.push(...turn.items);
		if (turn.side !== "assistant") continue;
		const next = turns[t + 1];
		const answered = new Set(
			next ? next.items.map((s) => (s.message.role === "toolResult" ? s.message.toolCallId : "")) : [],
		);
		const last = turn.items[turn.items.length - 1];
		for (const s of turn.items) {
			for (const id of callIds(s.message)) {
				if (answered.has(id)) continue;
				out.push({
					at: last.at,
					message: missingResult(id, toolNameOf(turn.items, id), last.message.timestamp ?? 0, NO_RESULT),
					origin: "message",
				});
			}
		}
	}
	// In path order (a missing answer after the line that ends its response), as the inspector lists them.
	return out.sort((a, b) => a.at - b.at);
}

/** Claude Code's request at a leaf: the Messages API `messages`, one per turn. */
export function claudePayload(
	analysis: ContextAnalysis,
	entries: readonly SessionEntry[],
): { role: "user" | "assistant"; content: unknown[] }[] {
	const items: SentMessage[] = analysis.messages.map((message, i) => ({
		at: analysis.sources[i].position,
		message,
		origin: "message",
	}));
	const out: { role: "user" | "assistant"; content: unknown[] }[] = [];
	for (const turn of turnsOf(items, (s) => responseAt(entries, s.at))) {
		const content: unknown[] = [];
		for (const { at, message } of turn.items) {
			if (isSynthesized(message) && message.role === "toolResult") {
				content.push({
					type: "tool_result",
					tool_use_id: message.toolCallId,
					content: message.content,
					is_error: true,
				});
				continue;
			}
			const blocks = fieldOf(fieldOf(entries[at], "wire"), "content");
			if (Array.isArray(blocks)) content.push(...blocks);
		}
		if (content.length > 0) out.push({ role: turn.side, content });
	}
	return out;
}

function responseAt(entries: readonly SessionEntry[], position: number): string | undefined {
	const r = fieldOf(entries[position], "response");
	return typeof r === "string" ? r : undefined;
}
