/**
 * Tiny builders for session entries, so tree and context cases read like the session they
 * describe: `user("a", null, "hi")`, `assistant("b", "a", "hello")`, … and `jsonl(header(), ...)`
 * for file text. Every builder returns plain data; `extra` fields are spread last, so a test can
 * override or break any field (`{ timestamp: "nope" }`).
 */
import type {
	AgentMessage,
	AssistantContent,
	AssistantMessage,
	BashExecutionMessage,
	BranchSummaryEntry,
	CompactionEntry,
	ContextEditEntry,
	CustomEntry,
	CustomMessageEntry,
	LabelEntry,
	MessageEntry,
	ModelChangeEntry,
	SessionEntry,
	SessionHeader,
	SessionInfoEntry,
	SystemMessage,
	ThinkingLevelChangeEntry,
	ToolResultMessage,
	UsageEntry,
	UserContent,
	UserMessage,
} from "../src/core/session/types";

/** Default entry timestamp; message timestamps default to the same instant in ms. */
export const T0 = "2026-01-01T00:00:00.000Z";
export const T0_MS = Date.parse(T0);

type Extra = Record<string, unknown>;

/** `T0` plus `seconds`, as an ISO string: for entries whose time matters. */
export function at(seconds: number): string {
	return new Date(T0_MS + seconds * 1000).toISOString();
}

function base(id: string, parentId: string | null, extra?: Extra) {
	return { id, parentId, timestamp: (extra?.timestamp as string | undefined) ?? T0 };
}

// ---------------------------------------------------------------------------------------------
// Messages (for `message` entries, `retainedTail` and expectations)

export function userMsg(content: string | UserContent[], extra?: Extra): UserMessage {
	return { role: "user", content, timestamp: T0_MS, ...extra } as UserMessage;
}

export interface ToolCallSpec {
	id: string;
	name?: string;
	arguments?: Record<string, unknown>;
}

export interface AssistantOptions {
	toolCalls?: (ToolCallSpec | string)[];
	thinking?: string;
	provider?: string;
	model?: string;
	stopReason?: string;
	errorMessage?: string;
}

export function assistantMsg(text: string | null, options: AssistantOptions = {}, extra?: Extra): AssistantMessage {
	const content: AssistantContent[] = [];
	if (options.thinking !== undefined) content.push({ type: "thinking", thinking: options.thinking });
	if (text !== null) content.push({ type: "text", text });
	for (const call of options.toolCalls ?? []) {
		const spec = typeof call === "string" ? { id: call } : call;
		content.push({ type: "toolCall", id: spec.id, name: spec.name ?? "bash", arguments: spec.arguments ?? {} });
	}
	return {
		role: "assistant",
		content,
		api: "test-api",
		provider: options.provider ?? "test-provider",
		model: options.model ?? "test-model",
		stopReason: options.stopReason ?? (options.toolCalls?.length ? "toolUse" : "stop"),
		...(options.errorMessage !== undefined ? { errorMessage: options.errorMessage } : {}),
		timestamp: T0_MS,
		...extra,
	} as AssistantMessage;
}

export function toolResultMsg(
	toolCallId: string,
	content: string | UserContent[],
	options: { toolName?: string; isError?: boolean } = {},
	extra?: Extra,
): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId,
		toolName: options.toolName ?? "bash",
		content: typeof content === "string" ? [{ type: "text", text: content }] : content,
		isError: options.isError ?? false,
		timestamp: T0_MS,
		...extra,
	} as ToolResultMessage;
}

export interface BashOptions {
	exitCode?: number | null;
	cancelled?: boolean;
	truncated?: boolean;
	fullOutputPath?: string;
	excludeFromContext?: boolean;
}

export function bashMsg(
	command: string,
	output: string,
	options: BashOptions = {},
	extra?: Extra,
): BashExecutionMessage {
	return {
		role: "bashExecution",
		command,
		output,
		exitCode: options.exitCode === undefined ? 0 : options.exitCode,
		cancelled: options.cancelled ?? false,
		truncated: options.truncated ?? false,
		...(options.fullOutputPath !== undefined ? { fullOutputPath: options.fullOutputPath } : {}),
		...(options.excludeFromContext !== undefined ? { excludeFromContext: options.excludeFromContext } : {}),
		timestamp: T0_MS,
		...extra,
	} as BashExecutionMessage;
}

