/**
 * OpenAI Codex CLI's rollouts (`../shared/formats/codex.md`), mapped to the explorer's model.
 *
 * Every `response_item` becomes an entry (its item kept as it is, for the request, and as pi's
 * message, for the view); a `compacted` line becomes a compaction entry holding its replacement
 * history; `turn_context` sets the settings of the entries after it; `token_count` events give the
 * usage of the response before them; a few events (compaction, rollback, aborted turns) are kept
 * as marks. A rollout is one line of history: only a rollback (`thread_rolled_back`) branches, the
 * items after it going on from where the dropped turns began.
 */
import {
	type AgentMessage,
	type AssistantContent,
	type LineMark,
	messageOfFields,
	type SessionEntry,
	type SessionHeader,
	type SessionIssue,
	type UserContent,
} from "../../session/types";
import { fieldOf, isRecord, numberField, stringField } from "../../util/fields";
import type { Fields, LineReader, ReadSession } from "../rules";

const LINE_TYPES: ReadonlySet<string> = new Set([
	"session_meta",
	"response_item",
	"event_msg",
	"turn_context",
	"compacted",
	"world_state",
	"inter_agent_communication_metadata",
]);

/** Events kept as marks on the entry they follow (the rest repeat what the items hold, or are telemetry). */
const MARKED_EVENTS: ReadonlySet<string> = new Set([
	"context_compacted",
	"thread_rolled_back",
	"turn_aborted",
	"entered_review_mode",
	"exited_review_mode",
	"undo_completed",
	"thread_name_updated",
]);

/** Whether `first` (a file's first object line) is a Codex rollout line. */
export function isCodexLine(first: Fields): boolean {
	return (
		typeof first.type === "string" &&
		LINE_TYPES.has(first.type) &&
		isRecord(first.payload) &&
		typeof first.timestamp === "string"
	);
}

/** Text that begins a user message Codex writes itself (instructions, environment): not a turn of the user's. */
const CONTEXT_PREFIXES = [
	"<environment_context>",
	"<user_instructions>",
	"# AGENTS.md instructions",
	"<permissions",
	"<user_shell_command>",
	"<turn_aborted>",
];

function textOf(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	let out = "";
	for (const c of content) {
		const t = stringField(c, "text");
		if (t !== undefined) out += out ? `\n${t}` : t;
	}
	return out;
}

/** Whether an item is a user message that starts a turn of the user's (a rollback counts these). */
export function isUserTurn(item: unknown): boolean {
	if (fieldOf(item, "type") !== "message" || fieldOf(item, "role") !== "user") return false;
	const text = textOf(fieldOf(item, "content")).trimStart();
	return !CONTEXT_PREFIXES.some((p) => text.startsWith(p));
}

function contentOf(content: unknown): UserContent[] {
	if (typeof content === "string") return [{ type: "text", text: content }];
	const out: UserContent[] = [];
	if (!Array.isArray(content)) return out;
	for (const c of content) {
		const type = fieldOf(c, "type");
		const text = stringField(c, "text");
		if (text !== undefined) out.push({ type: "text", text });
		else if (type === "input_image") {
			const url = stringField(c, "image_url") ?? "";
			const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
			out.push(data ? { type: "image", mimeType: data[1], data: data[2] } : { type: "text", text: "[image]" });
		} else out.push({ type: "text", text: `[${String(type)}]` });
	}
	return out;
}

function parseArguments(text: unknown): Record<string, unknown> {
	if (isRecord(text)) return text;
	if (typeof text !== "string") return {};
	try {
		const value: unknown = JSON.parse(text);
		return isRecord(value) ? value : { arguments: text };
	} catch {
		return { arguments: text };
	}
}

function outputOf(output: unknown): string | UserContent[] {
	if (typeof output === "string") return output;
	if (Array.isArray(output)) return contentOf(output);
	if (isRecord(output)) {
		const content = output.content;
		if (typeof content === "string") return content;
		if (Array.isArray(content)) return contentOf(content);
	}
	return JSON.stringify(output) ?? "";
}

/** The settings in effect for a reply (the latest `turn_context`). */
interface Settings {
	model: string;
	provider: string;
}

