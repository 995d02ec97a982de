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
import { assistantBlock, markKind, markText, resultContent, usageOf, userBlock } from "./blocks";

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

/** A line whose parent is written after it, waiting for it. */
interface Waiting {
	obj: Fields;
	line: number;
	uuid: string;
}

function timeOf(iso: unknown): number {
	const t = typeof iso === "string" ? Date.parse(iso) : Number.NaN;
	return Number.isFinite(t) ? t : 0;
}

/** One user line's parts: each tool result an entry, then its own words as one. */
interface UserPart {
	message: AgentMessage;
	wire: unknown[];
	result: boolean;
}

/** Reads Claude Code lines in file order; `finish` gives the session. */
export class ClaudeReader implements LineReader {
	private readonly entries: SessionEntry[] = [];
	private readonly lines: number[] = [];
	private readonly issues: SessionIssue[] = [];
	// Per entry: its first shown child (the chain goes on there; -1: none yet), where the chain from
	// it ended when last asked (`chainEnd`), whether it starts a turn (a prompt, a response's first
	// line, a compaction), its response (`message.id`), whether it is in a subagent's lane.
	private readonly next: number[] = [];
	private readonly end: number[] = [];
	private readonly turn: boolean[] = [];
	private readonly response: (string | undefined)[] = [];
	private readonly side: boolean[] = [];
	/** Line uuid → the position of the entry that stands for it (its last entry; a mark's entry); -1: a root. */
	private readonly stand = new Map<string, number>();
	private readonly toolNames = new Map<string, string>();
	/** Lines whose parent has not been read yet, by that parent's uuid. */
	private readonly waiting = new Map<string, Waiting[]>();
	/** Response → its latest line's position (only the last line of a response keeps its usage). */
	private readonly responseEnd = new Map<string, number>();
	/** Marks met before any entry (a file that starts between turns). */
	private pending: LineMark[] = [];
	private readonly compactions: number[] = [];
	private laneRoots = 0;
	private leaf = -1;
	private sessionId = "";
	private cwd = "";
	private agentVersion = "";
	private firstTime = "";
	private titles = { custom: "", ai: "", summary: "" };
	/** The file's first line of the chain (a slice of a session starts with one whose parent is elsewhere). */
	private firstLine = 0;
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
		if (this.sessionId === "" && typeof obj.sessionId === "string") this.sessionId = obj.sessionId;
		if (this.cwd === "" && typeof obj.cwd === "string") this.cwd = obj.cwd;
		if (typeof obj.version === "string") this.agentVersion = obj.version;
		if (this.firstTime === "" && typeof obj.timestamp === "string") this.firstTime = obj.timestamp;
		const uuid = obj.uuid;
		if (typeof uuid !== "string" || uuid === "") {
			this.metadata(obj, line);
			return;
		}
		if (this.firstLine === 0) this.firstLine = line;
		// A few builds write a parallel call's result before the line holding the call (its
		// parent): the line waits for its parent. One whose parent never comes is placed at the end.
		const parent = obj.parentUuid;
		if (typeof parent === "string" && parent !== uuid && !this.stand.has(parent)) {
			const list = this.waiting.get(parent);
			if (list) list.push({ obj, line, uuid });
			else this.waiting.set(parent, [{ obj, line, uuid }]);
			return;
		}
		this.placeWithWaiting(obj, line, uuid);
	}

	/** Places a line, then the lines that waited for it (and theirs). */
	private placeWithWaiting(obj: Fields, line: number, uuid: string): void {
		this.place(obj, line, uuid);
		if (this.waiting.size === 0) return;
		const stack: Waiting[] = [];
		const more = (id: string) => {
			const list = this.waiting.get(id);
			if (!list) return;
			this.waiting.delete(id);
			for (let i = list.length - 1; i >= 0; i--) stack.push(list[i]);
		};
		more(uuid);
		for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
			this.place(w.obj, w.line, w.uuid);
			more(w.uuid);
		}
	}

	/** The lines still waiting when the file ends: their parents are not in the file (or wait on each other). */
	private placeOrphans(): void {
		while (this.waiting.size > 0) {
			let first: Waiting | null = null;
			for (const list of this.waiting.values()) for (const w of list) if (!first || w.line < first.line) first = w;
			if (!first) break;
			const parent = String(first.obj.parentUuid);
			const list = this.waiting.get(parent) ?? [];
			this.waiting.delete(parent);
			for (const w of list) {
				if (this.stand.has(w.uuid)) continue;
				// Placed as if its parent were absent (`place` reports it), then what waited on it.
				this.placeWithWaiting(w.obj, w.line, w.uuid);
			}
		}
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
		const lane = obj.isSidechain === true;
		if (boundary && (typeof rawParent !== "string" || !this.stand.has(rawParent))) {
			// A compaction whose conversation parent the file does not hold (a subagent's, whose
			// logical parent is in its parent's file): it goes on after the line before it.
			parent = this.lastOf[lane ? 1 : 0];
		} else if (typeof rawParent === "string") {
			const at = this.stand.get(rawParent);
			if (at !== undefined) parent = at;
			else if (line === this.firstLine) {
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
		if (type === "user" || type === "assistant") this.message(obj, line, uuid, parent, lane);
		else if (boundary) this.compaction(obj, line, uuid, parent, lane);
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
		this.report(entryId ? { line, severity, code, message, entryId } : { line, severity, code, message });
	}

	/** The end of the chain that goes on from `at` (its first children, one after another). */
	private chainEnd(at: number): number {
		const { next } = this;
		let q = this.end[at];
		while (next[q] !== -1) q = next[q];
		this.end[at] = q;
		return q;
	}

	/** Whether the chain from `at` on already holds the start of a turn. */
	private turnAfter(at: number): boolean {
		const { next, turn } = this;
		for (let q = next[at]; q !== -1; q = next[q]) if (turn[q]) return true;
		return false;
	}

	/** Where a line whose raw parent stands at `parent` goes: a fork there, or the end of its chain. */
	private placeUnder(parent: number, turn: boolean): number {
		if (parent < 0) return -1;
		if (this.next[parent] === -1) return parent;
		return turn && this.turnAfter(parent) ? parent : this.chainEnd(parent);
	}

	private push(
		entry: SessionEntry,
		line: number,
		under: number,
		turn: boolean,
		response: string | undefined,
		lane: boolean,
	): number {
		const at = this.entries.length;
		entry.dialect = "claude-code";
		entry.parentId = under < 0 ? null : this.entries[under].id;
		if (under < 0) {
			if (this.pending.length > 0) {
				entry.marks = this.pending;
				this.pending = [];
			}
			if (lane) this.laneRoots++;
		}
		if (lane) entry.sidechain = true;
		this.entries.push(entry);
		this.lines.push(line);
		this.next.push(-1);
		this.end.push(at);
		this.turn.push(turn);
		this.response.push(response);
		this.side.push(lane);
		this.lastOf[lane ? 1 : 0] = at;
		if (under >= 0 && this.next[under] === -1) this.next[under] = at;
		if (entry.type === "message" && !lane) this.leaf = at;
		return at;
	}

	/** The flags of a line the view and the builder read, set on its entry. */
	private static flag(entry: SessionEntry, obj: Fields): SessionEntry {
		if (obj.isMeta === true) entry.meta = true;
		if (obj.isCompactSummary === true) entry.compactSummary = true;
		if (obj.isApiErrorMessage === true) entry.apiError = true;
		if (typeof obj.agentId === "string") entry.agentId = obj.agentId;
		return entry;
	}

	private message(obj: Fields, line: number, uuid: string, parent: number, lane: boolean): void {
		const message = obj.message;
		const timestamp = typeof obj.timestamp === "string" ? obj.timestamp : "";
		if (!isRecord(message)) {
			this.issue(
				line,
				"missing-message",
				"warning",
				"A user or assistant line without a message object: shown, not sent",
				uuid,
			);
			const entry: SessionEntry = { type: `claude_${String(obj.type)}`, id: uuid, parentId: null, timestamp };
			this.stand.set(
				uuid,
				this.push(ClaudeReader.flag(entry, obj), line, this.placeUnder(parent, false), false, undefined, lane),
			);
			return;
		}
		const ms = timeOf(timestamp);
		if (obj.type === "assistant") {
			this.assistant(obj, message, line, uuid, parent, lane, timestamp, ms);
			return;
		}
		if (parent < 0 && obj.isCompactSummary === true && this.lastOf[lane ? 1 : 0] >= 0) {
			// Builds before the boundary line (1.x) began a compacted session's new root with the
			// summary alone: the compaction it stands for goes on the path, as newer builds write it.
			const entry: SessionEntry = {
				type: "compaction",
				id: `${uuid}:compaction`,
				parentId: null,
				timestamp,
				summary: "",
				tokensBefore: 0,
			};
			parent = this.push(entry, line, this.lastOf[lane ? 1 : 0], true, undefined, lane);
			this.compactions.push(parent);
		}
		const parts = this.userParts(message.content, ms);
		let under = this.placeUnder(parent, !parts[0].result);
		for (let i = 0; i < parts.length; i++) {
			const part = parts[i];
			const entry: SessionEntry = {
				type: "message",
				id: i === 0 ? uuid : `${uuid}~${i}`,
				parentId: null,
				timestamp,
				message: part.message,
				wire: { role: "user", content: part.wire },
			};
			under = this.push(ClaudeReader.flag(entry, obj), line, under, !part.result, undefined, lane);
		}
		this.stand.set(uuid, under);
	}

	private assistant(
		obj: Fields,
		message: Fields,
		line: number,
		uuid: string,
		parent: number,
		lane: boolean,
		timestamp: string,
		ms: number,
	): void {
		const content = Array.isArray(message.content) ? message.content : [];
		const blocks: AssistantContent[] = [];
		for (const b of content) {
			const mapped = assistantBlock(b);
			if (mapped) blocks.push(mapped);
			if (mapped?.type === "toolCall" && mapped.name !== "") this.toolNames.set(mapped.id, mapped.name);
		}
		const response = typeof message.id === "string" ? message.id : `line-${line}`;
		const synthetic = obj.isApiErrorMessage === true || message.model === "<synthetic>";
		const turn = !synthetic && (parent < 0 || this.response[parent] !== response);
		const assistant: AgentMessage = {
			role: "assistant",
			content: blocks,
			api: "anthropic-messages",
			provider: "anthropic",
			model: typeof message.model === "string" ? message.model : "",
			timestamp: ms,
		};
		// Usage once per response: on its last line (earlier ones hold the stream's first figures).
		const usage = usageOf(message.usage);
		if (usage) assistant.usage = usage;
		if (typeof message.stop_reason === "string") assistant.stopReason = message.stop_reason;
		if (synthetic) assistant.errorMessage = blocks.map((b) => (b.type === "text" ? b.text : "")).join("");
		const before = this.responseEnd.get(response);
		if (before !== undefined) {
			const m = fieldOf(this.entries[before], "message");
			if (isRecord(m)) delete m.usage;
		}
		const entry: SessionEntry = {
			type: "message",
			id: uuid,
			parentId: null,
			timestamp,
			message: assistant,
			wire: { role: "assistant", content },
			response,
		};
		const at = this.push(ClaudeReader.flag(entry, obj), line, this.placeUnder(parent, turn), turn, response, lane);
		this.responseEnd.set(response, at);
		this.stand.set(uuid, at);
	}

	/** A user line's parts: each tool result one, then its own words (if any) as one. */
	private userParts(raw: unknown, ms: number): UserPart[] {
		if (typeof raw === "string") {
			return [
				{ message: { role: "user", content: raw, timestamp: ms }, wire: [{ type: "text", text: raw }], result: false },
			];
		}
		const blocks: unknown[] = Array.isArray(raw) ? raw : [];
		const parts: UserPart[] = [];
		let words: unknown[] = [];
		const flushWords = () => {
			if (words.length === 0) return;
			const content: UserContent[] = [];
			for (const b of words) {
				const mapped = userBlock(b);
				if (mapped) content.push(mapped);
			}
			parts.push({ message: { role: "user", content, timestamp: ms }, wire: words, result: false });
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
		return parts;
	}

	private compaction(obj: Fields, line: number, uuid: string, parent: number, lane: boolean): void {
		const meta = obj.compactMetadata;
		const entry: SessionEntry = {
			type: "compaction",
			id: uuid,
			parentId: null,
			timestamp: typeof obj.timestamp === "string" ? obj.timestamp : "",
			summary: "",
			tokensBefore: numberField(meta, "preTokens") ?? 0,
			trigger: stringField(meta, "trigger") ?? "",
		};
		const at = this.push(entry, line, this.placeUnder(parent, true), true, undefined, lane);
		this.compactions.push(at);
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
		this.placeOrphans();
		const { entries } = this;
		this.fillCompactionSummaries();
		if (this.laneRoots > 0) this.hangLanes();
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
		const agent = entries.length > 0 && this.side[0] ? stringField(entries[0], "agentId") : undefined;
		const header: SessionHeader = {
			type: "session",
			id: agent ? `${this.sessionId}:agent-${agent}` : this.sessionId,
			...(agent ? { parentSession: this.sessionId, agentId: agent } : {}),
			timestamp: this.firstTime,
			cwd: this.cwd,
			...(this.agentVersion ? { agentVersion: this.agentVersion } : {}),
		};
		const title = this.titles.custom || this.titles.ai || this.titles.summary || this.firstPrompt();
		let leaf = this.leaf;
		if (leaf < 0) for (let i = entries.length - 1; i >= 0 && leaf < 0; i--) if (entries[i].type === "message") leaf = i;
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

	/** The first words the user typed (not text Claude Code adds: command output, IDE context, caveats). */
	private firstPrompt(): string {
		for (const e of this.entries) {
			if (e.type !== "message" || e.meta === true || e.compactSummary === true) continue;
			const m = fieldOf(e, "message");
			if (fieldOf(m, "role") !== "user") continue;
			const content = fieldOf(m, "content");
			const texts =
				typeof content === "string"
					? [content]
					: Array.isArray(content)
						? content.map((b) => stringField(b, "text") ?? "")
						: [];
			for (const text of texts) {
				const line = text.trim();
				if (line !== "" && !line.startsWith("<")) return line.slice(0, 200);
			}
		}
		return "";
	}

	/** A compaction's summary: the compact-summary prompt that follows it (shown on the node). */
	private fillCompactionSummaries(): void {
		for (const at of this.compactions) {
			const next = this.next[at];
			if (next < 0 || this.entries[next].compactSummary !== true) continue;
			const content = fieldOf(fieldOf(this.entries[next], "message"), "content");
			if (typeof content === "string") Reflect.set(this.entries[at], "summary", content);
		}
	}

	/**
	 * Older builds wrote a subagent's lines into the main file (`isSidechain`, their own root): each
	 * such root hangs under the Task call whose prompt it starts with, as a lane of its own.
	 */
	private hangLanes(): void {
		const { entries } = this;
		const calls = new Map<string, number[]>();
		for (let i = 0; i < entries.length; i++) {
			if (this.side[i] || this.response[i] === undefined) continue;
			const content = fieldOf(fieldOf(entries[i], "message"), "content");
			if (!Array.isArray(content)) continue;
			for (const b of content) {
				const prompt = isRecord(b) && b.type === "toolCall" ? stringField(b.arguments, "prompt") : undefined;
				if (prompt === undefined) continue;
				const list = calls.get(prompt);
				if (list) list.push(i);
				else calls.set(prompt, [i]);
			}
		}
		for (let i = 0; i < entries.length; i++) {
			const e = entries[i];
			if (!this.side[i] || e.parentId !== null) continue;
			const content = fieldOf(fieldOf(e, "message"), "content");
			const text =
				typeof content === "string" ? content : stringField(Array.isArray(content) ? content[0] : undefined, "text");
			const at = text !== undefined ? calls.get(text)?.find((p) => p < i) : undefined;
			if (at !== undefined) e.parentId = entries[at].id;
		}
	}
}
