import type { LeafSummary, SessionIssue, SessionPreview, TreeIndex } from "../../core";
import { yieldToPage } from "../../core/util/yield";
import { isBundleFile } from "../../storage/bundle";
import { getLastOpenSession, getSplitFromBytes, setLastOpenSession } from "../../storage/prefs";
import type { SessionMeta } from "../../storage/repository";
import * as repo from "../../storage/repository";
import { describeSession, sessionKey } from "../../storage/sessionMeta";
import { type HostHandle, type ParseFileResult, parseSessionFile, prefetchStoredIndex } from "../../workers/client";
import { type Placement, placed, placeSession } from "../placement";
import type { DeepLink, GetStore, LoadActions, LoadJob, LoadSource, LoadState, OpenSession, SetStore } from "../types";
import { unsavedBody } from "../unsavedBodies";
import { prepareView, type ShownView, viewFromWorker } from "../view";

export const initialLoadState: LoadState = { loads: [], loadErrors: [], linkError: null };

/**
 * More files than this at once are imported as a batch (one progress bar, a result per file,
 * nothing opened) rather than loaded one by one with a row each and the last one opened.
 */
export const BATCH_THRESHOLD = 10;

let nextJobId = 1;

/** A parsed session, and its checks when they come after it. */
interface Loaded {
	session: OpenSession;
	/** What the page shows of it (see `prepareView`). */
	view: ShownView;
	/** The worker's counted tips, to replace the view's uncounted ones (null: the worker stopped). */
	counted?: Promise<LeafSummary[] | null>;
	/** A lean session's checks, run by the worker (all its issues; null: the worker stopped). */
	leanChecks?: Promise<SessionIssue[] | null>;
	/**
	 * Stores the session in the library (or keeps it in memory when storage fails), then ends its
	 * load job. A session to be shown is stored after it is shown: the view need not wait for a
	 * 100 MB body to be written.
	 */
	store(): Promise<void>;
}

