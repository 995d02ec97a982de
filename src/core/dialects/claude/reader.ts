/**
 * Claude Code's transcripts (`../shared/formats/claude-code.md`), mapped to the explorer's model.
 *
 * Every `user` and `assistant` line becomes an entry (a user line holding several tool results
 * becomes one entry per result, then one for its own text), a `compact_boundary` becomes a
 * compaction entry, and the lines that sit between turns (attachments, system notes, progress) are
 * kept as marks on the entry they follow. Lines without a uuid (titles, snapshots, queued prompts)
 * are metadata.
 *
 * The tree is the one a reader means: the raw `parentUuid` links fork at every parallel tool call
 * and every hook that hangs off a line, but the file is written in conversation order, so a line
 * continues the end of its parent's chain unless it starts a turn (a prompt, a new response, a
 * compaction) where that chain already has one: then it is a real branch (an edited prompt, a
 * /rewind, a regenerated reply).
 */
import type {
	AgentMessage,
	AssistantContent,
	LineMark,
	SessionEntry,
	SessionHeader,
	SessionIssue,
	UserContent,
} from "../../session/types";
import { fieldOf, isRecord, numberField, stringField } from "../../util/fields";
import type { Fields, LineReader, ReadSession } from "../rules";

/** Line types Claude Code writes without a uuid: metadata, never part of the conversation. */
const METADATA_TYPES: ReadonlySet<string> = new Set([
	"summary",
	"custom-title",
	"ai-title",
	"last-prompt",
	"mode",
	"permission-mode",
	"pr-link",
	"tag",
	"file-history-snapshot",
	"file-history-delta",
	"queue-operation",
	"agent-name",
]);

/** Line types of the chain that are marks, not entries. */
const MARK_TYPES: ReadonlySet<string> = new Set(["system", "attachment", "progress"]);

/** Whether `first` (a file's first object line) is a Claude Code line. */
export function isClaudeLine(first: Fields): boolean {
	const type = first.type;
	if (typeof type !== "string" || "payload" in first) return false;
	if (typeof first.uuid === "string" && typeof first.sessionId === "string") return true;
	if (type === "summary") return typeof first.leafUuid === "string";
	if (type === "file-history-snapshot") return typeof first.messageId === "string" && isRecord(first.snapshot);
	return METADATA_TYPES.has(type) && typeof first.sessionId === "string";
}

/** A line of the chain as read, placed when the file has been read. */
interface Held {
	obj: Fields;
	line: number;
	uuid: string;
}

/** What the reader keeps of one entry while reading. */
interface Shown {
	/** First shown child (the chain goes on there), -1 when none yet. */
	next: number;
	/** Where the chain from here ended when last asked (`chainEnd`). */
	end: number;
	/** Starts a turn: a prompt, the first line of a response, a compaction. */
	turn: boolean;
	/** The API response (`message.id`) an assistant line belongs to. */
	response: string | undefined;
	sidechain: boolean;
}

const IMAGE_PLACEHOLDER = "[image]";

/** A Claude Code content block as pi's content block (kept as it is when pi has none like it). */
function userBlock(block: unknown): UserContent | undefined {
	if (!isRecord(block)) return undefined;
	if (block.type === "text" && typeof block.text === "string") return { type: "text", text: block.text };
	if (block.type === "image") {
		const source = block.source;
		const data = stringField(source, "data");
		const mimeType = stringField(source, "media_type");
		if (data !== undefined && mimeType !== undefined) return { type: "image", data, mimeType };
		return { type: "text", text: IMAGE_PLACEHOLDER };
	}
	return { type: "text", text: `[${String(block.type)}]` };
}

