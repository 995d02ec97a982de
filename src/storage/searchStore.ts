import { del, delMany, getMany, keys as idbKeys, set } from "idb-keyval";
import { isSearchDoc, SEARCH_DOC_VERSION, type SearchDoc } from "../core";
import { openStore, type RobustStore } from "./idb";

/**
 * The cross-session search index: one `SearchDoc` per stored session, in its own database so
 * neither the library list nor a search ever reads a session body. Keys are
 * `[sessionId, contentHash]`, so which docs are missing or stale is known from the keys alone.
 * The database name carries the doc version: a new doc format starts a new, empty index (rebuilt
 * from the stored bodies), and the old one is removed.
 */
const SEARCH_DB = `session-explorer-search-v${SEARCH_DOC_VERSION}`;
const OLD_SEARCH_DBS = Array.from({ length: SEARCH_DOC_VERSION - 1 }, (_, i) => `session-explorer-search-v${i + 1}`);

let store: RobustStore | undefined;
const docs = () => {
	if (!store) {
		store = openStore(SEARCH_DB, "docs");
		for (const name of OLD_SEARCH_DBS) {
			try {
				indexedDB.deleteDatabase(name);
			} catch {
				// an old index left behind only costs space
			}
		}
	}
	return store;
};

export interface IndexedKey {
	sessionId: string;
	contentHash: string;
}

const toKey = (k: IndexedKey): IDBValidKey => [k.sessionId, k.contentHash];

function readKey(key: IDBValidKey): IndexedKey | null {
	if (!Array.isArray(key) || key.length !== 2) return null;
	const [sessionId, contentHash] = key;
	return typeof sessionId === "string" && typeof contentHash === "string" ? { sessionId, contentHash } : null;
}

/** Which sessions (at which content) have a doc; unreadable keys are dropped on the way. */
export async function listIndexedKeys(): Promise<IndexedKey[]> {
	const all = await idbKeys(docs());
	const out: IndexedKey[] = [];
	const bad: IDBValidKey[] = [];
	for (const key of all) {
		const k = readKey(key);
		if (k) out.push(k);
		else bad.push(key);
	}
	if (bad.length > 0) await delMany(bad, docs());
	return out;
}

/** An index entry that was unreadable: dropped, so the next sync builds it again. */
export interface DroppedDoc {
	sessionId: string;
	reason: string;
}

let dropped: DroppedDoc[] = [];

/** The entries `getSearchDocs` dropped since the last call (each reported once). */
export function takeDroppedDocs(): DroppedDoc[] {
	const out = dropped;
	dropped = [];
	return out;
}

/**
 * The docs stored under `list` (read in one transaction). Values that are not docs of this
 * version, or not the doc their key names, are left out and removed from the index (so the next
 * sync rebuilds them), and reported through `takeDroppedDocs`.
 */
export async function getSearchDocs(list: readonly IndexedKey[]): Promise<SearchDoc[]> {
	const values = await getMany<unknown>(list.map(toKey), docs());
	const out: SearchDoc[] = [];
	const bad: IndexedKey[] = [];
	values.forEach((value, i) => {
		const k = list[i];
		if (value === undefined) return; // removed meanwhile
		const drop = (reason: string) => {
			bad.push(k);
			dropped.push({ sessionId: k.sessionId, reason });
		};
		if (!isSearchDoc(value)) drop("the search index entry is not a readable document");
		else if (value.sessionId !== k.sessionId || value.contentHash !== k.contentHash) {
			drop("the search index entry describes another session or content");
		} else out.push(value);
	});
	if (bad.length > 0) await delMany(bad.map(toKey), docs()).catch(() => undefined);
	return out;
}

/** Stores a session's doc and drops its docs for any other content. */
export async function putSearchDoc(doc: SearchDoc): Promise<void> {
	await set([doc.sessionId, doc.contentHash], doc, docs());
	const stale = (await listIndexedKeys()).filter(
		(k) => k.sessionId === doc.sessionId && k.contentHash !== doc.contentHash,
	);
	if (stale.length > 0) await delMany(stale.map(toKey), docs());
}

/** Removes every doc of a session. */
export async function deleteSearchDocs(sessionId: string): Promise<void> {
	const mine = (await listIndexedKeys()).filter((k) => k.sessionId === sessionId);
	for (const k of mine) await del(toKey(k), docs());
}

/** Removes the docs with these keys. */
export async function deleteIndexedKeys(list: readonly IndexedKey[]): Promise<void> {
	if (list.length > 0) await delMany(list.map(toKey), docs());
}

/** Forgets the open connection and any remembered failure (after "try again"). */
export function resetSearchStore(): void {
	store?.reset();
}
