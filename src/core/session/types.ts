/**
 * Session file types (pi session format v3, see SPEC.md §1).
 *
 * Everything here describes untrusted data read from a file: fields the format promises may
 * still be missing or of the wrong type. Code that reads them checks what it relies on.
 */

import { type Fields, stringField } from "../util/fields";

// ---------------------------------------------------------------------------------------------
// Message content

export interface TextContent {
	type: "text";
	text: string;
	textSignature?: string;
}

export interface ImageContent {
	type: "image";
	/** base64 data, never a URL */
	data: string;
	mimeType: string;
}

export interface ThinkingContent {
	type: "thinking";
	thinking: string;
	thinkingSignature?: string;
	redacted?: boolean;
}

export interface ToolCall {
	type: "toolCall";
	id: string;
	name: string;
	arguments: Record<string, unknown>;
}

export type UserContent = TextContent | ImageContent;
export type AssistantContent = TextContent | ThinkingContent | ToolCall;

export interface Usage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	totalTokens?: number;
	cost?: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
}

// ---------------------------------------------------------------------------------------------
// Agent messages (message.role)

export interface UserMessage {
	role: "user";
	content: string | UserContent[];
	timestamp: number;
}

export interface AssistantMessage {
	role: "assistant";
	content: AssistantContent[];
	api?: string;
	provider: string;
	model: string;
	usage?: Usage;
	stopReason?: string;
	errorMessage?: string;
	timestamp: number;
}

export interface ToolResultMessage {
	role: "toolResult";
	toolCallId: string;
	toolName: string;
	content: string | UserContent[];
	isError: boolean;
	details?: unknown;
	timestamp: number;
}

export interface SystemMessage {
	role: "system";
	content: string;
	timestamp?: number;
}

export interface BashExecutionMessage {
	role: "bashExecution";
	command: string;
	output: string;
	exitCode: number | null | undefined;
	cancelled: boolean;
	truncated: boolean;
	fullOutputPath?: string;
	excludeFromContext?: boolean;
	timestamp: number;
}

export interface CustomMessage {
	role: "custom";
	customType: string;
	content: string | UserContent[];
	display: boolean;
	details?: unknown;
	timestamp: number;
}

export interface BranchSummaryMessage {
	role: "branchSummary";
	summary: string;
	fromId: string;
	timestamp: number;
}

export interface CompactionSummaryMessage {
	role: "compactionSummary";
	summary: string;
	tokensBefore: number;
	timestamp: number;
}

export type AgentMessage =
	| UserMessage
	| AssistantMessage
	| ToolResultMessage
	| SystemMessage
	| BashExecutionMessage
	| CustomMessage
	| BranchSummaryMessage
	| CompactionSummaryMessage;

export type AgentRole = AgentMessage["role"];

/** What the provider receives (`convertToLlm` output). */
export type Message = UserMessage | AssistantMessage | ToolResultMessage | SystemMessage;

// ---------------------------------------------------------------------------------------------
// File lines

export interface SessionHeader {
	type: "session";
	version?: number;
	id: string;
	timestamp: string;
	cwd: string;
	parentSession?: string;
	[key: string]: unknown;
}

interface EntryBase {
	id: string;
	parentId: string | null;
	timestamp: string;
	/**
	 * Set by the parser on every entry of a file whose dialect it knew before the file's first
	 * entry (an oh-my-pi title slot, a v4 header); never written by pi. See `dialectOf`.
	 */
	dialect?: Dialect;
	/** v4 files only, set by its reader: the entry's label fact. */
	v4Label?: string;
	/** v4 files only: the lanes whose leaf this entry is at the end of the file. */
	v4Lanes?: string[];
	/** v4 files only: the records written while this entry was its lane's leaf, in file order. */
	v4Records?: Record<string, unknown>[];
	/**
	 * Claude Code and Codex files: what the line sends in the provider's own shape (an Anthropic
	 * message's role and blocks; a Responses API item), from which `providerPayload` is built.
	 */
	wire?: unknown;
	/** Claude Code and Codex files: the lines that sit on the chain here without being entries. */
	marks?: LineMark[];
	/** Claude Code: the API response (`message.id`) an assistant line is part of. */
	response?: string;
	/** Claude Code: a subagent's line (`isSidechain`), and the agent's id. */
	sidechain?: boolean;
	agentId?: string;
	/** Claude Code: text the app added (`isMeta`), the summary prompt after a compaction, an error it wrote itself. */
	meta?: boolean;
	compactSummary?: boolean;
	apiError?: boolean;
}