/** A lean session stays a preview for good, with the worker that holds the file. */
const leanParts = (result: ParseFileResult): Partial<OpenSession> =>
	result.lean && result.host
		? {
				partial: true,
				lean: true,
				host: result.host,
				leanChecks: result.leanChecks ? "running" : "skipped",
				...(result.described ? { described: result.described } : {}),
			}
		: {};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createLoadSlice(set: SetStore, get: GetStore): LoadActions {
	const addJob = (fileName: string, total: number, phase: LoadJob["phase"]) => {
		const id = nextJobId++;
		set((s) => ({ loads: [...s.loads, { id, fileName, loaded: 0, total, phase }] }));
		return id;
	};
	const updateJob = (id: number, patch: Partial<LoadJob>) =>
		set((s) => ({ loads: s.loads.map((j) => (j.id === id ? { ...j, ...patch } : j)) }));
	const progress = (id: number) => (p: { loaded: number; total: number }) => updateJob(id, p);
	const endJob = (id: number) => set((s) => ({ loads: s.loads.filter((j) => j.id !== id) }));
	const fail = (id: number, fileName: string, reason: string) =>
		set((s) => ({ loadErrors: [...s.loadErrors, { id, fileName, reason }] }));

	/**
	 * Shows `session`, keeping the selection when it is the open session loaded again; its checks'
	 * issues replace the notice when the worker has them.
	 */
	const show = async ({ session, view, counted, leanChecks }: Omit<Loaded, "store">) => {
		// What the save changed (the library list) renders in a task before the session's view.
		await yieldToPage();
		const before = get();
		const shown = before.session;
		// The selection holds across a reload of the open session, and from a file's preview to it.
		const same = shown?.key === session.key || (shown?.partial === true && shown.fileName === session.fileName);
		const keep = same ? before.selectedLeafId : null;
		get().openSession(session, view);
		if (keep && view.index.byId.has(keep)) get().selectLeaf(keep);
		counted?.then((leaves) => get().takeCountedLeaves(view.index, leaves));
		if (session.stored) setLastOpenSession(session.key);
		const { host } = session;
		if (host) leanChecks?.then((issues) => get().takeLeanChecks(host, issues));
	};

	/**
	 * Shows a file's preview (the lean session, before the worker's `done` says its hash, checks
	 * and counts are on their way), unless `superseded` says the session (or another) has come first.
	 */
	const showPreview = async (
		preview: SessionPreview,
		base: Pick<OpenSession, "fileName" | "size" | "sourceUrl"> & { key?: string },
		superseded: () => boolean,
		/** The worker that holds the file: it answers for the entries the preview has as skeletons. */
		host: HostHandle,
		/** The preview's tree index (see `PreviewShow`). */
		index: TreeIndex,
	) => {
		const { header, entries } = preview;
		// A header without id: the library key comes from the content hash, known at `done`; the
		// preview stands under a key of its own until then.
		const key =
			base.key ?? (typeof header?.id === "string" && header.id !== "" ? header.id : `preview:${base.fileName}`);
		await yieldToPage();
		if (superseded()) return;
		const view = viewFromWorker(entries, index, preview);
		await yieldToPage();
		if (superseded()) return;
		await show({
			view,
			session: {
				header,
				entries,
				leafId: entries.length > 0 ? entries[entries.length - 1].id : null,
				version: typeof header?.version === "number" ? header.version : 3,
				issues: [],
				lines: [],
				migrated: false,
				key,
				fileName: base.fileName,
				size: base.size,
				contentHash: "",
				...(base.sourceUrl ? { sourceUrl: base.sourceUrl } : {}),
				stored: false,
				partial: true,
				lean: true,
				host,
			},
		});
	};

	/**
	 * Sessions placed in the library but not stored yet (a pick of several files stores each one
	 * once the next has loaded): the next file is placed beside them too.
	 */
	const placing: SessionMeta[] = [];

	/** A preview of `fileName` still open when its open failed after it (no `done`) is closed. */
	const dropPreview = (fileName: string) => {
		const open = get().session;
		if (open?.partial && open.fileName === fileName) get().closeSession();
	};

	/** The view of a parsed file, made ahead of showing it (the preview's, if it is on screen). */
	const viewOf = (result: ParseFileResult) =>
		prepareView(result.parsed.entries, get().shown, result.index, result.view, result.lean === true);

	/** The open session is `session` (also after late issues replaced the object). */
	const isOpen = (session: OpenSession) => {
		const open = get().session;
		return open?.key === session.key && open.entries === session.entries;
	};

	/**
	 * Reads (or downloads) and parses one session under job `id`, ready to be shown and stored
	 * (`Loaded.store` ends the job); null (with a load error naming `source.label`, the job ended)
	 * when it cannot be opened.
	 */
	const ingest = async (id: number, source: LoadSource, preview = false): Promise<Loaded | null> => {
		const label = source.label ?? source.fileName;
		try {
			let blob: Blob;
			if (source.body instanceof Blob) {
				blob = source.body;
			} else {
				updateJob(id, { phase: "downloading" });
				blob = await source.body(progress(id));
			}
			updateJob(id, { phase: "reading", loaded: 0, total: blob.size });
			// A copy kept apart from a stored one gets its key from its content: no preview for it.
			let parsed = false;
			const onPreview =
				preview && !source.fromLink
					? (p: SessionPreview, host: HostHandle, index: TreeIndex) => {
							// The bytes are read: what is left is the preview's coming onto the page and `done`.
							updateJob(id, { phase: "parsing", loaded: 0 });
							return showPreview(
								p,
								{ fileName: source.fileName, size: blob.size, sourceUrl: source.sourceUrl },
								() => parsed,
								host,
								index,
							);
						}
					: undefined;
			const result = await parseSessionFile(blob, progress(id), {
				onPreview,
				splitFrom: getSplitFromBytes(),
				// Nothing from a link is stored unasked, its index neither.
				keepIndex: !source.fromLink,
			});
			parsed = true;
			const view = await viewOf(result);
			let key = sessionKey(result.parsed.header?.id, result.contentHash, source.fileName);
			let placement: Placement | null = null;
			if (source.fromLink) key = await separateKey(key, result.contentHash, source.sourceUrl);
			else {
				// Same id, other content: updated only when it continues the stored copy; else kept apart.
				placement = await placeSession(key, blob, result.contentHash, [...get().library, ...placing]);
				key = placement.key;
			}
			const session: OpenSession = {
				...result.parsed,
				key,
				fileName: source.fileName,
				size: result.size,
				contentHash: result.contentHash,
				...(source.sourceUrl ? { sourceUrl: source.sourceUrl } : {}),
				...(source.share ? { share: source.share } : {}),
				stored: false,
				...leanParts(result),
			};
			updateJob(id, { phase: "saving", loaded: result.size });
			const described = describeSession(session);
			const meta = placement ? placed(described, placement) : described;
			placing.push(meta);
			const store = async () => {
				try {
					if (source.fromLink) {
						// The same bytes already in the library (saved from this link before): that copy is open.
						const stored = get().library.find((m) => m.id === session.key);
						if (stored && stored.contentHash === session.contentHash) {
							session.stored = true;
							if (isOpen(session)) set((s) => (s.session ? { session: { ...s.session, stored: true } } : {}));
						} else {
							// Nothing from a link is stored unasked: it stays in the page, with Save to library.
							get().keepUnsaved(meta, blob, true);
						}
						return;
					}
					try {
						await repo.saveSession(meta, blob);
						session.stored = true;
					} catch (err) {
						// Open anyway, listed as not saved, its content kept in memory.
						get().keepUnsaved(meta, blob);
						await get().noteStorageFailure(err, { fileName: source.fileName, size: blob.size });
					}
					if (!session.stored) return;
					if (isOpen(session)) {
						set((s) => (s.session ? { session: { ...s.session, stored: true } } : {}));
						setLastOpenSession(session.key);
					}
					await get().refreshLibrary();
				} finally {
					placing.splice(placing.indexOf(meta), 1);
					endJob(id);
				}
			};
			return { session, view, counted: result.leaves, leanChecks: result.leanChecks, store };
		} catch (err) {
			dropPreview(source.fileName);
			fail(id, label, errorText(err));
			endJob(id);
			return null;
		}
	};

	/**
	 * The key for a copy that must not replace a stored session with the same id: the id itself
	 * when nothing else is stored under it (or the same bytes, or the same URL), else the id with
	 * a content suffix.
	 */
	const separateKey = async (key: string, contentHash: string, sourceUrl: string | undefined) => {
		const existing = get().library.find((m) => m.id === key) ?? (await repo.getSessionMeta(key).catch(() => undefined));
		if (!existing || existing.contentHash === contentHash) return key;
		if (sourceUrl && existing.sourceUrl === sourceUrl) return key;
		return `${key}~${contentHash.slice(0, 8)}`;
	};

	return {
		async loadFiles(files) {
			if (files.length > BATCH_THRESHOLD) {
				await get().importFiles(
					files.map((file) => ({ file, path: file.webkitRelativePath || file.name, picked: true })),
				);
				// Picked files (unlike a folder) open like a smaller pick does: the last one that loaded.
				const results = get().importBatch?.results ?? [];
				for (let i = files.length - 1; i >= 0; i--) {
					const path = files[i].webkitRelativePath || files[i].name;
					const loaded = results.find((r) => r.path === path && r.status !== "failed" && r.sessionId);
					if (loaded?.sessionId) {
						await get().openStored(loaded.sessionId);
						break;
					}
				}
				return;
			}
			// Every file gets its row at once; they parse one after another (each keeps a worker busy).
			// Each is stored once the next one has loaded; the last one is shown first, then stored.
			const jobs = files.map((file) => addJob(file.name, file.size, "queued"));
			let lastOpened: Loaded | null = null;
			for (let i = 0; i < files.length; i++) {
				// A library file exported before goes into the library; it is not a session to open.
				if (await isBundleFile(files[i])) {
					endJob(jobs[i]);
					await get().importLibraryBundle(files[i]);
					continue;
				}
				// Only the last file is shown: only it gets a preview.
				const loaded = await ingest(jobs[i], { fileName: files[i].name, body: files[i] }, i === files.length - 1);
				if (!loaded) continue;
				await lastOpened?.store();
				lastOpened = loaded;
			}
			if (lastOpened) {
				await show(lastOpened);
				await lastOpened.store();
			}
			await get().refreshLibrary();
		},

		async loadSource(source) {
			const id = addJob(source.label ?? source.fileName, source.size ?? 0, "reading");
			const loaded = await ingest(id, source, true);
			if (loaded) {
				await show(loaded);
				await loaded.store();
			}
			await get().refreshLibrary();
			return loaded?.session ?? null;
		},

		async openStored(id, from) {
			const open = get().session;
			if (open?.key === id && open.stored === (from !== "memory")) return true;
			const memory = from === "memory" ? get().unsaved.find((m) => m.id === id) : undefined;
			if (from === "memory" && !memory) return false;
			const meta =
				memory ?? get().library.find((m) => m.id === id) ?? (await repo.getSessionMeta(id).catch(() => undefined));
			if (!meta) return false;
			const jobId = addJob(meta.fileName, meta.size, "reading");
			try {
				let body = memory ? unsavedBody(id) : undefined;
				if (!memory) {
					// The worker reads the session's stored index meanwhile (the scan need not run again).
					if (meta.contentHash) prefetchStoredIndex(meta.contentHash, meta.size);
					const read = await repo.readSessionBody(id);
					if ("problem" in read) {
						get().reportCorrupt({ key: id, rawKey: id, store: "body", fileName: meta.fileName, reason: read.problem });
						throw new Error(read.problem);
					}
					body = read.body;
				}
				if (!body) throw new Error("its content is no longer in memory");
				// Stored with its content hash: the bytes need not be hashed again.
				let parsed = false;
				const result = await parseSessionFile(body, progress(jobId), {
					contentHash: meta.contentHash || undefined,
					splitFrom: getSplitFromBytes(),
					keepIndex: !memory,
					onPreview: (p, host, index) => {
						updateJob(jobId, { phase: "parsing", loaded: 0 });
						return showPreview(
							p,
							{ key: id, fileName: meta.fileName, size: meta.size, sourceUrl: meta.sourceUrl },
							() => parsed,
							host,
							index,
						);
					},
				});
				parsed = true;
				const view = await viewOf(result);
				await show({
					view,
					counted: result.leaves,
					session: {
						...result.parsed,
						key: id,
						fileName: meta.fileName,
						size: result.size,
						contentHash: result.contentHash,
						...(meta.sourceUrl ? { sourceUrl: meta.sourceUrl } : {}),
						stored: !memory,
						...leanParts(result),
					},
					leanChecks: result.leanChecks,
				});
				return true;
			} catch (err) {
				dropPreview(meta.fileName);
				fail(jobId, meta.fileName, `Could not reopen the ${memory ? "unsaved" : "stored"} session: ${errorText(err)}`);
				return false;
			} finally {
				endJob(jobId);
			}
		},

		reportLoadError(label, reason) {
			fail(nextJobId++, label, reason);
		},

		dismissLoadError(id) {
			set((s) => ({ loadErrors: s.loadErrors.filter((e) => e.id !== id) }));
		},

		async openLink(link: DeepLink) {
			set({ linkError: null });
			const target = link.leaf ?? link.entry;
			if (!link.session && !target) return;
			if (!get().libraryReady) await get().refreshLibrary();
			const inLibrary = (id: string) => get().library.some((m) => m.id === id);
			if (link.session && get().session?.key !== link.session) {
				if (!inLibrary(link.session)) {
					set({
						linkError: `The link names session "${link.session}", which is not in this browser's library. Open its .jsonl file first, then follow the link again.`,
					});
					return;
				}
				if (!(await get().openStored(link.session))) {
					set({ linkError: `The link's session "${link.session}" could not be reopened.` });
					return;
				}
			} else if (!link.session && !get().session) {
				const last = getLastOpenSession();
				if (last && inLibrary(last)) await get().openStored(last);
			}
			const { session, shown: view } = get();
			if (!session || !view) {
				set({ linkError: `The link points to entry "${target}", but no session is open: open one from the library.` });
				return;
			}
			const byId = view.index.byId;
			const missing: string[] = [];
			if (link.leaf && !byId.has(link.leaf)) missing.push(`leaf "${link.leaf}"`);
			if (link.entry && !byId.has(link.entry)) missing.push(`entry "${link.entry}"`);
			const leaf = link.leaf && byId.has(link.leaf) ? link.leaf : null;
			if (get().selectedLeafId !== leaf) get().selectLeaf(leaf);
			const entry = link.entry && byId.has(link.entry) ? link.entry : null;
			if (get().focusedEntryId !== entry) get().focusEntry(entry);
			if (missing.length > 0) {
				set({
					linkError: `The link's ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not in ${session.fileName}${leaf === null && link.leaf ? ": showing its current leaf instead" : ""}.`,
				});
			}
		},

		dismissLinkError() {
			set({ linkError: null });
		},
	};
}