function assistantBlock(block: unknown): AssistantContent | undefined {
	if (!isRecord(block)) return undefined;
	switch (block.type) {
		case "text":
			return typeof block.text === "string" ? { type: "text", text: block.text } : undefined;
		case "thinking":
			return {
				type: "thinking",
				thinking: typeof block.thinking === "string" ? block.thinking : "",
				...(typeof block.signature === "string" ? { thinkingSignature: block.signature } : {}),
			};
		case "redacted_thinking":
			return { type: "thinking", thinking: "[redacted thinking]", redacted: true };
		case "tool_use":
		case "server_tool_use":
			return {
				type: "toolCall",
				id: typeof block.id === "string" ? block.id : "",
				name: typeof block.name === "string" ? block.name : "",
				arguments: isRecord(block.input) ? block.input : {},
			};
		default:
			return { type: "text", text: `[${String(block.type)}]` };
	}
}

/** A tool result's content as pi's (a string stays a string). */
function resultContent(content: unknown): string | UserContent[] {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	const out: UserContent[] = [];
	for (const b of content) {
		const mapped = userBlock(b);
		if (mapped) out.push(mapped);
	}
	return out;
}

/** One short line for a mark: what the note says, clipped. */
function markText(obj: Fields): string {
	const content = obj.content;
	if (typeof content === "string") return clipLine(content);
	const attachment = obj.attachment;
	if (isRecord(attachment)) {
		const text = stringField(attachment, "content") ?? stringField(attachment, "hookName") ?? "";
		return clipLine(text);
	}
	const data = obj.data;
	if (isRecord(data)) return clipLine(stringField(data, "hookName") ?? stringField(data, "type") ?? "");
	const ms = numberField(obj, "durationMs");
	return ms !== undefined ? `${(ms / 1000).toFixed(1)} s` : "";
}

function clipLine(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}

function markKind(obj: Fields): string {
	const sub = stringField(obj, "subtype") ?? stringField(obj.attachment, "type") ?? stringField(obj.data, "type");
	return sub ? `${String(obj.type)} ${sub}` : String(obj.type);
}

function timeOf(iso: unknown): number {
	const t = typeof iso === "string" ? Date.parse(iso) : Number.NaN;
	return Number.isFinite(t) ? t : 0;
}

/** Reads Claude Code lines in file order; `finish` gives the session. */
export class ClaudeReader implements LineReader {
	private readonly entries: SessionEntry[] = [];
	private readonly lines: number[] = [];
	private readonly issues: SessionIssue[] = [];
	private readonly shown: Shown[] = [];
	/** Line uuid → the position of the entry that stands for it (its last entry; a mark's entry); -1: a root. */
	private readonly stand = new Map<string, number>();
	private readonly toolNames = new Map<string, string>();
	/** The chain's lines in file order, and their uuids (placed by `finish`). */
	private readonly read: Held[] = [];
	private readonly known = new Set<string>();
	/** Marks met before any entry (a file that starts between turns). */
	private pending: LineMark[] = [];
	private sessionId = "";
	private cwd = "";
	private agentVersion = "";
	private firstTime = "";
	private titles = { custom: "", ai: "", summary: "" };
	private sliced = false;
	/** The last entry outside a subagent's lane and in one (where a compaction without its parent goes on). */
	private readonly lastOf = [-1, -1];

	constructor(
		first: Fields,
		line: number,
		private readonly report: (issue: SessionIssue) => void,
	) {
		this.accept(first, line);
	}

	accept(obj: Fields, line: number): void {
		if (typeof obj.sessionId === "string" && this.sessionId === "") this.sessionId = obj.sessionId;
		if (typeof obj.cwd === "string" && this.cwd === "") this.cwd = obj.cwd;
		if (typeof obj.version === "string") this.agentVersion = obj.version;
		if (typeof obj.timestamp === "string" && this.firstTime === "") this.firstTime = obj.timestamp;
		const uuid = obj.uuid;
		if (typeof uuid !== "string" || uuid === "") {
			this.metadata(obj, line);
			return;
		}
		this.read.push({ obj, line, uuid });
		this.known.add(uuid);
	}

