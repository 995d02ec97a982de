import type { SyncedFile } from "../storage/linkedFolder";
import type { ImportResult, ImportSource } from "./types";

/** A file found in the linked folder. */
export interface FolderFile {
	path: string;
	file: File;
}

/**
 * What a sync of the linked folder imports: every file, those with the size and time they had
 * when last synced (and whose session is still stored) marked unchanged so they are not read
 * again; and the paths synced before that are gone from the folder.
 */
export function planFolderSync(
	listing: readonly FolderFile[],
	synced: Readonly<Record<string, SyncedFile>>,
	stored: ReadonlySet<string>,
): { sources: ImportSource[]; gone: string[] } {
	const present = new Set<string>();
	const sources = listing.map(({ path, file }): ImportSource => {
		present.add(path);
		const last = Object.hasOwn(synced, path) ? synced[path] : undefined;
		const same =
			last && last.size === file.size && last.lastModified === file.lastModified && stored.has(last.sessionId);
		return same ? { file, path, unchanged: last.sessionId } : { file, path };
	});
	const gone = Object.keys(synced).filter((path) => !present.has(path));
	return { sources, gone };
}

/**
 * What to remember of the folder after a sync: each file that went to a stored session (imported,
 * updated or unchanged) with its size and time; failed files are tried again next time.
 */
export function recordFolderSync(
	listing: readonly FolderFile[],
	results: readonly ImportResult[],
): Record<string, SyncedFile> {
	const files = new Map(listing.map((f) => [f.path, f.file]));
	const record: Record<string, SyncedFile> = Object.create(null);
	for (const r of results) {
		const file = files.get(r.path);
		if (!file || !r.sessionId || r.status === "failed") continue;
		record[r.path] = { size: file.size, lastModified: file.lastModified, sessionId: r.sessionId };
	}
	return record;
}

/** Where each stored session came from in the linked folder (its path), by library id. */
export function folderOrigins(files: Readonly<Record<string, SyncedFile>>): Map<string, string> {
	const origins = new Map<string, string>();
	for (const [path, f] of Object.entries(files)) if (!origins.has(f.sessionId)) origins.set(f.sessionId, path);
	return origins;
}
