import { isSessionFileName } from "../../core";
import { yieldToPage } from "../../core/util/yield";
import { readBundleHeader, readBundleLine, readLines } from "../../storage/bundle";
import type { SessionMeta } from "../../storage/repository";
import * as repo from "../../storage/repository";
import * as searchStore from "../../storage/searchStore";
import { importSessionFile } from "../../workers/importClient";
import { placed, placeSession } from "../placement";
import { holdIndexing, releaseIndexing, rememberDoc } from "../searchCorpus";
import { storageProblem, usageText } from "../storageMessage";
import type { GetStore, ImportActions, ImportBatch, ImportResult, ImportSource, ImportState, SetStore } from "../types";

export const initialImportState: ImportState = { importBatch: null };

/** Progress reaches the store at most this often (a folder of small files would re-render per file). */
const PROGRESS_MS = 100;
/** The library list is re-read at most this often while a batch runs. */
const LIBRARY_MS = 2000;

/** Whether a path names a session file (`.jsonl`, any case, or an archive `.jsonl.<reason>.<time>`). */
export function isSessionPath(path: string): boolean {
	return isSessionFileName(path);
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

/** One thing a batch imports: a file of a folder, or one session of a library file. */
interface BatchItem {
	/** What its result row names. */
	path: string;
	/** Its share of the batch's bytes. */
	bytes: number;
	fileName: string;
	/** The content; absent when the item could not even be read (`problem`). */
	body?: Blob;
	problem?: string;
	/** The session known to hold exactly this file: not read again (see `ImportSource.unchanged`). */
	unchanged?: string;
	/** A library file's session: stored under its id, with what the explorer kept about it. */
	restore?: { id: string; displayName?: string; sourceUrl?: string; addedAt?: number };
}

/** What a batch goes through: counted up front, items produced as it goes. */
interface BatchPlan {
	kind: "folder" | "library";
	total: number;
	bytesTotal: number;
	ignored: string[];
	items: AsyncIterable<BatchItem> | Iterable<BatchItem>;
	/** Why nothing in it can be imported (not a library file). */
	problem?: string;
}

function folderPlan(sources: readonly ImportSource[]): BatchPlan {
	const { files, ignored } = planImport(sources);
	return {
		kind: "folder",
		total: files.length,
		bytesTotal: files.reduce((n, f) => n + f.file.size, 0),
		ignored,
		items: files.map((f) => ({
			path: f.path,
			bytes: f.file.size,
			fileName: f.file.name,
			body: f.file,
			...(f.unchanged ? { unchanged: f.unchanged } : {}),
		})),
	};
}

/** The sessions of a library file, read line by line: a damaged line is one failed item. */
async function libraryPlan(file: Blob): Promise<BatchPlan> {
	const lines = readLines(file);
	const first = await lines.next().catch((err: unknown) => ({ done: true as const, value: errorText(err) }));
	const base = { kind: "library" as const, ignored: [], bytesTotal: file.size };
	if (first.done) {
		await lines.return(undefined);
		const problem = typeof first.value === "string" ? first.value : "The library file is empty.";
		return { ...base, total: 0, items: [], problem };
	}
	const head = readBundleHeader(first.value.text);
	if ("problem" in head) {
		await lines.return(undefined);
		return { ...base, total: 0, items: [], problem: head.problem };
	}
	let bytesBefore = first.value.bytesRead;
	async function* items(): AsyncGenerator<BatchItem> {
		for await (const line of lines) {
			const bytes = Math.max(0, line.bytesRead - bytesBefore);
			bytesBefore = line.bytesRead;
			const read = readBundleLine(line.text);
			if ("problem" in read) {
				yield { path: `line ${line.number}`, bytes, fileName: "", problem: `line ${line.number}: ${read.problem}` };
				continue;
			}
			const { body, id, fileName, displayName, sourceUrl, addedAt } = read.session;
			yield {
				path: displayName ?? fileName,
				bytes,
				fileName,
				body: new Blob([body], { type: "application/jsonl" }),
				restore: {
					id,
					...(displayName ? { displayName } : {}),
					...(sourceUrl ? { sourceUrl } : {}),
					...(addedAt !== undefined ? { addedAt } : {}),
				},
			};
		}
	}
	return { ...base, total: head.header.sessions, items: items() };
}

export function createImportSlice(set: SetStore, get: GetStore): ImportActions {
	let nextBatchId = 1;
	/** Set by cancel: stops the running batch and any queued after it. */
	let cancelled = false;
	/** Batches running or queued; they run one after another. */
	let active = 0;
	let queue: Promise<void> = Promise.resolve();

	async function run(makePlan: () => Promise<BatchPlan>): Promise<void> {
		const id = nextBatchId++;
		const plan = await makePlan();
		const unit = plan.kind === "library" ? "sessions" : "files";
		const batch: ImportBatch = {
			id,
			kind: plan.kind,
			running: true,
			total: plan.total,
			done: 0,
			bytesTotal: plan.bytesTotal,
			bytesDone: 0,
			current: null,
			results: [],
			ignored: plan.ignored,
			stopped: plan.problem ?? null,
		};
		set({ importBatch: batch });
		if (plan.problem) {
			set({ importBatch: { ...batch, running: false } });
			return;
		}
		if (!get().libraryReady) await get().refreshLibrary();
		const byId = new Map<string, SessionMeta>(get().library.map((m) => [m.id, m]));
		const byHash = new Map<string, string>(get().library.map((m) => [m.contentHash, m.id]));
		const results: ImportResult[] = [];
		const notStored: string[] = [];
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
					// A library file may hold more sessions than its header said.
					total: Math.max(batch.total, results.length),
					done: results.length,
					bytesDone: bytesDone + currentBytes,
					current,
					results: [...results],
					stopped,
					...(notStored.length > 0 ? { notStored: [...notStored] } : {}),
				},
			});
		};

		holdIndexing();
		const iterator = Symbol.asyncIterator in plan.items ? plan.items[Symbol.asyncIterator]() : null;
		const syncIterator = iterator ? null : (plan.items as Iterable<BatchItem>)[Symbol.iterator]();
		const next = async () => (iterator ? await iterator.next() : (syncIterator as Iterator<BatchItem>).next());
		try {
			for (;;) {
				if (cancelled) {
					const left = Math.max(0, plan.total - results.length);
					stopped = `Cancelled: ${left} of ${plan.total} ${unit} were not imported.`;
					break;
				}
				let step: IteratorResult<BatchItem>;
				try {
					step = await next();
				} catch (err) {
					stopped = `Stopped: the file could not be read further (${errorText(err)}).`;
					break;
				}
				if (step.done) break;
				const item = step.value;
				current = item.path;
				currentBytes = 0;
				flush(false);
				const result = await importOne(item, byId, byHash, (loaded) => {
					currentBytes = Math.min(loaded, item.bytes);
					flush(false);
				});
				results.push(result.result);
				if (result.result.status === "updated" && result.result.sessionId) updated.add(result.result.sessionId);
				bytesDone += item.bytes;
				currentBytes = 0;
				if (result.storageFailed) {
					stopped = await stopMessage(result.storageFailed, plan, results.length, unit);
					// A folder's remaining files are listed (cheap); a library file's are only counted.
					if (plan.kind === "folder") {
						for (let rest = await next(); !rest.done; rest = await next()) notStored.push(rest.value.path);
					}
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
			await iterator?.return?.();
			releaseIndexing();
			flush(true, false);
			await get().refreshLibrary();
			get().rerunSearch();
			const open = get().session;
			if (open && updated.has(open.key)) await reopen(open.key);
		}
	}

	/** Why a batch stopped at a storage failure, with the space used and available when it is full. */
	async function stopMessage(
		failure: "quota" | "unavailable",
		plan: BatchPlan,
		done: number,
		unit: string,
	): Promise<string> {
		const left = Math.max(0, plan.total - done);
		const leftText = `${left} of ${plan.total} ${unit} were not tried`;
		if (failure === "unavailable") {
			return `Stopped: browser storage is unavailable, so nothing more can be stored; ${leftText}.`;
		}
		const use = await repo.storageEstimate().catch(() => null);
		return `Stopped: browser storage is full${usageText(use)}; ${leftText}. Delete sessions from the library to make room, then import again (what is stored already is skipped).`;
	}

	/** Imports one item: never throws; says whether storage failed in a way that stops the batch. */
	async function importOne(
		item: BatchItem,
		byId: Map<string, SessionMeta>,
		byHash: Map<string, string>,
		onBytes: (loaded: number) => void,
	): Promise<{ result: ImportResult; storageFailed?: "quota" | "unavailable" }> {
		const path = item.path;
		if (!item.body) return { result: { path, status: "failed", reason: item.problem ?? "unreadable" } };
		const known = item.unchanged ? byId.get(item.unchanged) : undefined;
		if (known) return { result: { path, status: "unchanged", sessionId: known.id, entries: known.entries } };
		const restore = item.restore;
		// A library file's session is unchanged when its own stored copy has the same content; a
		// folder's file when any stored session does.
		const storedHash = restore ? byId.get(restore.id)?.contentHash : undefined;
		const knownHashes = restore ? (storedHash ? [storedHash] : []) : [...byHash.keys()];
		let outcome: Awaited<ReturnType<typeof importSessionFile>>;
		try {
			outcome = await importSessionFile(
				item.body,
				{ fileName: item.fileName, knownHashes, ...(restore ? { sessionId: restore.id } : {}) },
				(p) => onBytes(p.loaded),
			);
		} catch (err) {
			return { result: { path, status: "failed", reason: errorText(err) } };
		}
		if (outcome.kind === "unchanged") {
			const sessionId = restore?.id ?? byHash.get(outcome.contentHash);
			return { result: { path, status: "unchanged", ...(sessionId ? { sessionId } : {}) } };
		}
		let meta = outcome.meta;
		let doc = outcome.doc;
		let before = byId.get(meta.id);
		if (!restore) {
			// Same id, other content: it updates a stored copy only when it continues it; else it is kept apart.
			const placement = await placeSession(meta.id, item.body, meta.contentHash, [...byId.values()]);
			meta = placed(meta, placement);
			doc = { ...doc, sessionId: meta.id };
			before = placement.kind === "same" || placement.kind === "grown" ? placement.stored : undefined;
		}
		if (before && before.contentHash === meta.contentHash) {
			return { result: { path, status: "unchanged", sessionId: before.id, entries: before.entries } };
		}
		let stored: SessionMeta;
		try {
			stored = await repo.saveSession(
				{
					...meta,
					storedAt: Date.now(),
					...(restore?.displayName ? { displayName: restore.displayName } : {}),
					...(restore?.sourceUrl ? { sourceUrl: restore.sourceUrl } : {}),
					...(restore?.addedAt !== undefined ? { addedAt: restore.addedAt } : {}),
				},
				item.body,
			);
		} catch (err) {
			const kind = storageProblem(err);
			if (kind === "unavailable") void get().noteStorageFailure(err);
			const reason =
				kind === "quota"
					? "not stored: browser storage is full"
					: kind === "unavailable"
						? "not stored: browser storage is unavailable"
						: `not stored: ${errorText(err)}`;
			return { result: { path, status: "failed", reason }, ...(kind !== "failed" ? { storageFailed: kind } : {}) };
		}
		try {
			await searchStore.putSearchDoc(doc);
			rememberDoc(doc);
		} catch {
			// The session is stored; the index catches up in the background (syncSearchIndex).
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
		const session = get().session;
		if (!session) return;
		const wanted = [selectedLeafId, focusedEntryId].filter((id): id is string => id !== null);
		const found = await session.reader.locate(wanted).catch(() => wanted.map(() => -1));
		const has = (id: string | null) => id !== null && found[wanted.indexOf(id)] >= 0;
		if (has(selectedLeafId)) get().selectLeaf(selectedLeafId);
		if (has(focusedEntryId)) get().focusEntry(focusedEntryId);
	}

	/** Runs batches one after another. */
	function enqueue(makePlan: () => Promise<BatchPlan>): Promise<void> {
		active++;
		queue = queue
			.catch(() => undefined)
			.then(() => run(makePlan))
			.finally(() => {
				active--;
				if (active === 0) cancelled = false;
			});
		return queue;
	}

	return {
		importFiles(sources) {
			return enqueue(async () => folderPlan(sources));
		},

		importLibraryBundle(file) {
			return enqueue(() => libraryPlan(file));
		},

		cancelImport() {
			if (active > 0) cancelled = true;
		},

		dismissImport() {
			if (!get().importBatch?.running) set({ importBatch: null });
		},
	};
}