	/**
	 * Places the lines read, in file order, but each after its parent: a few builds write a
	 * parallel call's result before the line holding the call (its parent), which waits for it.
	 */
	private placeAll(): void {
		const waiting = new Map<string, Held[]>();
		const place = (first: Held) => {
			const stack = [first];
			for (let h = stack.pop(); h !== undefined; h = stack.pop()) {
				this.place(h.obj, h.line, h.uuid);
				const after = waiting.get(h.uuid);
				if (after) {
					waiting.delete(h.uuid);
					for (let i = after.length - 1; i >= 0; i--) stack.push(after[i]);
				}
			}
		};
		for (const h of this.read) {
			const parent = h.obj.parentUuid;
			if (typeof parent === "string" && parent !== h.uuid && this.known.has(parent) && !this.stand.has(parent)) {
				const list = waiting.get(parent);
				if (list) list.push(h);
				else waiting.set(parent, [h]);
				continue;
			}
			place(h);
		}
		// Lines whose parents wait on each other (a cycle): roots, in file order.
		const left = [...waiting.values()].flat().sort((a, b) => a.line - b.line);
		for (const h of left) {
			if (this.stand.has(h.uuid)) continue;
			this.issue(
				h.line,
				"claude-missing-parent",
				"warning",
				"The line's parents form a cycle: shown as a root",
				h.uuid,
			);
			h.obj.parentUuid = null;
			place(h);
		}
		this.read.length = 0;
	}

	private place(obj: Fields, line: number, uuid: string): void {
		const type = obj.type;
		if (this.stand.has(uuid)) {
			this.issue(
				line,
				"claude-repeated-line",
				"info",
				`Line ${uuid} was written before (a resumed session replays lines): read once`,
			);
			return;
		}
		const boundary = type === "system" && obj.subtype === "compact_boundary";
		const rawParent = boundary && obj.parentUuid == null ? obj.logicalParentUuid : obj.parentUuid;
		let parent = -1;
		const side = obj.isSidechain === true ? 1 : 0;
		if (boundary && (typeof rawParent !== "string" || !this.stand.has(rawParent))) {
			// A compaction whose conversation parent the file does not hold (a subagent's, whose
			// logical parent is in its parent's file): it goes on after the line before it.
			parent = this.lastOf[side];
		} else if (typeof rawParent === "string") {
			const at = this.stand.get(rawParent);
			if (at !== undefined) parent = at;
			else if (this.entries.length === 0 && !this.sliced) {
				this.sliced = true;
				this.issue(
					line,
					"claude-slice",
					"info",
					"The file starts mid-session: its first line's parent is not in the file (a slice of a longer session, or a session resumed from another file)",
				);
			} else {
				this.issue(
					line,
					"claude-missing-parent",
					"warning",
					`The line's parent ${rawParent} is not in the file: shown as a root`,
					uuid,
				);
			}
		}
		if (type === "user" || type === "assistant") this.message(obj, line, uuid, parent);
		else if (boundary) this.compaction(obj, line, uuid, parent);
		else this.mark(obj, line, uuid, parent, MARK_TYPES.has(String(type)));
	}

	private metadata(obj: Fields, line: number): void {
		const type = obj.type;
		if (type === "custom-title" && typeof obj.customTitle === "string") this.titles.custom = obj.customTitle;
		else if (type === "ai-title" && typeof obj.aiTitle === "string") this.titles.ai = obj.aiTitle;
		else if (type === "summary" && typeof obj.summary === "string") this.titles.summary = obj.summary;
		else if (typeof type !== "string" || !METADATA_TYPES.has(type)) {
			this.issue(
				line,
				"claude-unknown-line",
				"info",
				`A ${JSON.stringify(type)} line without a uuid: not part of the conversation`,
			);
		}
	}

	private issue(
		line: number,
		code: string,
		severity: SessionIssue["severity"],
		message: string,
		entryId?: string,
	): void {
		this.report({ line, severity, code, message, ...(entryId ? { entryId } : {}) });
	}

	/** The end of the chain that goes on from `at` (its first children, one after another). */
	private chainEnd(at: number): number {
		let q = this.shown[at].end;
		while (this.shown[q].next !== -1) q = this.shown[q].next;
		this.shown[at].end = q;
		return q;
	}

	/** Whether the chain from `at` on already holds the start of a turn. */
	private turnAfter(at: number): boolean {
		for (let q = this.shown[at].next; q !== -1; q = this.shown[q].next) if (this.shown[q].turn) return true;
		return false;
	}

