import type { SessionMeta } from "../../storage/repository";
import * as repo from "../../storage/repository";
import * as searchStore from "../../storage/searchStore";
import { importSessionFile } from "../../workers/importClient";
import { holdIndexing, releaseIndexing, rememberDoc } from "../searchCorpus";
import { storageMessage } from "../storageMessage";
import type { GetStore, ImportActions, ImportBatch, ImportResult, ImportSource, ImportState, SetStore } from "../types";
import { yieldToPage } from "../yieldToPage";

export const initialImportState: ImportState = { importBatch: null };

/** Progress reaches the store at most this often (a folder of small files would re-render per file). */
const PROGRESS_MS = 100;
/** The library list is re-read at most this often while a batch runs. */
const LIBRARY_MS = 2000;

/** Whether a path names a session file (`.jsonl`, any case). */
export function isSessionPath(path: string): boolean {
	return /\.jsonl$/i.test(path);
}

/** Path order as a file manager shows it ("2" before "10"), the same on every machine. */
const pathOrder = new Intl.Collator("en", { numeric: true });

/**
 * The files of a batch: `.jsonl` ones (and any file the user picked by hand) in path order, so
 * results read like the folder; the rest of a folder is set aside by path.
 */
export function planImport(sources: readonly ImportSource[]): { files: ImportSource[]; ignored: string[] } {
	const wanted = (s: ImportSource) => s.picked === true || isSessionPath(s.path);
	const files = sources.filter(wanted);
	files.sort((a, b) => pathOrder.compare(a.path, b.path));
	const ignored = sources.filter((s) => !wanted(s)).map((s) => s.path);
	return { files, ignored };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createImportSlice(set: SetStore, get: GetStore): ImportActions {
	let nextBatchId = 1;
	/** Set by cancel: stops the running batch and any queued after it. */
	let cancelled = false;
	/** Batches running or queued; they run one after another. */
	let active = 0;
	let queue: Promise<void> = Promise.resolve();

	async function run(sources: readonly ImportSource[]): Promise<void> {
		const { files, ignored } = planImport(sources);
		const batch: ImportBatch = {
			id: nextBatchId++,
			running: true,
			total: files.length,
			done: 0,
			bytesTotal: files.reduce((n, f) => n + f.file.size, 0),
			bytesDone: 0,
			current: null,
			results: [],
			ignored,
			stopped: null,
		};
		set({ importBatch: batch });
		if (!get().libraryReady) await get().refreshLibrary();
		const byId = new Map<string, SessionMeta>(get().library.map((m) => [m.id, m]));
		const byHash = new Map<string, string>(get().library.map((m) => [m.contentHash, m.id]));
		const results: ImportResult[] = [];
		const updated = new Set<string>();
		let bytesDone = 0;
		let currentBytes = 0;
		let current: string | null = null;
		let stopped: string | null = null;
		let lastFlush = 0;
		let lastLibrary = performance.now();

		const flush = (force: boolean, running = true) => {
			const now = performance.now();
			if (!force && now - lastFlush < PROGRESS_MS) return;
			lastFlush = now;
			set({
				importBatch: {
					...batch,
					running,
					done: results.length,
					bytesDone: bytesDone + currentBytes,
					current,
					results: [...results],
					stopped,
				},
			});
		};

		holdIndexing();
		try {
			for (const source of files) {
				if (cancelled) {
					stopped = `Cancelled: ${files.length - results.length} of ${files.length} files were not imported.`;
					break;
				}
				current = source.path;
				currentBytes = 0;
				flush(false);
				const result = await importOne(source, byId, byHash, (loaded) => {
					currentBytes = loaded;
					flush(false);
				});
				results.push(result.result);
				if (result.result.status === "updated" && result.result.sessionId) updated.add(result.result.sessionId);
				bytesDone += source.file.size;
				currentBytes = 0;
				if (result.storageFailed) {
					const left = files.length - results.length;
					stopped = `Stopped with ${left} of ${files.length} files left: ${result.result.reason ?? "storage failed"}`;
					break;
				}
				if (performance.now() - lastLibrary > LIBRARY_MS) {
					lastLibrary = performance.now();
					await get().refreshLibrary();
				}
				flush(false);
				await yieldToPage();
			}
		} finally {
			current = null;
			releaseIndexing();
			flush(true, false);
			await get().refreshLibrary();
			get().rerunSearch();
			const open = get().session;
			if (open && updated.has(open.key)) await reopen(open.key);
		}
	}

	/** Imports one file: never throws; says whether storage failed (which stops the batch). */
	async function importOne(
		source: ImportSource,
		byId: Map<string, SessionMeta>,
		byHash: Map<string, string>,
		onBytes: (loaded: number) => void,
	): Promise<{ result: ImportResult; storageFailed?: boolean }> {
		const path = source.path;
		let outcome: Awaited<ReturnType<typeof importSessionFile>>;
		try {
			outcome = await importSessionFile(
				source.file,
				{ fileName: source.file.name, knownHashes: [...byHash.keys()] },
				(p) => onBytes(p.loaded),
			);
		} catch (err) {
			return { result: { path, status: "failed", reason: errorText(err) } };
		}
		if (outcome.kind === "unchanged") {
			return { result: { path, status: "unchanged", sessionId: byHash.get(outcome.contentHash) } };
		}
		const before = byId.get(outcome.meta.id);
		if (before && before.contentHash === outcome.meta.contentHash) {
			return { result: { path, status: "unchanged", sessionId: before.id, entries: before.entries } };
		}
		let stored: SessionMeta;
		try {
			stored = await repo.saveSession({ ...outcome.meta, storedAt: Date.now() }, source.file);
		} catch (err) {
			const full = err instanceof DOMException && err.name === "QuotaExceededError";
			const reason = full
				? "Browser storage is full: delete sessions from the library to make room."
				: storageMessage(err);
			return { result: { path, status: "failed", reason }, storageFailed: true };
		}
		try {
			await searchStore.putSearchDoc(outcome.doc);
			rememberDoc(outcome.doc);
		} catch {
			// The index catches up in the background (syncSearchIndex).
		}
		byId.set(stored.id, stored);
		if (before) byHash.delete(before.contentHash);
		byHash.set(stored.contentHash, stored.id);
		return {
			result: {
				path,
				status: before ? "updated" : "imported",
				sessionId: stored.id,
				entries: stored.entries,
				...(before ? { previousEntries: before.entries } : {}),
			},
		};
	}

	/** Shows the open session again after the batch replaced its stored copy, keeping the selection. */
	async function reopen(id: string) {
		const { selectedLeafId, focusedEntryId } = get();
		get().closeSession();
		if (!(await get().openStored(id))) return;
		const entries = get().session?.entries;
		if (!entries) return;
		const ids = new Set(entries.map((e) => e.id));
		if (selectedLeafId && ids.has(selectedLeafId)) get().selectLeaf(selectedLeafId);
		if (focusedEntryId && ids.has(focusedEntryId)) get().focusEntry(focusedEntryId);
	}

	return {
		importFiles(sources) {
			active++;
			queue = queue
				.catch(() => undefined)
				.then(() => run(sources))
				.finally(() => {
					active--;
					if (active === 0) cancelled = false;
				});
			return queue;
		},

		cancelImport() {
			if (active > 0) cancelled = true;
		},

		dismissImport() {
			if (!get().importBatch?.running) set({ importBatch: null });
		},
	};
}