/**
 * A line of another agent's file that is not an entry of the tree (a hook, a reminder, a timing,
 * a progress note, a telemetry event): kept as a mark on the entry it follows.
 */
export interface LineMark {
	/** 1-based line number in the file. */
	line: number;
	/** Its kind as the file names it ("attachment hook_success", "system turn_duration"). */
	kind: string;
	/** A short text for the view. */
	text: string;
}

/**
 * The format that wrote a file (its rules: `src/core/dialects/`):
 * - `pi`: pi's own v1–v3 lines (also OpenClaw, which embeds pi's SessionManager);
 * - `oh-my-pi`: the oh-my-pi fork (a 256-byte title slot on line 1, its own entry types and rules);
 * - `pi-v4`: pi's unreleased harness lines (`{"kind":"header","version":4}`), read-only, experimental;
 * - `claude-code`: Claude Code's transcripts (`~/.claude/projects/…/*.jsonl`), mapped to entries;
 * - `codex`: OpenAI Codex CLI's rollouts (`~/.codex/sessions/…/rollout-*.jsonl`), mapped to entries.
 */
export type Dialect = "pi" | "oh-my-pi" | "pi-v4" | "claude-code" | "codex";

export interface MessageEntry extends EntryBase {
	type: "message";
	message: AgentMessage;
}

export interface CompactionEntry extends EntryBase {
	type: "compaction";
	summary: string;
	tokensBefore: number;
	firstKeptEntryId?: string;
	retainedTail?: AgentMessage[];
	details?: unknown;
	usage?: Usage;
	fromHook?: boolean;
	systemMessage?: AgentMessage | string;
}

export interface BranchSummaryEntry extends EntryBase {
	type: "branch_summary";
	fromId: string;
	summary: string;
	details?: unknown;
	usage?: Usage;
	fromHook?: boolean;
}

export interface CustomMessageEntry extends EntryBase {
	type: "custom_message";
	customType: string;
	content: string | UserContent[] | null;
	display: boolean;
	details?: unknown;
}

export interface CustomEntry extends EntryBase {
	type: "custom";
	customType: string;
	data?: unknown;
}

export interface ContextEditEntry extends EntryBase {
	type: "context_edit";
	targetId: string;
	replacement: { content: string | UserContent[] | AssistantContent[] } | null;
}

export interface ModelChangeEntry extends EntryBase {
	type: "model_change";
	provider: string;
	modelId: string;
	/** oh-my-pi's shape: `"provider/modelId"` instead of `provider` + `modelId`. */
	model?: string;
	/** oh-my-pi: the model role it sets (absent = `default`). */
	role?: string;
}

export interface ThinkingLevelChangeEntry extends EntryBase {
	type: "thinking_level_change";
	thinkingLevel: string;
}

export interface LabelEntry extends EntryBase {
	type: "label";
	targetId: string;
	label?: string;
}

export interface SessionInfoEntry extends EntryBase {
	type: "session_info";
	name?: string;
}

export interface UsageEntry extends EntryBase {
	type: "usage";
	kind: string;
	provider: string;
	model: string;
	usage: Usage;
	note?: string;
}

/** Newer pi (after 1.6.0): moves the current leaf to `targetId`; contributes no message. */
export interface LeafEntry extends EntryBase {
	type: "leaf";
	targetId: string | null;
}

/** Newer pi and v4: the tools the agent may call from here on (a setting of the path). */
export interface ActiveToolsChangeEntry extends EntryBase {
	type: "active_tools_change";
	activeToolNames: string[];
}