export function systemMsg(content: string, extra?: Extra): SystemMessage {
	return { role: "system", content, timestamp: T0_MS, ...extra } as SystemMessage;
}

// ---------------------------------------------------------------------------------------------
// Entries

/** A `message` entry holding any message (or anything else, to build broken files). */
export function message(id: string, parentId: string | null, msg: AgentMessage | unknown, extra?: Extra): MessageEntry {
	return { type: "message", ...base(id, parentId, extra), message: msg, ...extra } as MessageEntry;
}

export function user(
	id: string,
	parentId: string | null,
	content: string | UserContent[],
	extra?: Extra,
): MessageEntry {
	return message(id, parentId, userMsg(content), extra);
}

export function assistant(
	id: string,
	parentId: string | null,
	text: string | null,
	options: AssistantOptions = {},
	extra?: Extra,
): MessageEntry {
	return message(id, parentId, assistantMsg(text, options), extra);
}

export function toolResult(
	id: string,
	parentId: string | null,
	toolCallId: string,
	content: string | UserContent[],
	options: { toolName?: string; isError?: boolean } = {},
	extra?: Extra,
): MessageEntry {
	return message(id, parentId, toolResultMsg(toolCallId, content, options), extra);
}

export function bash(
	id: string,
	parentId: string | null,
	command: string,
	output: string,
	options: BashOptions = {},
	extra?: Extra,
): MessageEntry {
	return message(id, parentId, bashMsg(command, output, options), extra);
}

export function system(id: string, parentId: string | null, content: string, extra?: Extra): MessageEntry {
	return message(id, parentId, systemMsg(content), extra);
}

export interface CompactionOptions {
	summary?: string;
	tokensBefore?: number;
	firstKeptEntryId?: string;
	retainedTail?: AgentMessage[] | unknown;
	systemMessage?: AgentMessage | string;
}

export function compaction(
	id: string,
	parentId: string | null,
	options: CompactionOptions = {},
	extra?: Extra,
): CompactionEntry {
	return {
		type: "compaction",
		...base(id, parentId, extra),
		summary: options.summary ?? `summary ${id}`,
		tokensBefore: options.tokensBefore ?? 1000,
		...(options.firstKeptEntryId !== undefined ? { firstKeptEntryId: options.firstKeptEntryId } : {}),
		...("retainedTail" in options ? { retainedTail: options.retainedTail } : {}),
		...(options.systemMessage !== undefined ? { systemMessage: options.systemMessage } : {}),
		...extra,
	} as CompactionEntry;
}

export function branchSummary(
	id: string,
	parentId: string | null,
	fromId: string,
	summary: string,
	extra?: Extra,
): BranchSummaryEntry {
	return { type: "branch_summary", ...base(id, parentId, extra), fromId, summary, ...extra } as BranchSummaryEntry;
}

export function customMessage(
	id: string,
	parentId: string | null,
	customType: string,
	content: string | UserContent[] | null,
	options: { display?: boolean; details?: unknown } = {},
	extra?: Extra,
): CustomMessageEntry {
	return {
		type: "custom_message",
		...base(id, parentId, extra),
		customType,
		content,
		display: options.display ?? true,
		...("details" in options ? { details: options.details } : {}),
		...extra,
	} as CustomMessageEntry;
}

export function custom(
	id: string,
	parentId: string | null,
	customType: string,
	data?: unknown,
	extra?: Extra,
): CustomEntry {
	return {
		type: "custom",
		...base(id, parentId, extra),
		customType,
		...(data !== undefined ? { data } : {}),
		...extra,
	} as CustomEntry;
}

