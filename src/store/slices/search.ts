import { hitSnippet, parseQuery, searchPreparedDoc } from "../../core";
import { yieldToPage } from "../../core/util/yield";
import { StorageError } from "../../storage/idb";
import * as repo from "../../storage/repository";
import * as searchStore from "../../storage/searchStore";
import { indexSessionFile } from "../../workers/importClient";
import { forgetDoc, indexingHeld, isCorpusInUse, loadCorpus, preparedDoc, rememberDoc } from "../searchCorpus";
import { storageProblem } from "../storageMessage";
import type { GetStore, SearchActions, SearchGroup, SearchState, SetStore } from "../types";

/** How long the page is left to a file just loaded before the search index reads stored sessions. */
const QUIET_MS = 1500;
/** How long the search index waits at most for the open session's checks (see `untilQuiet`). */
const CHECKS_WAIT_MS = 60_000;

export const initialSearchState: SearchState = {
	searchQuery: "",
	searchResults: [],
	searchRunning: false,
	searchIndexing: null,
	searchUnavailable: null,
};

/** Milliseconds of searching between yields to the page. */
const SLICE_MS = 12;
/** Hits per session that get an excerpt; the rest are counted. */
export const HITS_PER_SESSION = 20;

/** When a session was last active: its last entry, else its start, else when it was stored. */
function activity(m: { modified: string; created: string; storedAt: number }): number {
	for (const v of [m.modified, m.created]) {
		const t = Date.parse(v);
		if (!Number.isNaN(t)) return t;
	}
	return m.storedAt;
}

/** Why the index cannot be used, for the search panel. */
function unavailableReason(err: unknown, writing: boolean): string {
	const kind = storageProblem(err, writing);
	if (kind === "quota")
		return "The search index could not be written: browser storage is full. Search covers the sessions indexed so far.";
	if (kind === "unavailable")
		return "Search across sessions is unavailable: browser storage cannot be used in this page.";
	return `The search index could not be read (${err instanceof Error ? err.message : String(err)}).`;
}