/** The entry types only oh-my-pi writes (SPEC formats/oh-my-pi.md §1.4). */
export type OmpEntryType =
	| "reset_boundary"
	| "mode_change"
	| "title_change"
	| "model_usage"
	| "service_tier_change"
	| "ttsr_injection"
	| "credential_pin"
	| "session_init";

/** An oh-my-pi entry type: its fields are shown as they are; none sends a message. */
export interface OmpEntry extends EntryBase {
	type: OmpEntryType;
	[key: string]: unknown;
}

/** Any entry type pi does not define: kept, shown and flagged, never fatal. */
export interface UnknownEntry extends EntryBase {
	type: string;
	[key: string]: unknown;
}

export type KnownEntry =
	| MessageEntry
	| CompactionEntry
	| BranchSummaryEntry
	| CustomMessageEntry
	| CustomEntry
	| ContextEditEntry
	| ModelChangeEntry
	| ThinkingLevelChangeEntry
	| LabelEntry
	| SessionInfoEntry
	| UsageEntry
	| LeafEntry
	| ActiveToolsChangeEntry
	| OmpEntry;

export type SessionEntry = KnownEntry | UnknownEntry;

export type KnownEntryType = KnownEntry["type"];

export const KNOWN_ENTRY_TYPES: ReadonlySet<string> = new Set<KnownEntryType>([
	"message",
	"compaction",
	"branch_summary",
	"custom_message",
	"custom",
	"context_edit",
	"model_change",
	"thinking_level_change",
	"label",
	"session_info",
	"usage",
	"leaf",
	"active_tools_change",
	"reset_boundary",
	"mode_change",
	"title_change",
	"model_usage",
	"service_tier_change",
	"ttsr_injection",
	"credential_pin",
	"session_init",
]);

/** The types only oh-my-pi writes: an unknown type in a pi file, known in an oh-my-pi one. */
export const OMP_ENTRY_TYPES: ReadonlySet<string> = new Set<OmpEntryType>([
	"reset_boundary",
	"mode_change",
	"title_change",
	"model_usage",
	"service_tier_change",
	"ttsr_injection",
	"credential_pin",
	"session_init",
]);

/** Message roles only oh-my-pi writes. */
export const OMP_ROLES: ReadonlySet<string> = new Set(["developer", "pythonExecution", "fileMention"]);

export const KNOWN_ROLES: ReadonlySet<string> = new Set<AgentRole>([
	"user",
	"assistant",
	"toolResult",
	"system",
	"bashExecution",
	"custom",
	"branchSummary",
	"compactionSummary",
]);

/** Narrows an entry to a known type; unknown types fall through to `UnknownEntry`. */
export function isKnownEntry(entry: SessionEntry): entry is KnownEntry {
	return KNOWN_ENTRY_TYPES.has(entry.type);
}

/** The entry of a known type `T` (`EntryOf<"compaction">` is `CompactionEntry`; oh-my-pi's types are `OmpEntry`s). */
export type EntryOf<T extends KnownEntryType> = T extends OmpEntryType
	? OmpEntry & { type: T }
	: Extract<KnownEntry, { type: T }>;

/**
 * Narrows an entry by its type: `isEntry(e, "compaction")` makes `e` a `CompactionEntry` (a plain
 * `e.type === "compaction"` leaves `UnknownEntry` in, whose type is any string). Its fields are as
 * trusted as the type says: a field code relies on beyond what the parser checked is still checked.
 */
export function isEntry<T extends KnownEntryType>(entry: SessionEntry, type: T): entry is EntryOf<T> {
	return entry.type === type;
}

/**
 * The entry at `position`, which the caller knows to be of type `type` (e.g. from an entry code
 * made from its type); throws if it is not, which would be a bug of the caller's, not of the file.
 */
export function entryOfType<T extends KnownEntryType>(
	entries: readonly SessionEntry[],
	position: number,
	type: T,
): EntryOf<T> {
	const entry = entries[position];
	if (!isEntry(entry, type)) throw new Error(`Entry ${position} is not a ${type} entry`);
	return entry;
}

// ---------------------------------------------------------------------------------------------
// Parse results

