import { del, delMany, get, entries as idbEntries, keys as idbKeys, set } from "idb-keyval";
import { readUsageSummary, type UsageSummary } from "../core/session/usage";
import { fieldOf, isRecord } from "../core/util/fields";
import { openStore, type RobustStore, StorageError } from "./idb";
import { announceLibraryChange } from "./libraryChannel";

export { StorageError, type StorageProblem } from "./idb";

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
	/** An archived copy of another stored session (OpenClaw's `<id>.jsonl.reset.<time>`). */
	archive?: { of: string; reason: string; time?: string };
	/**
	 * The library id of the stored session this one has the same session id as but is not a
	 * continuation of (two copies continued apart): it is kept beside it, under an id of its own.
	 */
	divergedFrom?: string;
	/**
	 * The key of the body in the body database when it is not the id: while a changed body is
	 * written beside the old one (see `saveSession`), or when moving it back failed.
	 */
	bodyKey?: string;
	/** What the session's replies recorded (tokens, cost) by day, provider and model. */
	usage?: UsageSummary;
}

let metaStore: RobustStore | undefined;
let bodyStore: RobustStore | undefined;
const metas = () => {
	metaStore ??= openStore(META_DB, "meta");
	return metaStore;
};
const bodies = () => {
	bodyStore ??= openStore(BODY_DB, "bodies");
	return bodyStore;
};

/** Forgets open connections and remembered failures (after "try again"). */
export function resetStorage(): void {
	metaStore?.reset();
	bodyStore?.reset();
}

/**
 * Writes and checks run one at a time in this page, so a check never sees a save half done
 * (body written, record not yet).
 */
let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(task: () => Promise<T>): Promise<T> {
	const run = queue.then(task, task);
	queue = run.catch(() => undefined);
	return run;
}

/** `exclusive` for a write: the other tabs are told once it is done (or failed half way). */
function exclusiveWrite<T>(task: () => Promise<T>): Promise<T> {
	return exclusive(task).finally(announceLibraryChange);
}

/** A stored record that cannot be used: its metadata, its body, or its search-index entry. */
export interface CorruptRecord {
	/** The record's key as text (for showing). */
	key: string;
	/** The key as stored (keys need not be strings), to delete it by. */
	rawKey: IDBValidKey;
	/** Which database holds the damage. */
	store: "meta" | "body" | "search";
	/** The file name the record names, when it names one. */
	fileName?: string;
	reason: string;
}

const REQUIRED: readonly [keyof SessionMeta, "string" | "number"][] = [
	["id", "string"],
	["fileName", "string"],
	["title", "string"],
	["cwd", "string"],
	["created", "string"],
	["modified", "string"],
	["storedAt", "number"],
	["entries", "number"],
	["leaves", "number"],
	["compactions", "number"],
	["size", "number"],
	["contentHash", "string"],
	["version", "number"],
];
const OPTIONAL: readonly [keyof SessionMeta, "string" | "number"][] = [
	["displayName", "string"],
	["addedAt", "number"],
	["reloads", "number"],
	["previousEntries", "number"],
	["parentSession", "string"],
	["sourceUrl", "string"],
	["divergedFrom", "string"],
	["bodyKey", "string"],
];

/** Whether `v` holds every field a session record requires, each of its type (optional ones unchecked). */
function isSessionMeta(v: object): v is SessionMeta {
	return REQUIRED.every(([field, type]) => hasType(fieldOf(v, field), type));
}