/**
 * One Responses API item as pi's message (what the view shows), or null when Codex does not send
 * it (a ghost snapshot, a `system` message, an item it drops). `names` maps call ids to tools.
 */
export function messageOfItem(
	item: unknown,
	time: number,
	settings: Settings,
	names: Map<string, string>,
): AgentMessage | null {
	if (!isRecord(item)) return null;
	const assistant = (content: AssistantContent[]): AgentMessage => ({
		role: "assistant",
		content,
		api: "openai-responses",
		provider: settings.provider,
		model: settings.model,
		timestamp: time,
	});
	const callId = stringField(item, "call_id") ?? stringField(item, "id") ?? "";
	switch (item.type) {
		case "message": {
			const role = item.role;
			if (role === "assistant") {
				return assistant(
					contentOf(item.content).map((b) => (b.type === "text" ? b : { type: "text", text: "[image]" })),
				);
			}
			if (role === "user") return { role: "user", content: contentOf(item.content), timestamp: time };
			if (role === "developer") {
				// Codex sends the developer's role as it is (pi's message types do not name it).
				return messageOfFields({ role: "developer", content: contentOf(item.content), timestamp: time });
			}
			return null;
		}
		case "reasoning": {
			const summary = Array.isArray(item.summary)
				? item.summary.map((s) => stringField(s, "text") ?? "").filter(Boolean)
				: [];
			const shown = [...summary, textOf(item.content)].filter(Boolean).join("\n\n");
			const opaque = typeof item.encrypted_content === "string" && item.encrypted_content !== "";
			return assistant([
				{
					type: "thinking",
					thinking: shown || (opaque ? "[encrypted reasoning: opaque, not readable from the file]" : ""),
					...(opaque ? { redacted: !shown } : {}),
				},
			]);
		}
		case "function_call":
		case "custom_tool_call":
		case "local_shell_call":
		case "tool_search_call": {
			const name =
				item.type === "local_shell_call"
					? "local_shell"
					: item.type === "tool_search_call"
						? "tool_search"
						: (stringField(item, "name") ?? "");
			names.set(callId, name);
			const args =
				item.type === "function_call"
					? parseArguments(item.arguments)
					: item.type === "custom_tool_call"
						? { input: item.input }
						: isRecord(item.action)
							? item.action
							: isRecord(item.arguments)
								? item.arguments
								: {};
			return assistant([{ type: "toolCall", id: callId, name, arguments: args }]);
		}
		case "function_call_output":
		case "custom_tool_call_output":
		case "tool_search_output":
			return {
				role: "toolResult",
				toolCallId: callId,
				toolName: names.get(callId) ?? "",
				content: outputOf(item.output),
				isError: fieldOf(item.output, "success") === false,
				timestamp: time,
			};
		case "web_search_call":
		case "image_generation_call": {
			const query = stringField(item.action, "query");
			return assistant([{ type: "text", text: `[${item.type}${query ? `: ${query}` : ""}]` }]);
		}
		case "compaction":
		case "compaction_summary":
			return {
				role: "custom",
				customType: "compaction",
				content: "[compaction: encrypted, opaque]",
				display: true,
				timestamp: time,
			};
		case "agent_message":
			return {
				role: "custom",
				customType: "agent_message",
				content: contentOf(item.content),
				display: true,
				timestamp: time,
			};
		default:
			return null;
	}
}

/** Whether an item is the model's output (its usage comes in the next `token_count`). */
function isOutput(item: unknown): boolean {
	const type = fieldOf(item, "type");
	if (type === "message") return fieldOf(item, "role") === "assistant";
	return (
		type === "reasoning" ||
		type === "function_call" ||
		type === "custom_tool_call" ||
		type === "local_shell_call" ||
		type === "web_search_call" ||
		type === "tool_search_call" ||
		type === "image_generation_call"
	);
}

function timeOf(iso: unknown): number {
	const t = typeof iso === "string" ? Date.parse(iso) : Number.NaN;
	return Number.isFinite(t) ? t : 0;
}

