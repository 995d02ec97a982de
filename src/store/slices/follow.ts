import { type ContentHasher, canAppend, graphFromParts } from "../../core";
import * as repo from "../../storage/repository";
import { describeSession } from "../../storage/sessionMeta";
import { isAbort, pickSessionFile, readPermission } from "../fileAccess";
import { completeLines, countNewlines, nextTail, readStart, sameBytes } from "../growingFile";
import type { FollowActions, FollowState } from "../liveTypes";
import type { GetStore, OpenSession, SetStore } from "../types";

export const initialFollowState: FollowState = { following: null, followLeaf: false, followNote: null };

/** How often a followed file's size is checked while the page is visible. */
export const FOLLOW_INTERVAL_MS = 1000;

/**
 * A followed file its worker cannot grow (an older format, another dialect: see core `canAppend`)
 * is read again whole each time it grows, up to this size; a larger one is not followed (read
 * again every second, it would keep the page and the worker busy).
 */
export const REREAD_MAX_BYTES = 64 * 1024 * 1024;

/** How long a followed session's library copy may lag: a second, and a second more per 10 MB. */
function saveInterval(bytes: number): number {
	return Math.min(30_000, FOLLOW_INTERVAL_MS * (1 + bytes / 10e6));
}

/** A followed file: where reading stopped and what is known of the bytes before it. */
interface Followed {
	handle: FileSystemFileHandle;
	fileName: string;
	key: string;
	offset: number;
	/** Lines read (the next line's number is one more). */
	lines: number;
	tail: Uint8Array;
	hasher: ContentHasher;
	/** The bytes read, for the library's copy. */
	body: Blob;
	/** The file as last seen (also past the offset: a line still being written). */
	size: number;
	lastModified: number;
	/** The session as the last read grew it (what the library's copy describes). */
	grown?: OpenSession;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createFollowSlice(set: SetStore, get: GetStore): FollowActions {
	let job: Followed | null = null;
	let timer: ReturnType<typeof setInterval> | null = null;
	let polling = false;
	let saving: Promise<void> | null = null;
	let saveAgain = false;

	let saveTimer: ReturnType<typeof setTimeout> | null = null;
	let lastSave = 0;

	/** What was read and not stored yet is stored now. */
	const flush = () => {
		if (saveTimer === null) return;
		clearTimeout(saveTimer);
		saveTimer = null;
		save();
	};

	const stop = () => {
		flush();
		if (timer !== null) clearInterval(timer);
		timer = null;
		job = null;
		set({ following: null });
	};

	const show = (j: Followed) => set({ following: { fileName: j.fileName, key: j.key, offset: j.offset } });

	/** Opens the file's complete lines as the open session (stored by the prefix rule) and follows it. */
	async function open(handle: FileSystemFileHandle, note: string | null): Promise<void> {
		flush();
		if (timer !== null) clearInterval(timer);
		timer = null;
		job = null;
		const file = await handle.getFile();
		const start = await readStart(file);
		const session = await get().loadSource({ fileName: file.name, body: start.body, size: start.offset });
		if (!session) {
			set({ following: null });
			return;
		}
		if (!canAppend(session) && start.offset > REREAD_MAX_BYTES) {
			// Its worker reads appended lines only of pi's current format (as a full parse's follower does).
			set({
				following: null,
				followNote: `${file.name} is of an older format or another dialect, and too large to read again whole each time it grows: it is shown as it is now, not followed; open it again to see what was appended`,
			});
			return;
		}
		// The selection stays where it is as entries come in (the newest tip when following it).
		const leaf = get().selectedLeafId ?? session.leafId;
		if (get().followLeaf) get().selectLeaf(session.leafId);
		else if (get().selectedLeafId === null && leaf) get().selectLeaf(leaf);
		job = {
			handle,
			fileName: file.name,
			key: session.key,
			offset: start.offset,
			lines: start.lines,
			tail: start.tail,
			hasher: start.hasher,
			body: start.body,
			size: file.size,
			lastModified: file.lastModified,
		};
		show(job);
		set({ followNote: note });
		timer = setInterval(() => void get().pollFollowed(), FOLLOW_INTERVAL_MS);
	}

	/** The file is not the one read so far: read it again from the start, saying why. */
	async function reopen(j: Followed, why: string): Promise<void> {
		await open(j.handle, `${j.fileName} ${why}: it was read again from the start.`);
	}

	/**
	 * Stores the grown session, at most once per `saveInterval` of its size: each store writes the
	 * whole copy again (100 MB written every second would keep the disk busy for nothing).
	 */
	function saveSoon(): void {
		if (!job || saveTimer !== null) return;
		const wait = lastSave + saveInterval(job.body.size) - Date.now();
		if (wait <= 0) save();
		else {
			saveTimer = setTimeout(() => {
				saveTimer = null;
				save();
			}, wait);
		}
	}

	/** Stores the grown session over its stored copy (its bytes are a prefix of the new ones). */
	function save(): void {
		lastSave = Date.now();
		if (saving) {
			saveAgain = true;
			return;
		}
		saving = (async () => {
			do {
				saveAgain = false;
				const j = job;
				const open = get().session;
				// The session as last grown, also when another one was opened since (its last lines stored).
				const session = open && j && open.key === j.key ? open : j?.grown;
				if (!session || !j || session.key !== j.key || !session.stored) break;
				const prev = get().library.find((m) => m.id === session.key);
				const meta = {
					...describeSession(
						{
							...session,
							description: session.description ?? { entries: 0, compactions: 0 },
							tips: session.tips.length,
						},
						prev?.displayName,
					),
					...(prev?.divergedFrom ? { divergedFrom: prev.divergedFrom } : {}),
				};
				try {
					await repo.saveSession(meta, j.body);
				} catch (err) {
					await get().noteStorageFailure(err, { fileName: j.fileName, size: j.offset });
					break;
				}
				await get().refreshLibrary();
			} while (saveAgain);
		})().finally(() => {
			saving = null;
		});
	}

	return {
		async followFile() {
			let handle: FileSystemFileHandle;
			try {
				handle = await pickSessionFile();
			} catch (err) {
				if (!isAbort(err)) get().reportLoadError("Follow file", errorText(err));
				return;
			}
			try {
				if ((await readPermission(handle, true)) !== "granted") {
					get().reportLoadError(handle.name, "The browser did not allow reading the file, so it cannot be followed.");
					return;
				}
				await open(handle, null);
			} catch (err) {
				stop();
				get().reportLoadError(handle.name, `The file could not be read: ${errorText(err)}`);
			}
		},

		async pollFollowed() {
			const j = job;
			if (!j || polling || document.visibilityState !== "visible") return;
			const session = get().session;
			// Another session was opened: this file is no longer followed.
			if (!session || session.key !== j.key) {
				if (!get().loads.length) stop();
				return;
			}
			polling = true;
			try {
				const file = await j.handle.getFile();
				if (file.size === j.size && file.lastModified === j.lastModified) return;
				if (file.size < j.offset) return await reopen(j, "shrank");
				const before = new Uint8Array(await file.slice(j.offset - j.tail.length, j.offset).arrayBuffer());
				if (!sameBytes(before, j.tail)) return await reopen(j, "changed before the part already read");
				j.size = file.size;
				j.lastModified = file.lastModified;
				if (file.size === j.offset) return;
				// Only whole lines: a line still being written waits for the next read.
				const added = completeLines(new Uint8Array(await file.slice(j.offset, file.size).arrayBuffer()));
				if (added.length === 0 || job !== j) return;
				const current = get().session;
				if (!current || current.key !== j.key) return;
				// The worker that holds the file takes the lines; the page takes the new outline.
				const growth = await current.reader.append(added, j.lines + 1);
				// A file whose entries are migrated or of another dialect is read again whole.
				if (!growth) return await open(j.handle, null);
				j.hasher.update(added);
				j.offset += added.length;
				j.lines += countNewlines(added);
				j.tail = nextTail(j.tail, added);
				j.body = new Blob([j.body, added.slice()], { type: "application/jsonl" });
				const now = get().session;
				const base = now && now.reader === current.reader ? now : current;
				const next: OpenSession = {
					...base,
					...growth.outline.facts,
					graph: graphFromParts(growth.outline.graph),
					tips: growth.outline.tips,
					issues: [...base.issues, ...growth.issues],
					description: growth.description,
					size: j.offset,
					contentHash: j.hasher.digest(),
					generation: base.generation + 1,
				};
				j.grown = next;
				// Taken by the worker: the page takes them too, even if following stopped meanwhile.
				get().updateSession(current.reader, next);
				if (job !== j) return;
				if (get().followLeaf) get().selectLeaf(next.leafId);
				show(j);
				saveSoon();
			} catch (err) {
				const gone = err instanceof DOMException && err.name === "NotFoundError";
				set({
					followNote: gone
						? `${j.fileName} is no longer there: it is not followed any more (the session stays open).`
						: `${j.fileName} could not be read: ${errorText(err)}. It is not followed any more.`,
				});
				stop();
			} finally {
				polling = false;
			}
		},

		stopFollowing() {
			stop();
		},

		setFollowLeaf(on) {
			set({ followLeaf: on });
			const session = get().session;
			if (on && session && job && session.key === job.key) get().selectLeaf(session.leafId);
		},

		dismissFollowNote() {
			set({ followNote: null });
		},
	};
}