const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`);
const hasType = (v: unknown, type: "string" | "number") =>
	type === "number" ? typeof v === "number" && Number.isFinite(v) : typeof v === "string";

/**
 * Reads a stored value as session metadata: the record (optional fields of the wrong type left
 * out), or why it is not one.
 */
export function readMeta(value: unknown, key?: IDBValidKey): { meta: SessionMeta } | { problem: string } {
	if (!isRecord(value)) {
		return { problem: `the metadata is ${typeName(value)}, not a session record` };
	}
	const v = value;
	const bad = REQUIRED.filter(([field, type]) => !hasType(v[field], type)).map(([field]) => field);
	if (bad.length > 0) return { problem: `missing or invalid fields: ${bad.join(", ")}` };
	if (v.id === "") return { problem: "the session id is empty" };
	if (key !== undefined && key !== v.id) return { problem: `stored under "${String(key)}" but names "${v.id}"` };
	const meta: Record<string, unknown> = { ...v };
	for (const [field, type] of OPTIONAL) {
		if (field in meta && !hasType(meta[field], type)) delete meta[field];
	}
	if ("usage" in meta) {
		const usage = readUsageSummary(meta.usage);
		if (usage) meta.usage = usage;
		else delete meta.usage;
	}
	if (!isSessionMeta(meta))
		return { problem: `missing or invalid fields: ${REQUIRED.map(([field]) => field).join(", ")}` };
	return { meta };
}

function corruptMeta(key: IDBValidKey, value: unknown, reason: string): CorruptRecord {
	const fileName = fieldOf(value, "fileName");
	return {
		key: String(key),
		rawKey: key,
		store: "meta",
		...(typeof fileName === "string" && fileName ? { fileName } : {}),
		reason,
	};
}

/**
 * Every record of the metadata store. When they cannot be read all at once (a record the browser
 * fails to read back), they are read one by one and the unreadable ones come back as errors.
 */
async function allMetaRecords(): Promise<[IDBValidKey, unknown, Error?][]> {
	try {
		return await idbEntries<IDBValidKey, unknown>(metas());
	} catch (err) {
		if (err instanceof StorageError && err.kind === "unavailable") throw err;
		const rows: [IDBValidKey, unknown, Error?][] = [];
		for (const key of await idbKeys<IDBValidKey>(metas())) {
			try {
				rows.push([key, await get<unknown>(key, metas())]);
			} catch (one) {
				rows.push([key, undefined, one instanceof Error ? one : new Error(String(one))]);
			}
		}
		return rows;
	}
}

/** Every stored session's metadata (no bodies), plus records that are not valid metadata. */
export async function listSessions(): Promise<{ sessions: SessionMeta[]; corrupt: CorruptRecord[] }> {
	const rows = await allMetaRecords();
	const sessions: SessionMeta[] = [];
	const corrupt: CorruptRecord[] = [];
	for (const [key, value, error] of rows) {
		if (error) {
			corrupt.push(corruptMeta(key, undefined, `the record cannot be read (${error.message})`));
			continue;
		}
		const read = readMeta(value, key);
		if ("meta" in read) sessions.push(read.meta);
		else corrupt.push(corruptMeta(key, value, read.problem));
	}
	return { sessions, corrupt };
}

const bodyKeyOf = (m: Pick<SessionMeta, "id" | "bodyKey">): string => m.bodyKey ?? m.id;

/** How old a body no record points to must be before it is removed. */
const ORPHAN_AGE_MS = 10 * 60 * 1000;

/** When a body key written by `saveSession` was made, else null (older keys are session ids). */
function bodyKeyTime(key: IDBValidKey): number | null {
	if (typeof key !== "string") return null;
	const m = /@([0-9a-z]+)-[0-9a-z]+$/.exec(key);
	if (!m) return null;
	const t = Number.parseInt(m[1], 36);
	return Number.isFinite(t) ? t : null;
}

/**
 * The sessions (as `listSessions`) checked against the body database: a session without a body
 * is reported, not listed. Bodies no record points to (left by a page closed in the middle of a
 * save, long enough ago) are removed. Reads keys only, never a body.
 */
export function checkLibrary(): Promise<{ sessions: SessionMeta[]; corrupt: CorruptRecord[] }> {
	return exclusive(async () => {
		const listed = await listSessions();
		let bodyKeys: IDBValidKey[];
		try {
			bodyKeys = await idbKeys(bodies());
		} catch {
			return listed; // the body database cannot be read: nothing to say about bodies
		}
		const present = new Set(bodyKeys.filter((k): k is string => typeof k === "string"));
		const sessions: SessionMeta[] = [];
		const corrupt = [...listed.corrupt];
		for (const m of listed.sessions) {
			if (present.has(bodyKeyOf(m))) sessions.push(m);
			else
				corrupt.push({
					key: m.id,
					rawKey: m.id,
					store: "body",
					fileName: m.fileName,
					reason: "the stored file content is missing",
				});
		}
		const wanted = new Set(listed.sessions.map(bodyKeyOf));
		for (const c of listed.corrupt) {
			if (typeof c.rawKey === "string") wanted.add(c.rawKey);
		}
		const now = Date.now();
		// Only keys this code made, and only old ones: a save in another tab may be between its two writes.
		const orphans = bodyKeys.filter((k) => {
			const t = bodyKeyTime(k);
			return t !== null && typeof k === "string" && !wanted.has(k) && now - t > ORPHAN_AGE_MS;
		});
		if (orphans.length > 0) await delMany(orphans, bodies()).catch(() => undefined);
		return { sessions, corrupt };
	});
}

export async function getSessionMeta(id: string): Promise<SessionMeta | undefined> {
	const read = readMeta(await get<unknown>(id, metas()), id);
	return "meta" in read ? read.meta : undefined;
}

/** A stored body as a Blob, or what is wrong with it. */
export async function readSessionBody(id: string): Promise<{ body: Blob } | { problem: string }> {
	let key: string | null = null;
	// A save may move the body between reading the record and reading the body: read again then.
	for (let attempt = 0; attempt < 3; attempt++) {
		const read = readMeta(await get<unknown>(id, metas()), id);
		const next = "meta" in read ? bodyKeyOf(read.meta) : id;
		if (next === key) break;
		key = next;
		const body = await get<unknown>(key, bodies());
		if (body instanceof Blob) {
			// A Blob whose data the browser lost (its file on disk) fails on the first read.
			try {
				await body.slice(0, 1).arrayBuffer();
			} catch (err) {
				return { problem: `the stored file content cannot be read (${err instanceof Error ? err.name : String(err)})` };
			}
			return { body };
		}
		if (typeof body === "string") return { body: new Blob([body], { type: "application/jsonl" }) };
		if (body !== undefined) return { problem: `the stored file content is ${typeName(body)}, not text` };
	}
	return { problem: "the stored file content is missing" };
}

export async function loadSessionBody(id: string): Promise<Blob | undefined> {
	const read = await readSessionBody(id);
	return "body" in read ? read.body : undefined;
}

let keyCounter = 0;
/** A body key no earlier save used: the id, when it was made, and a counter. */
function newBodyKey(id: string): string {
	keyCounter = (keyCounter + 1) % 1_000_000;
	return `${id}@${Date.now().toString(36)}-${keyCounter.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

const ignore = () => undefined;

/** Whether the body stored under `key` is as large as `body` (then, with the same hash, the same). */
async function sameSize(key: string, body: Blob | string): Promise<boolean> {
	const stored = await get<unknown>(key, bodies());
	const size = (v: unknown) => (v instanceof Blob ? v.size : typeof v === "string" ? new Blob([v]).size : -1);
	return size(stored) >= 0 && size(stored) === size(body);
}

/**
 * Stores a session, replacing the record with the same id, so that a failure at any step (a full
 * disk) leaves what was stored before exactly as it was:
 * - a new session: its body (under its id), then its metadata; a failed metadata write takes the
 *   body out again;
 * - the same content again: only the metadata is written;
 * - new content: the body goes in beside the old one (under a new key), then the metadata pointing
 *   to it, and only then is the old body removed. Afterwards the body moves back under the id
 *   where it normally lives; if that fails it simply stays where it is.
 * A re-load keeps what belongs to the explorer rather than the file (the display name, when it was
 * first added) and counts the re-load. Returns the metadata as stored; rejects with a
 * `StorageError`.
 */
export function saveSession(meta: SessionMeta, body: Blob | string): Promise<SessionMeta> {
	return exclusiveWrite(async () => {
		const before = readMeta(await get<unknown>(meta.id, metas()), meta.id);
		const existing = "meta" in before ? before.meta : undefined;
		const { bodyKey: _ignored, ...fresh } = meta;
		if (!existing) {
			const first: SessionMeta = { ...fresh, addedAt: meta.addedAt ?? meta.storedAt };
			await set(meta.id, body, bodies());
			try {
				await set(meta.id, first, metas());
			} catch (err) {
				await del(meta.id, bodies()).catch(ignore);
				throw err;
			}
			return first;
		}
		const merged: SessionMeta = {
			...fresh,
			...(meta.displayName || existing.displayName ? { displayName: meta.displayName || existing.displayName } : {}),
			addedAt: existing.addedAt ?? existing.storedAt,
			reloads: (existing.reloads ?? 0) + 1,
			previousEntries: existing.entries,
		};
		const oldKey = bodyKeyOf(existing);
		if (existing.contentHash === meta.contentHash && (await sameSize(oldKey, body))) {
			const next = existing.bodyKey ? { ...merged, bodyKey: existing.bodyKey } : merged;
			await set(meta.id, next, metas());
			return next;
		}
		const tempKey = newBodyKey(meta.id);
		const staged: SessionMeta = { ...merged, bodyKey: tempKey };
		await set(tempKey, body, bodies());
		try {
			await set(meta.id, staged, metas());
		} catch (err) {
			await del(tempKey, bodies()).catch(ignore);
			throw err;
		}
		if (oldKey !== meta.id) await del(oldKey, bodies()).catch(ignore);
		try {
			await set(meta.id, body, bodies());
			await set(meta.id, merged, metas());
		} catch {
			// The record points to the new body where it is; what is under the id is not needed.
			await del(meta.id, bodies()).catch(ignore);
			return staged;
		}
		await del(tempKey, bodies()).catch(ignore);
		return merged;
	});
}

export async function updateSessionMeta(id: string, patch: Partial<SessionMeta>): Promise<SessionMeta | undefined> {
	return exclusiveWrite(async () => {
		const meta = await getSessionMeta(id);
		if (!meta) return undefined;
		const next = { ...meta, ...patch, id, ...(meta.bodyKey ? { bodyKey: meta.bodyKey } : {}) };
		await set(id, next, metas());
		return next;
	});
}

/** Sets or (with an empty name) clears the explorer's own display name; the body is not touched. */
export function renameSession(id: string, displayName: string): Promise<SessionMeta | undefined> {
	return exclusiveWrite(async () => {
		const meta = await getSessionMeta(id);
		if (!meta) return undefined;
		const { displayName: _old, ...rest } = meta;
		const name = displayName.trim();
		const next: SessionMeta = name ? { ...rest, displayName: name } : rest;
		await set(id, next, metas());
		return next;
	});
}

/** Removes a session's metadata, then its body. */
export function deleteSession(id: string): Promise<void> {
	return exclusiveWrite(async () => {
		const meta = await getSessionMeta(id);
		await del(id, metas());
		await delMany(meta?.bodyKey ? [meta.bodyKey, id] : [id], bodies());
	});
}

/**
 * Removes a damaged record (its metadata and any body it names), after checking it is still
 * damaged: a record that reads well now (another tab repaired it) is kept. True when removed.
 */
export function deleteCorruptRecord(record: Pick<CorruptRecord, "rawKey">): Promise<boolean> {
	return exclusiveWrite(async () => {
		// A record the browser cannot read back is damaged for sure.
		const value = await get<unknown>(record.rawKey, metas()).catch((err: unknown) => {
			if (err instanceof StorageError && err.kind === "unavailable") throw err;
			return undefined;
		});
		const read = readMeta(value, record.rawKey);
		if ("meta" in read) {
			const body = await get<unknown>(bodyKeyOf(read.meta), bodies());
			if (body instanceof Blob || typeof body === "string") return false;
		}
		const named = fieldOf(value, "bodyKey");
		const bodyKeys: IDBValidKey[] = [record.rawKey];
		if (typeof named === "string" && named !== record.rawKey) bodyKeys.push(named);
		await del(record.rawKey, metas());
		await delMany(bodyKeys, bodies()).catch(() => undefined);
		return true;
	});
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

/** True for errors that mean browser storage cannot be used at all. */
export function isStorageUnavailable(err: unknown): boolean {
	return err instanceof StorageError && err.kind === "unavailable";
}