/** Reads Codex rollout lines in file order; `finish` gives the session. */
export class CodexReader implements LineReader {
	private readonly entries: SessionEntry[] = [];
	private readonly lines: number[] = [];
	private readonly issues: SessionIssue[] = [];
	private readonly names = new Map<string, string>();
	/** The entry the next one goes on from (-1: none yet). */
	private cursor = -1;
	/** Positions of the user turns on the current line of history, oldest first. */
	private turns: number[] = [];
	private settings: Settings = { model: "", provider: "openai" };
	private pendingTurn: Fields | null = null;
	/** The last model output since the last usage figures. */
	private lastOutput = -1;
	private header: SessionHeader | null = null;
	private metas = 0;
	private title = "";
	/** The first words of the user's (not the instructions Codex sends as user messages): the title when the thread has no name. */
	private firstPrompt = "";
	private pending: LineMark[] = [];

	constructor(
		first: Fields,
		line: number,
		private readonly report: (issue: SessionIssue) => void,
	) {
		this.accept(first, line);
	}

	private issue(line: number, code: string, severity: SessionIssue["severity"], message: string): void {
		this.report({ line, severity, code, message });
	}

	accept(obj: Fields, line: number): void {
		const payload = obj.payload;
		const timestamp = typeof obj.timestamp === "string" ? obj.timestamp : "";
		if (!isRecord(payload)) {
			this.issue(line, "codex-bad-line", "warning", "A line without a payload object: skipped");
			return;
		}
		switch (obj.type) {
			case "session_meta":
				this.meta(payload, timestamp, line);
				return;
			case "turn_context":
				this.pendingTurn = payload;
				if (typeof payload.model === "string") this.settings = { ...this.settings, model: payload.model };
				return;
			case "response_item":
				this.item(payload, timestamp, line);
				return;
			case "compacted":
				this.compacted(payload, timestamp, line);
				return;
			case "event_msg":
				this.event(payload, line);
				return;
			case "world_state":
			case "inter_agent_communication_metadata":
				return;
			default:
				this.issue(line, "codex-unknown-line", "info", `A ${JSON.stringify(obj.type)} line: not part of the history`);
		}
	}

	private meta(payload: Fields, timestamp: string, line: number): void {
		this.metas++;
		if (this.header !== null) {
			if (this.metas === 2 && this.header.parentSession !== undefined)
				this.issue(
					line,
					"codex-copied-history",
					"info",
					"A second session_meta: what follows is the parent thread's history, copied when this one was forked or spawned",
				);
			return;
		}
		const source = payload.source;
		const spawn = fieldOf(fieldOf(source, "subagent"), "thread_spawn");
		const parent =
			stringField(payload, "forked_from_id") ??
			stringField(spawn, "parent_thread_id") ??
			stringField(payload, "parent_thread_id");
		const instructions = stringField(payload.base_instructions, "text") ?? stringField(payload, "instructions");
		const provider = stringField(payload, "model_provider");
		if (provider) this.settings = { ...this.settings, provider };
		this.header = {
			type: "session",
			id: stringField(payload, "id") ?? stringField(payload, "session_id") ?? "",
			timestamp: stringField(payload, "timestamp") ?? timestamp,
			cwd: stringField(payload, "cwd") ?? "",
			...(parent ? { parentSession: parent } : {}),
			...(typeof payload.cli_version === "string" ? { agentVersion: payload.cli_version } : {}),
			...(typeof payload.originator === "string" ? { originator: payload.originator } : {}),
			...(instructions !== undefined ? { instructions } : {}),
			...(typeof source === "string" ? { source } : isRecord(source) ? { source: Object.keys(source).join(" ") } : {}),
		};
	}

	private push(entry: SessionEntry, line: number): number {
		const at = this.entries.length;
		entry.dialect = "codex";
		entry.parentId = this.cursor < 0 ? null : this.entries[this.cursor].id;
		if (this.pendingTurn) {
			Reflect.set(entry, "turnContext", this.pendingTurn);
			this.pendingTurn = null;
		}
		if (this.pending.length > 0) {
			entry.marks = this.pending;
			this.pending = [];
		}
		this.entries.push(entry);
		this.lines.push(line);
		this.cursor = at;
		return at;
	}

