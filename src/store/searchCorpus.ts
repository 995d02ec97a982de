import { type PreparedDoc, prepareSearchDoc, type SearchDoc } from "../core";
import { yieldToPage } from "../core/util/yield";
import { getSearchDocs, listIndexedKeys } from "../storage/searchStore";

/** Docs read per IndexedDB request: reading (and copying) them blocks the page, so in small portions. */
const LOAD_CHUNK = 16;

/**
 * The search index in memory: read from IndexedDB once, when a search first needs it, then kept
 * in step with every doc written or removed. Docs are lower-cased for searching on first use.
 * Large (it holds every session's text), so it lives here rather than in the store's state.
 */
let docs: Map<string, SearchDoc | PreparedDoc> | null = null;
let loading: Promise<void> | null = null;
/** Changes made while the index was being read, applied once it is in. */
let pending: { id: string; doc: SearchDoc | null }[] = [];

/** Every stored doc, a few at a time with the page served in between. */
async function readAll(): Promise<SearchDoc[]> {
	const keys = await listIndexedKeys();
	const out: SearchDoc[] = [];
	for (let i = 0; i < keys.length; i += LOAD_CHUNK) {
		if (i > 0) await yieldToPage();
		out.push(...(await getSearchDocs(keys.slice(i, i + LOAD_CHUNK))));
	}
	return out;
}

/** Reads the index if it is not in memory yet (once; concurrent callers share the read). */
export function loadCorpus(): Promise<void> {
	if (docs) return Promise.resolve();
	loading ??= readAll()
		.then((list) => {
			const map = new Map<string, SearchDoc | PreparedDoc>();
			for (const d of list) map.set(d.sessionId, d);
			for (const change of pending) {
				if (change.doc) map.set(change.id, change.doc);
				else map.delete(change.id);
			}
			docs = map;
		})
		.finally(() => {
			pending = [];
			loading = null;
		});
	return loading;
}

export function isCorpusLoaded(): boolean {
	return docs !== null;
}

/** Whether the index is in memory or being read into it (a doc written now must be remembered). */
export function isCorpusInUse(): boolean {
	return docs !== null || loading !== null;
}

/** The ids of the sessions in memory (empty until loaded). */
export function corpusIds(): string[] {
	return docs ? [...docs.keys()] : [];
}

/** A session's doc, prepared for searching (prepared on first use), or undefined. */
export function preparedDoc(id: string): PreparedDoc | undefined {
	const doc = docs?.get(id);
	if (!doc) return undefined;
	if ("lower" in doc) return doc;
	const prepared = prepareSearchDoc(doc);
	docs?.set(id, prepared);
	return prepared;
}

/** Notes a doc just written to the index. */
export function rememberDoc(doc: SearchDoc): void {
	if (docs) docs.set(doc.sessionId, doc);
	else if (loading) pending.push({ id: doc.sessionId, doc });
}

/** Notes a session removed from the index. */
export function forgetDoc(id: string): void {
	if (docs) docs.delete(id);
	else if (loading) pending.push({ id, doc: null });
}

/** Drops the in-memory copy (tests; the next search reads the index again). */
export function resetCorpus(): void {
	docs = null;
	loading = null;
	pending = [];
}

/** While held (a batch import writes docs itself), background indexing waits. */
let holds = 0;

export function holdIndexing(): void {
	holds++;
}

export function releaseIndexing(): void {
	holds = Math.max(0, holds - 1);
}

export function indexingHeld(): boolean {
	return holds > 0;
}
