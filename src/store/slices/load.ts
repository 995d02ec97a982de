import { graphFromParts } from "../../core";
import { isBundleFile } from "../../storage/bundle";
import { getLastOpenSession, getSplitFromBytes, setLastOpenSession } from "../../storage/prefs";
import type { SessionMeta } from "../../storage/repository";
import * as repo from "../../storage/repository";
import { describeSession, sessionKey } from "../../storage/sessionMeta";
import { prefetchStoredIndex, SessionReader } from "../../workers/reader";
import type { OpenEvent } from "../../workers/readerApi";
import { type Placement, placed, placeSession } from "../placement";
import type { OpenSession } from "../sessionTypes";
import type { DeepLink, GetStore, LoadActions, LoadJob, LoadSource, LoadState, SetStore } from "../types";

export const initialLoadState: LoadState = { loads: [], loadErrors: [], linkError: null };

/**
 * More files than this at once are imported as a batch (one progress bar, a result per file,
 * nothing opened) rather than loaded one by one with a row each and the last one opened.
 */
export const BATCH_THRESHOLD = 10;

let nextJobId = 1;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Where a session being opened comes from, and how it goes into the library. */
interface Opening {
	blob: Blob;
	fileName: string;
	/** The library id it is opened under, when known (a stored session). */
	key?: string;
	sourceUrl?: string;
	share?: { payload: string; name?: string };
	/** Already stored (a library session reopened) or kept in this page (`memory`). */
	stored: boolean;
	/** Its content hash, when known (a stored session): the worker uses its stored index. */
	contentHash?: string;
	/** Keep the worker's index of the file for the next open (nothing from a link is stored unasked). */
	keepIndex: boolean;
	/** It is shown as soon as it is ready (else only stored: a pick of several files shows the last). */
	show: boolean;
}

/** The session as the worker first describes it, and the key it gets in the library. */
interface Described {
	session: OpenSession;
	key: string;
}