	private item(item: Fields, timestamp: string, line: number): void {
		const message = messageOfItem(item, timeOf(timestamp), this.settings, this.names);
		const id = `L${line}`;
		const at = this.push(
			message
				? { type: "message", id, parentId: null, timestamp, message, wire: item }
				: { type: "codex_item", id, parentId: null, timestamp, itemType: String(item.type), wire: item },
			line,
		);
		if (!message && item.type !== "ghost_snapshot" && item.type !== "other")
			this.issue(line, "codex-unknown-item", "info", `A ${JSON.stringify(item.type)} item: kept, not sent`);
		if (isUserTurn(item)) {
			this.turns.push(at);
			if (this.firstPrompt === "") this.firstPrompt = textOf(item.content).trim().slice(0, 200);
		}
		if (isOutput(item)) this.lastOutput = at;
	}

	private compacted(payload: Fields, timestamp: string, line: number): void {
		const replacement = Array.isArray(payload.replacement_history) ? payload.replacement_history : null;
		this.push(
			{
				type: "compaction",
				id: `L${line}`,
				parentId: null,
				timestamp,
				summary:
					typeof payload.message === "string" && payload.message !== ""
						? payload.message
						: replacement
							? `Replacement history: ${replacement.length} item${replacement.length === 1 ? "" : "s"} stand for everything before`
							: "",
				tokensBefore: 0,
				...(replacement ? { wire: replacement } : {}),
			},
			line,
		);
		// What a rollback counts from here: the user turns the new history holds.
		this.turns = [];
	}

	private event(payload: Fields, line: number): void {
		const type = payload.type;
		if (type === "token_count") {
			const last = fieldOf(payload.info, "last_token_usage");
			if (isRecord(last) && this.lastOutput >= 0) {
				const message = fieldOf(this.entries[this.lastOutput], "message");
				const cached = numberField(last, "cached_input_tokens") ?? 0;
				const input = Math.max(0, (numberField(last, "input_tokens") ?? 0) - cached);
				const output = numberField(last, "output_tokens") ?? 0;
				const cacheWrite = numberField(last, "cache_write_input_tokens") ?? 0;
				if (isRecord(message))
					message.usage = {
						input,
						output,
						cacheRead: cached,
						cacheWrite,
						totalTokens: input + cached + cacheWrite + output,
					};
				this.lastOutput = -1;
			}
			return;
		}
		if (type === "thread_rolled_back") {
			const n = numberField(payload, "num_turns") ?? 0;
			if (n > 0 && this.turns.length > 0) {
				const cut = this.turns[Math.max(0, this.turns.length - n)];
				this.turns.length = Math.max(0, this.turns.length - n);
				const parent = this.entries[cut].parentId;
				this.cursor = parent === null ? -1 : this.entries.findIndex((e) => e.id === parent);
			}
		}
		if (type === "thread_name_updated")
			this.title = stringField(payload, "thread_name") ?? stringField(payload, "name") ?? this.title;
		if (typeof type === "string" && MARKED_EVENTS.has(type)) {
			const mark: LineMark = {
				line,
				kind: `event ${type}`,
				text: clip(stringField(payload, "message") ?? stringField(payload, "reason") ?? ""),
			};
			const target = this.entries[this.cursor];
			if (!target) this.pending.push(mark);
			else if (target.marks) target.marks.push(mark);
			else target.marks = [mark];
		}
	}

	finish(): ReadSession {
		const header: SessionHeader = this.header ?? { type: "session", id: "", timestamp: "", cwd: "" };
		if (this.header === null)
			this.issues.push({
				line: 1,
				severity: "warning",
				code: "codex-no-meta",
				message: "The rollout has no session_meta line",
			});
		return {
			header,
			entries: this.entries,
			lines: this.lines,
			issues: this.issues,
			leafId: this.cursor >= 0 ? this.entries[this.cursor].id : null,
			version: 3,
			...(this.title || this.firstPrompt ? { title: this.title || this.firstPrompt } : {}),
		};
	}
}

function clip(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
