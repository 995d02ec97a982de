import { createStore, del, get, entries as idbEntries, set, type UseStore } from "idb-keyval";

/**
 * Stored sessions. Metadata and bodies live in separate databases so listing the library never
 * reads a body. Database and store names carry a version: do not change them without a migration.
 */
const META_DB = "session-explorer-meta-v1";
const BODY_DB = "session-explorer-bodies-v1";

export interface SessionMeta {
	/** Library id: the header id, or `hash:<content hash>` for files without one. */
	id: string;
	fileName: string;
	/** The explorer's own display name, set by renaming; never written into the file. */
	displayName?: string;
	/** Latest `session_info` name, else the first user message. */
	title: string;
	cwd: string;
	/** Header timestamp (ISO), or the first entry's. */
	created: string;
	/** Last entry's timestamp (ISO). */
	modified: string;
	/** When the session was last stored (loaded or re-loaded). */
	storedAt: number;
	/** When the session was first stored (absent on records written before this field). */
	addedAt?: number;
	/** How often the same session (same id) was loaded again after the first time. */
	reloads?: number;
	/** The entry count before the latest re-load. */
	previousEntries?: number;
	entries: number;
	leaves: number;
	compactions: number;
	size: number;
	contentHash: string;
	version: number;
	parentSession?: string;
	/** Where the session came from when it was opened by URL. */
	sourceUrl?: string;
}

let metaStore: UseStore | undefined;
let bodyStore: UseStore | undefined;
const metas = () => {
	metaStore ??= createStore(META_DB, "meta");
	return metaStore;
};
const bodies = () => {
	bodyStore ??= createStore(BODY_DB, "bodies");
	return bodyStore;
};

/** A stored record that could not be read as metadata. */
export interface CorruptRecord {
	key: string;
	reason: string;
}

function isMeta(value: unknown): value is SessionMeta {
	const v = value as SessionMeta | null;
	return (
		!!v &&
		typeof v === "object" &&
		typeof v.id === "string" &&
		typeof v.fileName === "string" &&
		typeof v.size === "number" &&
		typeof v.contentHash === "string"
	);
}

/** Every stored session's metadata (no bodies), plus records that are not valid metadata. */
export async function listSessions(): Promise<{ sessions: SessionMeta[]; corrupt: CorruptRecord[] }> {
	const rows = await idbEntries<string, unknown>(metas());
	const sessions: SessionMeta[] = [];
	const corrupt: CorruptRecord[] = [];
	for (const [key, value] of rows) {
		if (isMeta(value)) sessions.push(value);
		else corrupt.push({ key: String(key), reason: "stored metadata is not a session record" });
	}
	return { sessions, corrupt };
}

export function getSessionMeta(id: string): Promise<SessionMeta | undefined> {
	return get<SessionMeta>(id, metas());
}

export async function loadSessionBody(id: string): Promise<Blob | undefined> {
	const body = await get<unknown>(id, bodies());
	if (body instanceof Blob) return body;
	if (typeof body === "string") return new Blob([body], { type: "application/jsonl" });
	return undefined;
}

/**
 * Stores a session, replacing the record with the same id: body first, then metadata, so a
 * failure (quota) never leaves a listed session without a body. On failure the previous record
 * stays as it was (its body is written back). A re-load keeps what belongs to the explorer rather
 * than the file (the display name, when it was first added) and counts the re-load. Returns the
 * metadata as stored.
 */
export async function saveSession(meta: SessionMeta, body: Blob | string): Promise<SessionMeta> {
	const before = await get<unknown>(meta.id, metas());
	const existing = isMeta(before) ? before : undefined;
	const merged: SessionMeta = existing
		? {
				...meta,
				...(meta.displayName || existing.displayName ? { displayName: meta.displayName || existing.displayName } : {}),
				addedAt: existing.addedAt ?? existing.storedAt,
				reloads: (existing.reloads ?? 0) + 1,
				previousEntries: existing.entries,
			}
		: { ...meta, addedAt: meta.addedAt ?? meta.storedAt };
	const previous = await get<unknown>(meta.id, bodies());
	try {
		await set(meta.id, body, bodies());
		await set(meta.id, merged, metas());
	} catch (err) {
		try {
			if (previous !== undefined) await set(meta.id, previous, bodies());
			else await del(meta.id, bodies());
		} catch {
			// the original error is the one worth reporting
		}
		throw err;
	}
	return merged;
}

export async function updateSessionMeta(id: string, patch: Partial<SessionMeta>): Promise<SessionMeta | undefined> {
	const meta = await get<SessionMeta>(id, metas());
	if (!meta) return undefined;
	const next = { ...meta, ...patch, id };
	await set(id, next, metas());
	return next;
}

/** Sets or (with an empty name) clears the explorer's own display name; the body is not touched. */
export async function renameSession(id: string, displayName: string): Promise<SessionMeta | undefined> {
	const meta = await get<unknown>(id, metas());
	if (!isMeta(meta)) return undefined;
	const { displayName: _old, ...rest } = meta;
	const name = displayName.trim();
	const next: SessionMeta = name ? { ...rest, displayName: name } : rest;
	await set(id, next, metas());
	return next;
}

/** Removes a session's metadata, then its body. */
export async function deleteSession(id: string): Promise<void> {
	await del(id, metas());
	await del(id, bodies());
}

export interface StorageUse {
	used: number;
	available: number | null;
}

export async function storageEstimate(): Promise<StorageUse | null> {
	if (typeof navigator === "undefined" || !navigator.storage?.estimate) return null;
	const { usage, quota } = await navigator.storage.estimate();
	return { used: usage ?? 0, available: quota ?? null };
}
