import { getLabels } from "../session/meta";
import type { SessionEntry } from "../session/types";
import { fieldOf, stringField } from "../util/fields";
import { entryKind, entryPreview } from "../view/entryKind";

/**
 * Filters of pi's own HTML export (its tree sidebar): `default` hides settings entries (label,
 * custom, model_change, thinking_level_change), `no-tools` also hides tool results, `user-only`
 * keeps user messages, `labeled-only` keeps labelled entries. In those four, as in pi, assistant
 * turns with tool calls but no text are hidden unless they ended in an error. `all` keeps every
 * entry (pi still hides those tool-call turns there; the explorer shows them so tool calls can be
 * found).
 */
export type FindFilter = "default" | "no-tools" | "user-only" | "labeled-only" | "all";

export const FIND_FILTERS: readonly FindFilter[] = ["default", "no-tools", "user-only", "labeled-only", "all"];

const SETTINGS_TYPES: ReadonlySet<string> = new Set(["label", "custom", "model_change", "thinking_level_change"]);

/** A message entry's message when it is an object (its fields unchecked), else null. */
function messageOf(entry: SessionEntry): object | null {
	if (entry.type !== "message") return null;
	const m = fieldOf(entry, "message");
	return m && typeof m === "object" ? m : null;
}

function hasText(content: unknown): boolean {
	if (typeof content === "string") return content.trim().length > 0;
	if (!Array.isArray(content)) return false;
	return content.some(
		(b) => b && typeof b === "object" && b.type === "text" && typeof b.text === "string" && b.text.trim() !== "",
	);
}

/** Whether an entry is shown under `filter` (pi's export rules, see `FindFilter`). */
export function passesFilter(entry: SessionEntry, filter: FindFilter, labelled: boolean): boolean {
	if (filter === "all") return true;
	const m = messageOf(entry);
	const role = fieldOf(m, "role");
	if (m && role === "assistant" && !hasText(fieldOf(m, "content"))) {
		const stop = fieldOf(m, "stopReason");
		const errorOrAborted = typeof stop === "string" && stop !== "" && stop !== "stop" && stop !== "toolUse";
		if (!errorOrAborted) return false;
	}
	switch (filter) {
		case "user-only":
			return m !== null && role === "user";
		case "no-tools":
			return !SETTINGS_TYPES.has(entry.type) && !(m !== null && role === "toolResult");
		case "labeled-only":
			return labelled;
		case "default":
			return !SETTINGS_TYPES.has(entry.type);
		default: {
			const never: never = filter;
			return never;
		}
	}
}