	/** Where a line whose raw parent stands at `parent` goes: a fork there, or the end of its chain. */
	private placeUnder(parent: number, turn: boolean): number {
		if (parent < 0) return -1;
		return turn && this.turnAfter(parent) ? parent : this.chainEnd(parent);
	}

	private push(entry: SessionEntry, line: number, under: number, shown: Omit<Shown, "next" | "end">): number {
		const at = this.entries.length;
		entry.dialect = "claude-code";
		entry.parentId = under < 0 ? null : this.entries[under].id;
		if (this.pending.length > 0 && under < 0) {
			entry.marks = this.pending;
			this.pending = [];
		}
		this.entries.push(entry);
		this.lines.push(line);
		this.shown.push({ ...shown, next: -1, end: at });
		this.lastOf[shown.sidechain ? 1 : 0] = at;
		if (under >= 0 && this.shown[under].next === -1) this.shown[under].next = at;
		return at;
	}

	private message(obj: Fields, line: number, uuid: string, parent: number): void {
		const message = obj.message;
		const timestamp = typeof obj.timestamp === "string" ? obj.timestamp : "";
		const ms = timeOf(obj.timestamp);
		const sidechain = obj.isSidechain === true;
		const base = { type: "message", timestamp, ...(sidechain ? { sidechain: true } : {}) };
		const flags = lineFlags(obj);
		if (!isRecord(message)) {
			this.issue(
				line,
				"missing-message",
				"warning",
				"A user or assistant line without a message object: shown, not sent",
				uuid,
			);
			const at = this.push(
				{ ...base, type: `claude_${String(obj.type)}`, id: uuid, parentId: null, ...flags },
				line,
				this.placeUnder(parent, false),
				{ turn: false, response: undefined, sidechain },
			);
			this.stand.set(uuid, at);
			return;
		}
		if (obj.type === "assistant") {
			const content = Array.isArray(message.content) ? message.content : [];
			const blocks: AssistantContent[] = [];
			for (const b of content) {
				const mapped = assistantBlock(b);
				if (mapped) blocks.push(mapped);
				if (isRecord(b) && b.type === "tool_use" && typeof b.id === "string" && typeof b.name === "string")
					this.toolNames.set(b.id, b.name);
			}
			const response = stringField(message, "id") ?? `line-${line}`;
			const synthetic = obj.isApiErrorMessage === true || message.model === "<synthetic>";
			const parentResponse = parent >= 0 ? this.shown[parent].response : undefined;
			const turn = !synthetic && parentResponse !== response;
			const usage = usageOf(message.usage);
			const assistant: AgentMessage = {
				role: "assistant",
				content: blocks,
				api: "anthropic-messages",
				provider: "anthropic",
				model: stringField(message, "model") ?? "",
				...(usage ? { usage } : {}),
				...(typeof message.stop_reason === "string" ? { stopReason: message.stop_reason } : {}),
				...(synthetic ? { errorMessage: blocks.map((b) => (b.type === "text" ? b.text : "")).join("") } : {}),
				timestamp: ms,
			};
			const at = this.push(
				{
					...base,
					id: uuid,
					parentId: null,
					message: assistant,
					wire: { role: "assistant", content },
					response,
					...flags,
				},
				line,
				this.placeUnder(parent, turn),
				{ turn, response, sidechain },
			);
			this.stand.set(uuid, at);
			return;
		}
		// A user line: its tool results one entry each, then its own words (if any) as one.
		const side = obj.isSidechain === true ? 1 : 0;
		if (parent < 0 && obj.isCompactSummary === true && this.lastOf[side] >= 0) {
			// Builds before the boundary line (1.x) began a compacted session's new root with the
			// summary alone: the compaction it stands for goes on the path, as newer builds write it.
			parent = this.push(
				{ type: "compaction", id: `${uuid}:compaction`, parentId: null, timestamp, summary: "", tokensBefore: 0 },
				line,
				this.lastOf[side],
				{ turn: true, response: undefined, sidechain: side === 1 },
			);
		}
		const raw = message.content;
		const blocks: unknown[] = typeof raw === "string" ? [{ type: "text", text: raw }] : Array.isArray(raw) ? raw : [];
		const parts: { message: AgentMessage; wire: unknown[]; result: boolean }[] = [];
		let words: unknown[] = [];
		const flushWords = () => {
			if (words.length === 0) return;
			const content: UserContent[] = [];
			for (const b of words) {
				const mapped = userBlock(b);
				if (mapped) content.push(mapped);
			}
			parts.push({
				message: { role: "user", content: typeof raw === "string" ? raw : content, timestamp: ms },
				wire: words,
				result: false,
			});
			words = [];
		};
		for (const b of blocks) {
			if (isRecord(b) && b.type === "tool_result") {
				flushWords();
				const callId = typeof b.tool_use_id === "string" ? b.tool_use_id : "";
				parts.push({
					message: {
						role: "toolResult",
						toolCallId: callId,
						toolName: this.toolNames.get(callId) ?? "",
						content: resultContent(b.content),
						isError: b.is_error === true,
						timestamp: ms,
					},
					wire: [b],
					result: true,
				});
			} else words.push(b);
		}
		flushWords();
		if (parts.length === 0)
			parts.push({ message: { role: "user", content: "", timestamp: ms }, wire: [], result: false });
		let under = -2;
		let at = -1;
		for (let i = 0; i < parts.length; i++) {
			const part = parts[i];
			const turn = !part.result;
			const id = i === 0 ? uuid : `${uuid}~${i}`;
			const place = under === -2 ? this.placeUnder(parent, turn) : under;
			at = this.push(
				{ ...base, id, parentId: null, message: part.message, wire: { role: "user", content: part.wire }, ...flags },
				line,
				place,
				{ turn, response: undefined, sidechain },
			);
			under = at;
		}
		this.stand.set(uuid, at);
	}

