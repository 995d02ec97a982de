import { del, get, set } from "idb-keyval";
import { openStore, type RobustStore } from "./idb";

/**
 * The linked sessions folder: its directory handle (handles survive in IndexedDB; the browser
 * asks again for permission to read them) and what each file was when it was last synced.
 * Database and store names carry a version: do not change them without a migration.
 */
const FOLDER_DB = "session-explorer-folders-v1";
const KEY = "linked";

/** A file of the folder as last synced: the session it went to and the size and time it had then. */
export interface SyncedFile {
	size: number;
	lastModified: number;
	sessionId: string;
}

export interface LinkedFolderRecord {
	handle: FileSystemDirectoryHandle;
	name: string;
	linkedAt: number;
	/** By path inside the folder (the folder's name first, as a folder import names them). */
	files: Record<string, SyncedFile>;
}

let store: RobustStore | undefined;
const folders = () => {
	store ??= openStore(FOLDER_DB, "folders");
	return store;
};

function readRecord(value: unknown): LinkedFolderRecord | null {
	if (typeof value !== "object" || value === null) return null;
	const v = value as Partial<LinkedFolderRecord>;
	if (typeof v.name !== "string" || typeof v.handle !== "object" || v.handle === null) return null;
	const files: Record<string, SyncedFile> = Object.create(null);
	if (typeof v.files === "object" && v.files !== null) {
		for (const [path, f] of Object.entries(v.files)) {
			if (typeof f?.size === "number" && typeof f.lastModified === "number" && typeof f.sessionId === "string") {
				files[path] = f;
			}
		}
	}
	return { handle: v.handle, name: v.name, linkedAt: typeof v.linkedAt === "number" ? v.linkedAt : 0, files };
}

/** The linked folder, or null when none is linked (or the record is unreadable). */
export async function loadLinkedFolder(): Promise<LinkedFolderRecord | null> {
	return readRecord(await get<unknown>(KEY, folders()));
}

export async function saveLinkedFolder(record: LinkedFolderRecord): Promise<void> {
	await set(KEY, record, folders());
}

/** Forgets the folder; the sessions it brought stay in the library. */
export async function unlinkFolder(): Promise<void> {
	await del(KEY, folders());
}
