import { getLabels } from "../session/meta";
import { buildTreeIndex, type TreeIndex } from "../session/tree";
import type { SessionEntry } from "../session/types";
import { isRecord } from "../util/fields";
import { entryKind } from "../view/entryKind";
import { entrySearchText, findSnippet, parseQuery, type SnippetPart } from "./find";

/**
 * Search across sessions. Each stored session gets a `SearchDoc`: the searchable text of every
 * entry (find's `entrySearchText`, with the entry's label), built once when the session is stored
 * and kept apart from its body, so a search never parses a session again. In memory a doc is
 * prepared into one lower-cased string with entry offsets, which `indexOf` scans at memory speed:
 * hundreds of sessions search in milliseconds.
 */

/** Bump with any change to `SearchDoc` or to what goes into it (and rename the store). */
export const SEARCH_DOC_VERSION = 1;

/** Text kept per entry: enough for any message; a giant tool output is searched in its first part. */
export const MAX_ENTRY_TEXT = 100_000;

export interface SearchDoc {
	v: typeof SEARCH_DOC_VERSION;
	/** Library id of the session. */
	sessionId: string;
	/** Content hash of the body the doc was built from. */
	contentHash: string;
	/** Entry ids, file order, only entries that resolve by their id and have text. */
	ids: string[];
	/** Each entry's search text (original case), parallel to `ids`. */
	texts: string[];
	/** Each entry's kind (core `entryKind`), parallel to `ids`: shown with a hit. */
	kinds: string[];
}

function clip(text: string): string {
	if (text.length <= MAX_ENTRY_TEXT) return text;
	const cut = text.charCodeAt(MAX_ENTRY_TEXT - 1);
	// Never keep half of a surrogate pair.
	return text.slice(0, cut >= 0xd800 && cut <= 0xdbff ? MAX_ENTRY_TEXT - 1 : MAX_ENTRY_TEXT);
}

/**
 * The search doc of a parsed session: every live entry's search text (see find's
 * `entrySearchText`: user and assistant text, thinking, tool calls and results, bash, summaries,
 * custom messages, settings, names; an entry's current label comes first). Entries hidden by a
 * later line with the same id are left out, as they are not in the tree.
 */
export function buildSearchDoc(
	sessionId: string,
	contentHash: string,
	entries: readonly SessionEntry[],
	index: TreeIndex = buildTreeIndex(entries),
): SearchDoc {
	const labels = getLabels(entries);
	const ids: string[] = [];
	const texts: string[] = [];
	const kinds: string[] = [];
	for (let i = 0; i < entries.length; i++) {
		if (index.live[i] !== 1) continue;
		const entry = entries[i];
		const text = entrySearchText(entry, labels.get(entry.id));
		if (text === "") continue;
		ids.push(entry.id);
		texts.push(clip(text));
		kinds.push(entryKind(entry));
	}
	return { v: SEARCH_DOC_VERSION, sessionId, contentHash, ids, texts, kinds };
}

/** Whether a stored value is a search doc of this version (stored data is not trusted). */
export function isSearchDoc(value: unknown): value is SearchDoc {
	if (!isRecord(value)) return false;
	const d = value;
	return (
		d.v === SEARCH_DOC_VERSION &&
		typeof d.sessionId === "string" &&
		typeof d.contentHash === "string" &&
		Array.isArray(d.ids) &&
		Array.isArray(d.texts) &&
		Array.isArray(d.kinds) &&
		d.ids.length === d.texts.length &&
		d.ids.length === d.kinds.length &&
		d.ids.every((id) => typeof id === "string") &&
		d.texts.every((t) => typeof t === "string") &&
		d.kinds.every((k) => typeof k === "string")
	);
}

/** A doc ready to search: its texts lower-cased into one string with each entry's offsets. */
export interface PreparedDoc {
	readonly sessionId: string;
	readonly contentHash: string;
	readonly ids: readonly string[];
	readonly texts: readonly string[];
	readonly kinds: readonly string[];
	readonly lower: string;
	/** Entry `i` is `lower.slice(starts[i], starts[i + 1] - 1)`; a separator follows each entry. */
	readonly starts: Int32Array;
}