export type Severity = "error" | "warning" | "info";

export interface SessionIssue {
	/** 1-based line number in the file, when the issue belongs to a line. */
	line?: number;
	entryId?: string;
	/** Where `entryId`'s entry is among the entries (set where the session is held, for the graph). */
	position?: number;
	/** Other entries the message names (set where the session is held): a reader may jump to them. */
	related?: string[];
	severity: Severity;
	code: string;
	message: string;
}

export interface ParsedSession {
	header: SessionHeader | null;
	/** File order, migrated to v3. */
	entries: SessionEntry[];
	/** The file's current leaf: its last entry, null when there are no entries. */
	leafId: string | null;
	/** The version the file declared (1 when absent). */
	version: number;
	issues: SessionIssue[];
	/** 1-based line number of each entry, parallel to `entries`. */
	lines: number[];
	/** True when the entries were migrated from an older version on load. */
	migrated: boolean;
	/** Which member of the pi family wrote the file (absent = `pi`, for results made elsewhere). */
	dialect?: Dialect;
	/** The session's title when the file holds one (oh-my-pi's title slot, else its header's). */
	title?: string;
	/** A v4 file: its lanes (named leaves) and the records per entry. */
	v4?: V4Extras;
}

/** What a pi harness v4 file holds besides its entries. */
export interface V4Extras {
	/** Lane name → leaf entry id (null: before the first entry), in the order lanes appeared. */
	lanes: [string, string | null][];
	/** Records (`kind:"record"`) by the entry they follow (the lane's leaf when written). */
	records: V4Record[];
}

export interface V4Record {
	line: number;
	/** The lane's leaf when the record was written, if any. */
	entryId: string | null;
	record: Record<string, unknown>;
}

export interface ModelRef {
	provider: string;
	modelId: string;
}

export interface SessionContext {
	messages: AgentMessage[];
	thinkingLevel: string;
	model: ModelRef | null;
	/** Newer pi and v4: the last `active_tools_change` on the path (absent: none). */
	activeToolNames?: string[];
	/** oh-my-pi: the model per role on the path, `[role, "provider/modelId"]` in first-set order. */
	models?: [string, string][];
	/** oh-my-pi: the mode (`"none"` when never set). */
	mode?: string;
}

/**
 * An object read from a file taken as an entry (or made to stand for one: a skeleton): the one
 * place a line's object becomes a `SessionEntry`. Nothing is checked: what the types describe of
 * it is what the file claims (see the note at the top); code that relies on a field checks it.
 */
export function entryOfObject(value: object): SessionEntry {
	return value as UnknownEntry;
}

/** Whether a parsed line is a session header: its type says so (its other fields are unchecked). */
export function isHeaderLine(value: Fields): value is SessionHeader {
	return value.type === "session";
}

/**
 * A message made of fields passed on as they are (a builder that copies an entry's fields into a
 * message unchecked, as the program it mirrors does): a message like any read from a file, whose
 * fields the types describe but nothing has checked (see the note at the top).
 */
export function messageOfFields(fields: Fields): AgentMessage {
	return fields as unknown as AgentMessage;
}

/**
 * The role of a message entry's message (any string the file holds), or undefined for an entry
 * that is no message entry or whose message has no string role.
 */
export function messageRoleOf(entry: SessionEntry): string | undefined {
	if (entry.type !== "message") return undefined;
	return stringField(entry.message, "role");
}

const ID_TOKEN = /[A-Za-z0-9][A-Za-z0-9_:.-]{2,}/g;

/**
 * Entry ids a message mentions besides its own entry (e.g. "before the next assistant message
 * (6cf4fd67)"), in order of mention, each once, so the panel can offer to jump there too.
 */
export function relatedIds(message: string, isEntryId: (id: string) => boolean, own?: string): string[] {
	const out: string[] = [];
	for (const m of message.matchAll(ID_TOKEN)) {
		const token = m[0].replace(/[.:]+$/, "");
		if (token !== own && !out.includes(token) && isEntryId(token)) out.push(token);
		if (out.length >= 5) break;
	}
	return out;
}