export function createLoadSlice(set: SetStore, get: GetStore): LoadActions {
	const addJob = (fileName: string, total: number, phase: LoadJob["phase"]) => {
		const id = nextJobId++;
		set((s) => ({ loads: [...s.loads, { id, fileName, loaded: 0, total, phase }] }));
		return id;
	};
	const updateJob = (id: number, patch: Partial<LoadJob>) =>
		set((s) => ({ loads: s.loads.map((j) => (j.id === id ? { ...j, ...patch } : j)) }));
	const endJob = (id: number) => set((s) => ({ loads: s.loads.filter((j) => j.id !== id) }));
	const fail = (id: number, fileName: string, reason: string) =>
		set((s) => ({ loadErrors: [...s.loadErrors, { id, fileName, reason }] }));

	/** Whether `reader`'s session is the open one. */
	const isOpen = (reader: SessionReader) => get().session?.reader === reader;

	/**
	 * Opens one session file under job `job`: its events (progress, ready, described, counted,
	 * checked) folded into the view as they come; shown once ready when `opening.show`, the
	 * selection kept when it is the open session again. Resolves once the worker has described it
	 * (its hash and what the library records) with the session as it is then, or null after a load
	 * error naming `label`. The counts and checks go on arriving after.
	 */
	const open = (job: number, opening: Opening, label: string): Promise<Described | null> =>
		new Promise((resolve) => {
			let session: OpenSession | null = null;
			let settled = false;
			const settle = (value: Described | null) => {
				if (settled) return;
				settled = true;
				resolve(value);
			};
			const onEvent = (reader: SessionReader, event: OpenEvent) => {
				switch (event.type) {
					case "progress":
						updateJob(job, { loaded: event.loaded, total: event.total });
						return;
					case "ready": {
						const { facts, graph, tips } = event.outline;
						const before = get();
						session = {
							...facts,
							reader,
							key: opening.key ?? provisionalKey(facts.header?.id, opening.fileName),
							fileName: opening.fileName,
							size: opening.blob.size,
							contentHash: opening.contentHash ?? "",
							...(opening.sourceUrl ? { sourceUrl: opening.sourceUrl } : {}),
							...(opening.share ? { share: opening.share } : {}),
							stored: opening.stored,
							graph: graphFromParts(graph),
							tips,
							issues: event.issues,
							checks: "running",
							generation: 0,
						};
						updateJob(job, { phase: "parsing", loaded: 0 });
						if (!opening.show) return;
						// The selection holds across a reload of the open session.
						const same = before.session?.key === session.key || before.session?.fileName === session.fileName;
						const keep = same ? before.selectedLeafId : null;
						get().showSession(session);
						if (keep) get().selectLeaf(keep);
						return;
					}
					case "described": {
						if (!session) return;
						const { contentHash, description } = event;
						session = { ...session, contentHash, description };
						get().updateSession(reader, { contentHash, description });
						const key = opening.key ?? sessionKey(session.header?.id, contentHash, opening.fileName);
						settle({ session, key });
						return;
					}
					case "counted":
						if (session) session = { ...session, tips: event.tips };
						get().updateSession(reader, { tips: event.tips });
						return;
					case "checked": {
						const change = {
							issues: event.issues,
							checks: event.complete ? ("done" as const) : ("incomplete" as const),
						};
						if (session) session = { ...session, ...change };
						get().updateSession(reader, change);
						return;
					}
					default: {
						const never: never = event;
						void never;
					}
				}
			};
			SessionReader.create()
				.then((reader) =>
					reader.open(
						{
							blob: opening.blob,
							...(opening.contentHash ? { contentHash: opening.contentHash } : {}),
							keepIndex: opening.keepIndex,
							...(getSplitFromBytes() !== undefined ? { splitFrom: getSplitFromBytes() } : {}),
						},
						(event) => onEvent(reader, event),
					),
				)
				.catch((err: unknown) => {
					if (settled) return;
					// A session shown before its open failed is closed.
					const shown = get().session;
					if (shown && session && shown.reader === session.reader) get().closeSession();
					fail(job, label, errorText(err));
					settle(null);
				});
		});

	/**
	 * Sessions placed in the library but not stored yet (a pick of several files stores each one
	 * once the next has loaded): the next file is placed beside them too.
	 */
	const placing: SessionMeta[] = [];

	/**
	 * Stores a described session in the library (or keeps it in the page when storage fails, or
	 * when it came from a link), then ends its job. Its key may change here (a copy kept apart).
	 */
	const store = async (job: number, source: LoadSource, blob: Blob, described: Described) => {
		const { session } = described;
		let key = described.key;
		let placement: Placement | null = null;
		if (source.fromLink) key = await separateKey(key, session.contentHash, source.sourceUrl);
		else {
			// Same id, other content: updated only when it continues the stored copy; else kept apart.
			placement = await placeSession(key, blob, session.contentHash, [...get().library, ...placing]);
			key = placement.key;
		}
		get().updateSession(session.reader, { key });
		updateJob(job, { phase: "saving", loaded: session.size });
		const record = describeSession({
			...session,
			key,
			description: session.description ?? { entries: 0, compactions: 0 },
			tips: session.tips.length,
		});
		const meta = placement ? placed(record, placement) : record;
		placing.push(meta);
		try {
			if (source.fromLink) {
				// The same bytes already in the library (saved from this link before): that copy is open.
				const stored = get().library.find((m) => m.id === key);
				if (stored && stored.contentHash === session.contentHash) get().updateSession(session.reader, { stored: true });
				// Nothing from a link is stored unasked: it stays in the page, with Save to library.
				else get().keepUnsaved(meta, blob, true);
				return;
			}
			try {
				await repo.saveSession(meta, blob);
			} catch (err) {
				// Open anyway, listed as not saved, its content kept in memory.
				get().keepUnsaved(meta, blob);
				await get().noteStorageFailure(err, { fileName: source.fileName, size: blob.size });
				return;
			}
			get().updateSession(session.reader, { stored: true });
			if (isOpen(session.reader)) setLastOpenSession(key);
			await get().refreshLibrary();
		} finally {
			placing.splice(placing.indexOf(meta), 1);
			endJob(job);
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

	/**
	 * Reads (or downloads) one session under job `job`, opens it (shown once ready when `show`) and
	 * stores it; the session, or null after a load error.
	 */
	const ingest = async (job: number, source: LoadSource, show: boolean): Promise<OpenSession | null> => {
		const label = source.label ?? source.fileName;
		let blob: Blob;
		try {
			if (source.body instanceof Blob) blob = source.body;
			else {
				updateJob(job, { phase: "downloading" });
				blob = await source.body((p) => updateJob(job, p));
			}
		} catch (err) {
			fail(job, label, errorText(err));
			endJob(job);
			return null;
		}
		updateJob(job, { phase: "reading", loaded: 0, total: blob.size });
		const described = await open(
			job,
			{
				blob,
				fileName: source.fileName,
				...(source.sourceUrl ? { sourceUrl: source.sourceUrl } : {}),
				...(source.share ? { share: source.share } : {}),
				stored: false,
				keepIndex: !source.fromLink,
				show,
			},
			label,
		);
		if (!described) {
			endJob(job);
			return null;
		}
		await store(job, source, blob, described);
		if (!show) described.session.reader.release();
		return get().session?.reader === described.session.reader ? get().session : described.session;
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
			// Every file gets its row at once; they open one after another (each keeps the worker busy).
			// Only the last one is shown.
			const jobs = files.map((file) => addJob(file.name, file.size, "queued"));
			for (let i = 0; i < files.length; i++) {
				// A library file exported before goes into the library; it is not a session to open.
				if (await isBundleFile(files[i])) {
					endJob(jobs[i]);
					await get().importLibraryBundle(files[i]);
					continue;
				}
				await ingest(jobs[i], { fileName: files[i].name, body: files[i] }, i === files.length - 1);
			}
			await get().refreshLibrary();
		},

		async loadSource(source) {
			const job = addJob(source.label ?? source.fileName, source.size ?? 0, "reading");
			const session = await ingest(job, source, true);
			await get().refreshLibrary();
			return session;
		},

		async openStored(id, from) {
			const open0 = get().session;
			if (open0?.key === id && open0.stored === (from !== "memory")) return true;
			const memory = from === "memory" ? get().unsaved.find((m) => m.id === id) : undefined;
			if (from === "memory" && !memory) return false;
			const meta =
				memory ?? get().library.find((m) => m.id === id) ?? (await repo.getSessionMeta(id).catch(() => undefined));
			if (!meta) return false;
			const job = addJob(meta.fileName, meta.size, "reading");
			try {
				let body = memory ? get().unsavedBodies.get(id) : undefined;
				if (!memory) {
					// The worker reads the session's stored index meanwhile (the scan need not run again).
					if (meta.contentHash) void prefetchStoredIndex(meta.contentHash, meta.size);
					const read = await repo.readSessionBody(id);
					if ("problem" in read) {
						get().reportCorrupt({ key: id, rawKey: id, store: "body", fileName: meta.fileName, reason: read.problem });
						throw new Error(read.problem);
					}
					body = read.body;
				}
				if (!body) throw new Error("its content is no longer in memory");
				const described = await open(
					job,
					{
						blob: body,
						fileName: meta.fileName,
						key: id,
						...(meta.sourceUrl ? { sourceUrl: meta.sourceUrl } : {}),
						stored: !memory,
						// Stored with its content hash: the bytes need not be hashed again.
						...(meta.contentHash ? { contentHash: meta.contentHash } : {}),
						keepIndex: !memory,
						show: true,
					},
					`Could not reopen the ${memory ? "unsaved" : "stored"} session ${meta.fileName}`,
				);
				if (!described) return false;
				if (!memory) {
					setLastOpenSession(id);
					// A record stored before usage was counted gets the usage the worker counted now.
					const usage = described.session.description?.usage;
					if (!meta.usage && usage) {
						await repo
							.updateSessionMeta(id, { usage })
							.then(() => get().refreshLibrary())
							.catch(() => undefined);
					}
				}
				return true;
			} catch (err) {
				fail(job, meta.fileName, `Could not reopen the ${memory ? "unsaved" : "stored"} session: ${errorText(err)}`);
				return false;
			} finally {
				endJob(job);
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
			const session = get().session;
			if (!session) {
				set({ linkError: `The link points to entry "${target}", but no session is open: open one from the library.` });
				return;
			}
			const ids = [link.leaf, link.entry].filter((id): id is string => typeof id === "string");
			const found = await session.reader.locate(ids).catch(() => ids.map(() => -1));
			const at = (id: string | undefined) => (id === undefined ? -1 : found[ids.indexOf(id)]);
			const missing: string[] = [];
			if (link.leaf && at(link.leaf) < 0) missing.push(`leaf "${link.leaf}"`);
			if (link.entry && at(link.entry) < 0) missing.push(`entry "${link.entry}"`);
			const leaf = link.leaf && at(link.leaf) >= 0 ? link.leaf : null;
			if (get().selectedLeafId !== leaf) get().selectLeaf(leaf);
			const entry = link.entry && at(link.entry) >= 0 ? link.entry : null;
			if (get().focusedEntryId !== entry) get().focusEntry(entry, entry ? at(entry) : undefined);
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

/** The key a session is shown under before its content hash is known: its header id, else its file's name. */
function provisionalKey(headerId: unknown, fileName: string): string {
	return typeof headerId === "string" && headerId !== "" ? sessionKey(headerId, "", fileName) : `preview:${fileName}`;
}