/** Between entries in `PreparedDoc.lower`; query words never contain it. */
const SEPARATOR = "\u0000";

export function prepareSearchDoc(doc: SearchDoc): PreparedDoc {
	const n = doc.texts.length;
	const lowered = new Array<string>(n);
	const starts = new Int32Array(n + 1);
	let at = 0;
	for (let i = 0; i < n; i++) {
		// Lower-cased per entry: lower-casing can change a text's length (İ → i̇).
		lowered[i] = doc.texts[i].toLowerCase();
		starts[i] = at;
		at += lowered[i].length + 1;
	}
	starts[n] = at;
	return {
		sessionId: doc.sessionId,
		contentHash: doc.contentHash,
		ids: doc.ids,
		texts: doc.texts,
		kinds: doc.kinds,
		lower: lowered.join(SEPARATOR) + SEPARATOR,
		starts,
	};
}

/** The entry whose text holds offset `at` of `lower` (binary search over `starts`). */
function entryAt(starts: Int32Array, at: number): number {
	let lo = 0;
	let hi = starts.length - 2;
	while (lo < hi) {
		const mid = (lo + hi + 1) >>> 1;
		if (starts[mid] <= at) lo = mid;
		else hi = mid - 1;
	}
	return lo;
}

/**
 * Positions (into `doc.ids`) of the entries containing every word of `words` (lower-cased, as
 * `parseQuery` gives them), in file order. The longest word is looked up with `indexOf` over the
 * whole doc; the others are checked inside each entry it was found in.
 */
export function searchPreparedDoc(doc: PreparedDoc, words: readonly string[]): number[] {
	const hits: number[] = [];
	const terms = words.filter((w) => w !== "" && !w.includes(SEPARATOR));
	if (terms.length === 0 || doc.ids.length === 0) return hits;
	let anchor = terms[0];
	for (const w of terms) if (w.length > anchor.length) anchor = w;
	const others = terms.filter((w) => w !== anchor);
	const { lower, starts } = doc;
	let from = 0;
	for (;;) {
		const at = lower.indexOf(anchor, from);
		if (at === -1) break;
		const e = entryAt(starts, at);
		const end = starts[e + 1] - 1;
		if (others.length > 0) {
			const text = lower.slice(starts[e], end);
			if (others.every((w) => text.includes(w))) hits.push(e);
		} else {
			hits.push(e);
		}
		from = end + 1;
	}
	return hits;
}

/** One session's hits for a query. */
export interface SessionHits {
	sessionId: string;
	/** Positions into the doc's `ids`/`texts`, file order. */
	positions: number[];
}

/** Searches `docs` for `query` (every word, case-insensitive, within one entry); sessions without hits are left out. */
export function searchDocs(docs: Iterable<PreparedDoc>, query: string): SessionHits[] {
	const words = parseQuery(query);
	const out: SessionHits[] = [];
	if (words.length === 0) return out;
	for (const doc of docs) {
		const positions = searchPreparedDoc(doc, words);
		if (positions.length > 0) out.push({ sessionId: doc.sessionId, positions });
	}
	return out;
}

/** A one-line excerpt of hit `position` with the query words marked (plain text, see `findSnippet`). */
export function hitSnippet(doc: PreparedDoc, position: number, query: string, max = 140): SnippetPart[] {
	return findSnippet(doc.texts[position] ?? "", query, max);
}

/**
 * A branch tip whose path holds the entry at `pos`: the file's current leaf when its path passes
 * through it, else the tip reached by always taking the newest child (last in file order).
 * Returns a position; -1 only for -1.
 */
export function tipContaining(index: TreeIndex, pos: number): number {
	if (pos < 0) return -1;
	for (let p = index.currentLeaf; p !== -1; p = index.parent[p]) if (p === pos) return index.currentLeaf;
	let node = pos;
	const seen = new Set<number>();
	while (index.children.count(node) > 0 && !seen.has(node)) {
		seen.add(node);
		node = index.children.last(node);
	}
	return node;
}