export function createSearchSlice(set: SetStore, get: GetStore): SearchActions {
	/**
	 * Reads the index into memory; says so when it cannot be read, and reports entries that were
	 * unreadable (dropped, to be rebuilt).
	 */
	async function readCorpus(): Promise<void> {
		try {
			await loadCorpus();
		} catch (err) {
			set({ searchUnavailable: unavailableReason(err, false) });
			return;
		}
		if (get().searchUnavailable) set({ searchUnavailable: null });
		const dropped = searchStore.takeDroppedDocs();
		for (const d of dropped) {
			const meta = get().library.find((m) => m.id === d.sessionId);
			get().reportCorrupt({
				key: d.sessionId,
				rawKey: d.sessionId,
				store: "search",
				...(meta ? { fileName: meta.fileName } : {}),
				reason: `${d.reason}; it was dropped and is being rebuilt`,
			});
		}
		if (dropped.length > 0) void get().syncSearchIndex();
	}

	/**
	 * The index catches up once no file has been loading for `QUIET_MS`: a file just opened has
	 * the machine first (its worker answers the first questions, its bytes are stored). Its worker's
	 * checks of the whole file (the open session's diagnostics, a second pass over its bytes) count as
	 * loading, for `CHECKS_WAIT_MS` at most: indexing another copy of the file beside them kept both
	 * cores of a two-core machine busy, and the page's own tasks took half as long again. So does a
	 * find in the open session (split between the worker and its helper, it wants both cores).
	 */
	async function untilQuiet(): Promise<void> {
		const start = performance.now();
		let quietSince = start;
		for (;;) {
			const { session, loads, findRunning } = get();
			const checking = session?.checks === "running" && performance.now() - start < CHECKS_WAIT_MS;
			if (loads.length > 0 || checking || findRunning) quietSince = performance.now();
			const left = QUIET_MS - (performance.now() - quietSince);
			if (left <= 0) return;
			await new Promise((resolve) => setTimeout(resolve, Math.min(left, 250)));
		}
	}

	/** Each search gets a generation; a newer one makes older ones stop. */
	let generation = 0;
	let syncing = false;
	let syncAgain = false;
	/** Stored bodies that did not parse (`id\nhash`): not tried again on every sync. */
	const unreadable = new Set<string>();

	async function search(mine: number) {
		const query = get().searchQuery;
		const words = parseQuery(query);
		if (words.length === 0) {
			set({ searchResults: [], searchRunning: false });
			return;
		}
		set({ searchRunning: true });
		// An unreadable index searches as empty (and says why); syncing rebuilds it.
		await readCorpus();
		if (mine !== generation) return;
		// Newest sessions first; only docs built from the stored content count.
		const sessions = [...get().library].sort((a, b) => activity(b) - activity(a));
		const groups: SearchGroup[] = [];
		let t0 = performance.now();
		for (const meta of sessions) {
			const doc = preparedDoc(meta.id);
			if (doc && doc.contentHash === meta.contentHash) {
				const positions = searchPreparedDoc(doc, words);
				if (positions.length > 0) {
					groups.push({
						sessionId: meta.id,
						total: positions.length,
						hits: positions.slice(0, HITS_PER_SESSION).map((p) => ({
							entryId: doc.ids[p],
							kind: doc.kinds[p] ?? "unknown",
							parts: hitSnippet(doc, p, query),
						})),
					});
				}
			}
			if (performance.now() - t0 > SLICE_MS) {
				await yieldToPage();
				if (mine !== generation) return;
				t0 = performance.now();
			}
		}
		set({ searchResults: groups, searchRunning: false });
	}

	return {
		setSearchQuery(searchQuery) {
			if (searchQuery === get().searchQuery) return;
			set({ searchQuery });
			void search(++generation);
		},

		rerunSearch() {
			if (parseQuery(get().searchQuery).length > 0) void search(++generation);
		},

		async prepareSearch() {
			await readCorpus();
		},

		async openSearchHit(sessionId, entryId) {
			if (get().session?.key !== sessionId && !(await get().openStored(sessionId))) return;
			const session = get().session;
			if (!session || session.key !== sessionId) return;
			const tip = await session.reader.tipThrough(entryId).catch(() => null);
			await get().openLink({ session: sessionId, entry: entryId, ...(tip !== null ? { leaf: tip } : {}) });
		},

		async syncSearchIndex() {
			if (syncing) {
				syncAgain = true;
				return;
			}
			syncing = true;
			let indexed = 0;
			try {
				do {
					syncAgain = false;
					if (indexingHeld()) break;
					const library = get().library;
					const current = new Map(library.map((m) => [m.id, m.contentHash]));
					const keys = await searchStore.listIndexedKeys();
					// A batch import started meanwhile writes docs the library above does not list yet.
					if (indexingHeld()) break;
					const have = new Set(keys.map((k) => `${k.sessionId}\n${k.contentHash}`));
					const stale = keys.filter((k) => current.get(k.sessionId) !== k.contentHash);
					await searchStore.deleteIndexedKeys(stale);
					for (const k of stale) if (!current.has(k.sessionId)) forgetDoc(k.sessionId);
					const missing = library.filter((m) => {
						const key = `${m.id}\n${m.contentHash}`;
						return !have.has(key) && !unreadable.has(key);
					});
					for (let i = 0; i < missing.length; i++) {
						await untilQuiet();
						if (indexingHeld()) break;
						set({ searchIndexing: { done: i, total: missing.length } });
						const meta = missing[i];
						const body = await repo.loadSessionBody(meta.id).catch(() => undefined);
						// The session may have gone or changed meanwhile: the next round sees to it.
						if (!body || get().library.find((m) => m.id === meta.id)?.contentHash !== meta.contentHash) continue;
						try {
							// The worker writes the doc to the index; a large doc only comes back to
							// this thread when the index is held in memory here (a search ran).
							const key = { sessionId: meta.id, contentHash: meta.contentHash };
							// A find that starts meanwhile in the open session holds the reading.
							let doc = await indexSessionFile(body, { ...key, returnDoc: isCorpusInUse() }, () => get().findRunning);
							// A search started meanwhile: read the doc back after all.
							if (!doc && isCorpusInUse()) doc = (await searchStore.getSearchDocs([key]))[0] ?? null;
							if (doc) rememberDoc(doc);
							indexed++;
						} catch (err) {
							// A failed write (storage full) ends this round: the outer catch says so.
							if (err instanceof StorageError) throw err;
							// A stored body that no longer parses stays out of the index.
							unreadable.add(`${meta.id}\n${meta.contentHash}`);
						}
						await yieldToPage();
					}
				} while (syncAgain);
				if (get().searchUnavailable) set({ searchUnavailable: null });
			} catch (err) {
				// Storage unavailable or full: the rest of the page works; the search panel says why.
				set({ searchUnavailable: unavailableReason(err, true) });
			} finally {
				syncing = false;
				set({ searchIndexing: null });
				if (indexed > 0) get().rerunSearch();
			}
		},
	};
}