	private compaction(obj: Fields, line: number, uuid: string, parent: number): void {
		const meta = obj.compactMetadata;
		const at = this.push(
			{
				type: "compaction",
				id: uuid,
				parentId: null,
				timestamp: typeof obj.timestamp === "string" ? obj.timestamp : "",
				summary: "",
				tokensBefore: numberField(meta, "preTokens") ?? 0,
				trigger: stringField(meta, "trigger") ?? "",
				...(obj.isSidechain === true ? { sidechain: true } : {}),
			},
			line,
			this.placeUnder(parent, true),
			{ turn: true, response: undefined, sidechain: obj.isSidechain === true },
		);
		this.stand.set(uuid, at);
	}

	private mark(obj: Fields, line: number, uuid: string, parent: number, known: boolean): void {
		if (!known) {
			this.issue(
				line,
				"claude-unknown-line",
				"info",
				`A ${JSON.stringify(obj.type)} line: kept as a mark, not sent`,
				uuid,
			);
		}
		const mark: LineMark = { line, kind: markKind(obj), text: markText(obj) };
		const target = parent < 0 ? -1 : this.chainEnd(parent);
		if (target < 0) this.pending.push(mark);
		else {
			const entry = this.entries[target];
			if (entry.marks) entry.marks.push(mark);
			else entry.marks = [mark];
		}
		this.stand.set(uuid, target);
	}