/** Query words, lower-cased; an entry matches when it contains every word (as pi's export). */
export function parseQuery(query: string): string[] {
	return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether find has anything to show: a query, or a filter that narrows to a useful list on its
 * own (user messages, labelled entries). The broad filters without a query match nearly every
 * entry, which is no search.
 */
export function isFindActive(query: string, filter: FindFilter): boolean {
	return parseQuery(query).length > 0 || filter === "user-only" || filter === "labeled-only";
}

function pushContent(parts: string[], content: unknown): void {
	if (typeof content === "string") {
		parts.push(content);
		return;
	}
	if (!Array.isArray(content)) return;
	for (const block of content) {
		if (!block || typeof block !== "object") continue;
		switch (fieldOf(block, "type")) {
			case "text": {
				const text = fieldOf(block, "text");
				if (typeof text === "string") parts.push(text);
				break;
			}
			case "thinking": {
				const thinking = fieldOf(block, "thinking");
				if (typeof thinking === "string") parts.push(thinking);
				break;
			}
			case "toolCall":
				parts.push(`${String(fieldOf(block, "name") ?? "")} ${safeJson(fieldOf(block, "arguments"))}`);
				break;
			default:
				break;
		}
	}
}

function safeJson(value: unknown): string {
	if (value === undefined) return "";
	try {
		return JSON.stringify(value) ?? "";
	} catch {
		return "";
	}
}

/** The text of a message (an object whose fields are unchecked). */
function pushMessage(parts: string[], m: object): void {
	switch (fieldOf(m, "role")) {
		case "toolResult":
			parts.push(String(fieldOf(m, "toolName") ?? ""));
			pushContent(parts, fieldOf(m, "content"));
			break;
		case "bashExecution":
			parts.push(String(fieldOf(m, "command") ?? ""), String(fieldOf(m, "output") ?? ""));
			break;
		case "custom":
		case "hookMessage":
			parts.push(String(fieldOf(m, "customType") ?? ""));
			pushContent(parts, fieldOf(m, "content"));
			break;
		case "branchSummary":
		case "compactionSummary":
			parts.push(String(fieldOf(m, "summary") ?? ""));
			break;
		default: {
			pushContent(parts, fieldOf(m, "content"));
			const error = fieldOf(m, "errorMessage");
			if (typeof error === "string") parts.push(error);
			break;
		}
	}
}

/**
 * The text find searches in one entry: user and assistant text, thinking, tool calls (name and
 * JSON arguments), tool results, bash commands and output, summaries (with a compaction's retained
 * tail), custom messages and extension data, settings, names and labels. Lines are joined by
 * newlines; the entry's label (if any) comes first.
 */
export function entrySearchText(entry: SessionEntry, label?: string): string {
	const parts: string[] = [];
	if (label) parts.push(label);
	// (The entry's fields are read unchecked: a `switch` on its type narrows no `UnknownEntry`.)
	switch (entry.type) {
		case "message": {
			const m = messageOf(entry);
			if (m) pushMessage(parts, m);
			break;
		}
		case "compaction": {
			parts.push(String(fieldOf(entry, "summary") ?? ""));
			const tail = fieldOf(entry, "retainedTail");
			if (Array.isArray(tail)) {
				for (const m of tail) if (m && typeof m === "object") pushMessage(parts, m);
			}
			break;
		}
		case "branch_summary":
			parts.push(String(fieldOf(entry, "summary") ?? ""));
			break;
		case "custom_message":
			parts.push(String(fieldOf(entry, "customType") ?? ""));
			pushContent(parts, fieldOf(entry, "content"));
			break;
		case "custom":
			parts.push(String(fieldOf(entry, "customType") ?? ""), safeJson(fieldOf(entry, "data")));
			break;
		case "context_edit": {
			const r = fieldOf(entry, "replacement");
			if (r && typeof r === "object") pushContent(parts, fieldOf(r, "content"));
			break;
		}
		case "model_change":
			parts.push(`${String(fieldOf(entry, "provider") ?? "")}/${String(fieldOf(entry, "modelId") ?? "")}`);
			break;
		case "thinking_level_change":
			parts.push(`thinking ${String(fieldOf(entry, "thinkingLevel") ?? "")}`);
			break;
		case "label": {
			const text = stringField(entry, "label");
			if (text !== undefined) parts.push(text);
			break;
		}
		case "session_info": {
			const name = stringField(entry, "name");
			if (name !== undefined) parts.push(name);
			break;
		}
		case "usage":
			parts.push(
				String(fieldOf(entry, "provider") ?? ""),
				String(fieldOf(entry, "model") ?? ""),
				String(fieldOf(entry, "note") ?? ""),
			);
			break;
		default:
			parts.push(safeJson(entry));
			break;
	}
	return parts.filter((p) => p !== "").join("\n");
}

/**
 * How a search judges one entry: a `hit` (every word in its lower-cased text, or in its label,
 * and it passes the filter), `hidden` (it matches words but the filter hides it), or null.
 */
function judge(
	entry: SessionEntry,
	labels: ReadonlyMap<string, string>,
	words: readonly string[],
	filter: FindFilter,
	lowerText: () => string,
	text?: () => string,
	patterns?: readonly RegExp[] | null,
): "hit" | "hidden" | null {
	const label = labels.get(entry.id);
	if (words.length > 0) {
		const lowerLabel = label?.toLowerCase();
		const raw = patterns && text ? text() : null;
		if (raw !== null && patterns && !hasAsciiLowering(raw)) {
			// The text as it is, each word by its case-insensitive pattern (see `asciiPatterns`).
			for (let k = 0; k < words.length; k++) {
				if (!patterns[k].test(raw) && !lowerLabel?.includes(words[k])) return null;
			}
		} else {
			const lower = lowerText();
			for (const w of words) if (!lower.includes(w) && !lowerLabel?.includes(w)) return null;
		}
	}
	if (passesFilter(entry, filter, label !== undefined)) return "hit";
	return words.length > 0 ? "hidden" : null;
}

/** An incremental search over a session: call `next` until it returns true (done). */
export interface FindRun {
	/** Positions of matching entries that pass the filter, in file order. */
	readonly hits: number[];
	/** Matching entries the filter hides. */
	hidden: number;
	/** Searches up to `count` more entries; returns true when the whole session was searched. */
	next(count: number): boolean;
	readonly done: boolean;
}

/**
 * Starts a search of `entries` for `query` (every word, case-insensitive) under `filter`. Runs
 * in slices so a caller can keep a page responsive on large sessions. With no active find
 * (see `isFindActive`) it finishes at once with no hits.
 */
export function startFind(entries: readonly SessionEntry[], query: string, filter: FindFilter): FindRun {
	const words = parseQuery(query);
	const active = isFindActive(query, filter);
	const labels = active ? getLabels(entries) : new Map<string, string>();
	let i = active ? 0 : entries.length;
	const run: FindRun = {
		hits: [],
		hidden: 0,
		get done() {
			return i >= entries.length;
		},
		next(count) {
			const end = Math.min(entries.length, i + count);
			for (; i < end; i++) {
				const at = i;
				const verdict = judge(entries[i], labels, words, filter, () => entrySearchText(entries[at]).toLowerCase());
				if (verdict === "hit") run.hits.push(i);
				else if (verdict === "hidden") run.hidden++;
			}
			return i >= entries.length;
		},
	};
	return run;
}

/** The whole search at once (see `startFind`). */
export function findEntries(
	entries: readonly SessionEntry[],
	query: string,
	filter: FindFilter,
): { hits: number[]; hidden: number } {
	const run = startFind(entries, query, filter);
	run.next(entries.length);
	return { hits: run.hits, hidden: run.hidden };
}

/** A piece of a snippet: `match` marks text to highlight. */
export interface SnippetPart {
	text: string;
	match: boolean;
}

function escapeRegExp(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let lastPattern: { query: string; pattern: RegExp | null } | null = null;

/** The pattern of a query's words for `findSnippet`, kept for the next call with that query. */
function snippetPattern(query: string): RegExp | null {
	if (lastPattern?.query !== query) {
		const words = parseQuery(query);
		lastPattern = { query, pattern: words.length ? new RegExp(words.map(escapeRegExp).join("|"), "gi") : null };
	}
	return lastPattern.pattern;
}

/**
 * A one-line excerpt of `text` around the first occurrence of any query word, split into parts
 * with the occurrences marked. Plain strings only: the caller renders them as text.
 */
export function findSnippet(text: string, query: string, max = 160): SnippetPart[] {
	const pattern = snippetPattern(query);
	let start = 0;
	if (pattern) {
		pattern.lastIndex = 0;
		const first = pattern.exec(text);
		if (first) start = Math.max(0, first.index - Math.floor(max / 4));
	}
	// Back up to a word start so the excerpt does not begin mid-word.
	if (start > 0) {
		const space = text.lastIndexOf(" ", start);
		if (space !== -1 && start - space < 20) start = space + 1;
	}
	let excerpt = text.slice(start, start + max * 2).replace(/\s+/g, " ");
	excerpt = excerpt.trimStart();
	const clipped = excerpt.length > max || start + max * 2 < text.length;
	if (excerpt.length > max) excerpt = excerpt.slice(0, max);
	const line = `${start > 0 ? "…" : ""}${excerpt.trimEnd()}${clipped ? "…" : ""}`;
	if (!pattern) return [{ text: line, match: false }];
	const parts: SnippetPart[] = [];
	let at = 0;
	pattern.lastIndex = 0;
	for (let m = pattern.exec(line); m; m = pattern.exec(line)) {
		if (m[0] === "") {
			pattern.lastIndex++;
			continue;
		}
		if (m.index > at) parts.push({ text: line.slice(at, m.index), match: false });
		parts.push({ text: m[0], match: true });
		at = m.index + m[0].length;
	}
	if (at < line.length) parts.push({ text: line.slice(at), match: false });
	return parts;
}

/**
 * What a hit's row shows of it: its excerpt around the first query word with the words marked
 * (`findSnippet` of its search text, label first), or its start when the query has no words.
 */
export function entrySnippet(entry: SessionEntry, label: string | undefined, query: string): SnippetPart[] {
	return parseQuery(query).length > 0
		? findSnippet(entrySearchText(entry, label), query, 140)
		: [{ text: entryPreview(entry, 140), match: false }];
}

/** A batch of hits found by `findLazily`, each with what its row shows. */
export interface FoundBatch {
	/** Positions, ascending, of live entries that match and pass the filter. */
	hits: number[];
	/** Per hit: its kind (`entryKind`). */
	kinds: string[];
	/**
	 * The excerpts (`entrySnippet`) of the batch's first hits, `snippets[i]` for `hits[i]`: only the
	 * search's first `snippetsFor` hits come with one (a list shows those first; the rest are
	 * asked for when shown).
	 */
	snippets: SnippetPart[][];
	/** Matches the filter hid in this batch. */
	hidden: number;
	/** Entries searched so far, of all. */
	searched: number;
	total: number;
}

/**
 * Entry types whose search text (`entrySearchText`) is made only of string values of their line:
 * every character of it is in the line as written, unless the line escapes it (`\u…`, `\/`).
 * The others add text of their own (`thinking …`, `provider/model`, re-encoded JSON).
 */
const TEXT_FROM_LINE: ReadonlySet<string> = new Set([
	"message",
	"compaction",
	"branch_summary",
	"custom_message",
	"context_edit",
	"label",
	"session_info",
]);

/** Rules entries out of a search from their line's text (see `linePrefilter`). */
export interface LinePrefilter {
	/** False when the entry of this line (its text as written, its type and id) cannot match. */
	mayMatch(line: string, type: string, id: string): boolean;
}

/**
 * Rules entries out of a search from their line's text, before it is parsed: an entry can match
 * only if every word is in its line, lower-cased. That holds for the words it accepts: none that
 * a re-encoded number (`1e+21`, `1500`), a joined array (`a,b`), a string made of a non-string
 * (`[object Object]`) or an escape (`\"`) could produce in the search text without the line
 * holding them, and no final sigma (lower-cased by its neighbours). Lines with a `\u` or `\/`
 * escape, entries of types that add text (see `TEXT_FROM_LINE`) and labelled entries are always
 * parsed. Null when the query has no words, or a word it cannot vouch for.
 */
/**
 * Case-insensitive patterns for query words that are all printable ASCII, null otherwise. Such a
 * pattern (no `u` flag) matches an ASCII letter only by ASCII letters, so on a text without the
 * two characters whose lower case is ASCII (see `hasAsciiLowering`) it finds a word exactly where
 * the lower-cased text includes it: the text need not be lower-cased.
 */
function asciiPatterns(words: readonly string[]): RegExp[] | null {
	if (words.length === 0 || !words.every((w) => /^[\x21-\x7e]+$/.test(w))) return null;
	return words.map((w) => new RegExp(escapeRegExp(w), "i"));
}

/** Whether `text` holds U+0130 (İ, lower-cased "i̇") or U+212A (Kelvin sign, lower-cased "k"). */
function hasAsciiLowering(text: string): boolean {
	return text.includes("\u0130") || text.includes("\u212a");
}

export function linePrefilter(query: string, labels: ReadonlyMap<string, string>): LinePrefilter | null {
	const words = parseQuery(query);
	if (words.length === 0) return null;
	const unsafe = (w: string) => {
		for (let i = 0; i < w.length; i++) {
			const c = w.charCodeAt(i);
			if (c < 0x20 || c === 0x7f || c === 0x3c3 || c === 0x3c2) return true;
		}
		return /[0-9+,"\\]/.test(w) || "[object object]".includes(w);
	};
	if (words.some(unsafe)) return null;
	// Printable ASCII words are looked for without lower-casing the line (see `asciiPatterns`);
	// a line with a character whose lower case is ASCII is kept.
	const patterns = asciiPatterns(words);
	return {
		mayMatch(line, type, id) {
			if (!TEXT_FROM_LINE.has(type) || labels.has(id)) return true;
			if (line.includes("\\u") || line.includes("\\/")) return true;
			if (patterns) {
				if (hasAsciiLowering(line)) return true;
				for (const p of patterns) if (!p.test(line)) return false;
				return true;
			}
			const lower = line.toLowerCase();
			for (const w of words) if (!lower.includes(w)) return false;
			return true;
		},
	};
}

/** Entries in the first batch a lazy find reads (they double up to the batch size). */
const FIRST_BATCH = 250;

/**
 * Searches a session whose entries are read whole a batch at a time (a lean one, held by a
 * worker): the same matching and filter as `startFind`, over `count` entries. `read(from, to)`
 * gives the whole entries of positions [from, to) (undefined for one `prefilter` rules out,
 * see `linePrefilter`); `live[p]` is 1 for entries the tree holds (an
 * entry shadowed by a later one with its id is no hit). Each batch goes to `onBatch` as it is
 * searched; the search stops early when `stopped()` says so. Only the first `snippetsFor` hits
 * get their excerpts made (see `FoundBatch.snippets`). From `start` on, only positions
 * [start, count) are searched (a part of the session, see the workers' `findInPart`).
 */
export async function findLazily(
	count: number,
	labelsOf: Map<string, string>,
	live: Uint8Array,
	read: (from: number, to: number, prefilter: LinePrefilter | null) => Promise<(SessionEntry | undefined)[]>,
	query: string,
	filter: FindFilter,
	onBatch: (batch: FoundBatch) => void,
	stopped: () => boolean,
	batchSize = 2000,
	snippetsFor = Number.POSITIVE_INFINITY,
	start = 0,
): Promise<void> {
	const words = parseQuery(query);
	const patterns = asciiPatterns(words);
	let found = 0;
	const active = isFindActive(query, filter);
	const prefilter = linePrefilter(query, labelsOf);
	// The first batches are small, so that the first hits come soon; then `batchSize` each.
	const ranges: [number, number][] = [];
	let size = Math.min(FIRST_BATCH, batchSize);
	for (let from = start; from < (active ? count : 0); from += size, size = Math.min(size * 2, batchSize)) {
		ranges.push([from, Math.min(count, from + size)]);
	}
	// Each batch is read while the one before is searched: a read of the file is a round trip
	// to the browser's file reading that the worker would otherwise wait for, batch after batch.
	let ahead = ranges.length > 0 ? read(ranges[0][0], ranges[0][1], prefilter) : null;
	for (let r = 0; r < ranges.length; r++) {
		const [from, to] = ranges[r];
		const entries = await (ahead ?? read(from, to, prefilter));
		ahead = null;
		if (stopped()) return;
		if (r + 1 < ranges.length) {
			ahead = read(ranges[r + 1][0], ranges[r + 1][1], prefilter);
			// Not awaited if this search stops or fails first: its failure is not reported apart.
			ahead.catch(() => undefined);
		}
		const batch: FoundBatch = { hits: [], kinds: [], snippets: [], hidden: 0, searched: to, total: count };
		for (let i = 0; i < entries.length; i++) {
			const entry = entries[i];
			if (entry === undefined) continue;
			// The text with the label first: a word (no spaces) is in it when it is in either.
			let text: string | undefined;
			const searched = () => {
				text ??= entrySearchText(entry, labelsOf.get(entry.id));
				return text;
			};
			const verdict = judge(entry, labelsOf, words, filter, () => searched().toLowerCase(), searched, patterns);
			if (verdict === "hidden") batch.hidden++;
			if (verdict !== "hit" || live[from + i] !== 1) continue;
			batch.hits.push(from + i);
			batch.kinds.push(entryKind(entry));
			if (found++ < snippetsFor) batch.snippets.push(entrySnippet(entry, labelsOf.get(entry.id), query));
		}
		onBatch(batch);
	}
	if (!active) onBatch({ hits: [], kinds: [], snippets: [], hidden: 0, searched: count, total: count });
}