/** `replacement` null omits the target; a string or blocks replace its content. */
export function contextEdit(
	id: string,
	parentId: string | null,
	targetId: string,
	replacement: string | unknown[] | null,
	extra?: Extra,
): ContextEditEntry {
	return {
		type: "context_edit",
		...base(id, parentId, extra),
		targetId,
		replacement: replacement === null ? null : { content: replacement },
		...extra,
	} as ContextEditEntry;
}

export function modelChange(
	id: string,
	parentId: string | null,
	provider: string,
	modelId: string,
	extra?: Extra,
): ModelChangeEntry {
	return { type: "model_change", ...base(id, parentId, extra), provider, modelId, ...extra } as ModelChangeEntry;
}

export function thinkingLevel(
	id: string,
	parentId: string | null,
	level: string,
	extra?: Extra,
): ThinkingLevelChangeEntry {
	return {
		type: "thinking_level_change",
		...base(id, parentId, extra),
		thinkingLevel: level,
		...extra,
	} as ThinkingLevelChangeEntry;
}

/** `label` undefined clears the target's label. */
export function label(id: string, parentId: string | null, targetId: string, text?: string, extra?: Extra): LabelEntry {
	return {
		type: "label",
		...base(id, parentId, extra),
		targetId,
		...(text !== undefined ? { label: text } : {}),
		...extra,
	} as LabelEntry;
}

export function sessionInfo(id: string, parentId: string | null, name?: string, extra?: Extra): SessionInfoEntry {
	return {
		type: "session_info",
		...base(id, parentId, extra),
		...(name !== undefined ? { name } : {}),
		...extra,
	} as SessionInfoEntry;
}

export function usage(id: string, parentId: string | null, extra?: Extra): UsageEntry {
	return {
		type: "usage",
		...base(id, parentId, extra),
		kind: "cache_warm",
		provider: "test-provider",
		model: "test-model",
		usage: { input: 1, output: 2, cacheRead: 3, cacheWrite: 4, totalTokens: 10 },
		...extra,
	} as UsageEntry;
}

/** An entry of a type pi does not define. */
export function unknownEntry(id: string, parentId: string | null, type = "future_thing", extra?: Extra): SessionEntry {
	return { type, ...base(id, parentId, extra), ...extra };
}

// ---------------------------------------------------------------------------------------------
// Files

export function header(extra?: Extra): SessionHeader {
	return { type: "session", version: 3, id: "session-1", timestamp: T0, cwd: "/work", ...extra };
}

/** File text: one JSON line per object, header first (omit it with `null`), newline-terminated. */
export function jsonl(head: SessionHeader | Extra | null, ...entries: (SessionEntry | Extra)[]): string {
	const objects = head === null ? entries : [head, ...entries];
	return objects.map((o) => `${JSON.stringify(o)}\n`).join("");
}

/**
 * Chains entries made with a placeholder parent: each entry's `parentId` becomes the previous
 * entry's id (the first keeps its own). For long linear sessions: `chain(user("a", null, "x"), …)`.
 */
export function chain<T extends SessionEntry>(...entries: T[]): T[] {
	for (let i = 1; i < entries.length; i++) entries[i].parentId = entries[i - 1].id;
	return entries;
}

// ---------------------------------------------------------------------------------------------
// Other dialects

/** oh-my-pi's line 1: the title slot, padded to exactly 256 UTF-8 bytes with its newline. */
export function ompTitleSlot(title: string, extra?: Extra): string {
	const slot = { type: "title", v: 1, title, updatedAt: T0, ...extra, pad: "" };
	const pad = 255 - new TextEncoder().encode(JSON.stringify(slot)).length;
	return JSON.stringify({ ...slot, pad: " ".repeat(Math.max(0, pad)) });
}

/** An oh-my-pi file: title slot, v3 header, entries. */
export function ompFile(title: string, ...entries: (SessionEntry | Extra)[]): string {
	return `${ompTitleSlot(title)}\n${jsonl(header(), ...entries)}`;
}

/** An entry of any type with the common fields (oh-my-pi's own types, newer pi's `leaf`, …). */
export function entry(type: string, id: string, parentId: string | null, fields?: Extra): SessionEntry {
	return { type, ...base(id, parentId, fields), ...fields } as SessionEntry;
}