	finish(): ReadSession {
		this.placeAll();
		const { entries } = this;
		// Usage: once per response, from its last line (earlier lines hold the stream's first figures).
		const lastOf = new Map<string, number>();
		for (let i = 0; i < entries.length; i++) {
			const r = this.shown[i].response;
			if (r !== undefined) lastOf.set(r, i);
		}
		let leaf = -1;
		for (let i = 0; i < entries.length; i++) {
			const e = entries[i];
			const r = this.shown[i].response;
			if (r !== undefined && lastOf.get(r) !== i) {
				const m = fieldOf(e, "message");
				if (isRecord(m)) delete m.usage;
			}
			if (e.type === "message" && !this.shown[i].sidechain) leaf = i;
		}
		this.fillCompactionSummaries();
		this.hangSidechains();
		if (this.pending.length > 0) {
			this.issue(
				this.lines[this.lines.length - 1] ?? 1,
				"claude-no-entry",
				"info",
				"Notes with no message to follow: not shown",
			);
		}
		// A subagent's own file (its lines all in a lane, each naming the agent): a session of its
		// own, whose parent is the session that started it (the id its lines carry).
		const agent = entries.length > 0 && this.shown[0].sidechain ? stringField(entries[0], "agentId") : undefined;
		const header: SessionHeader = {
			type: "session",
			id: agent ? `${this.sessionId}:agent-${agent}` : this.sessionId,
			...(agent ? { parentSession: this.sessionId, agentId: agent } : {}),
			timestamp: this.firstTime,
			cwd: this.cwd,
			...(this.agentVersion ? { agentVersion: this.agentVersion } : {}),
		};
		const title = this.titles.custom || this.titles.ai || this.titles.summary;
		return {
			header,
			entries,
			lines: this.lines,
			issues: this.issues,
			leafId: leaf >= 0 ? entries[leaf].id : (entries[entries.length - 1]?.id ?? null),
			version: 3,
			...(title ? { title } : {}),
		};
	}

	/** A compaction's summary: the compact-summary prompt that follows it (shown on the node). */
	private fillCompactionSummaries(): void {
		const { entries } = this;
		for (let i = 0; i < entries.length; i++) {
			const e = entries[i];
			if (e.type !== "compaction") continue;
			const next = this.shown[i].next;
			const m = next >= 0 ? fieldOf(entries[next], "message") : undefined;
			const content = fieldOf(m, "content");
			if (fieldOf(entries[next], "compactSummary") === true && typeof content === "string")
				Reflect.set(e, "summary", content);
		}
	}

	/**
	 * Older builds wrote a subagent's lines into the main file (`isSidechain`, their own root): each
	 * such root hangs under the Task call whose prompt it starts with, as a lane of its own.
	 */
	private hangSidechains(): void {
		const { entries } = this;
		const calls = new Map<string, number[]>();
		for (let i = 0; i < entries.length; i++) {
			if (this.shown[i].sidechain) continue;
			const content = fieldOf(fieldOf(entries[i], "message"), "content");
			if (!Array.isArray(content)) continue;
			for (const b of content) {
				const prompt = isRecord(b) && b.type === "toolCall" ? stringField(b.arguments, "prompt") : undefined;
				if (prompt !== undefined) calls.set(prompt, [...(calls.get(prompt) ?? []), i]);
			}
		}
		for (let i = 0; i < entries.length; i++) {
			const e = entries[i];
			if (!this.shown[i].sidechain || e.parentId !== null) continue;
			const m = fieldOf(e, "message");
			const content = fieldOf(m, "content");
			const text =
				typeof content === "string" ? content : stringField(Array.isArray(content) ? content[0] : undefined, "text");
			const at = text !== undefined ? calls.get(text)?.find((p) => p < i) : undefined;
			if (at !== undefined) e.parentId = entries[at].id;
		}
	}
}

/** The flags of a line the view and the builder read. */
function lineFlags(obj: Fields): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	if (obj.isMeta === true) out.meta = true;
	if (obj.isCompactSummary === true) out.compactSummary = true;
	if (obj.isApiErrorMessage === true) out.apiError = true;
	if (typeof obj.agentId === "string") out.agentId = obj.agentId;
	return out;
}

/** A response's recorded usage in pi's terms (input, cache read, cache write, output). */
function usageOf(
	u: unknown,
): { input: number; output: number; cacheRead: number; cacheWrite: number; totalTokens: number } | undefined {
	if (!isRecord(u)) return undefined;
	const input = numberField(u, "input_tokens") ?? 0;
	const output = numberField(u, "output_tokens") ?? 0;
	const cacheRead = numberField(u, "cache_read_input_tokens") ?? 0;
	const cacheWrite = numberField(u, "cache_creation_input_tokens") ?? 0;
	return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite };
}
