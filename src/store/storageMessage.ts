import { formatBytes as bytes } from "../core";
import { toStorageError } from "../storage/idb";
import { StorageError, type StorageProblem, type StorageUse } from "../storage/repository";

/** What kind of storage failure `err` is (a write, unless said otherwise). */
export function storageProblem(err: unknown, write = true): StorageProblem {
	return (err instanceof StorageError ? err : toStorageError(err, write)).kind;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** How much this site stores and how much more the browser says it may. */
export function usageText(use: StorageUse | null): string {
	if (!use) return "";
	const free = use.available !== null ? Math.max(0, use.available - use.used) : null;
	return ` (in use: ${bytes(use.used)}${free !== null ? `; available by the browser's estimate: ${bytes(free)}` : ""})`;
}

/** The sentence for browser storage that cannot be used at all (shown once a page). */
export function unavailableText(err: unknown): string {
	return `Browser storage is unavailable: ${reasonOf(err)}. Sessions open in this page only and are not saved; search across sessions is off. (Private windows of some browsers, or blocked site data, do this.)`;
}

/**
 * A user-facing sentence for a failure to store `file` (or a storage failure outside a save):
 * what happened, how much space is used and available when storage is full, and that the
 * session stays open unsaved.
 */
export function storageMessage(
	err: unknown,
	file?: { fileName: string; size: number },
	use: StorageUse | null = null,
): string {
	const kind = storageProblem(err);
	const what = file ? `Could not store ${file.fileName} (${bytes(file.size)})` : "Could not write to browser storage";
	const after = file ? " It is open in this page but not saved." : "";
	switch (kind) {
		case "quota": {
			const free = use && use.available !== null ? use.available - use.used : null;
			const advice = `${after} Delete sessions from the library to make room${file ? ", then press Save next to it in the library" : ""}.`;
			// Refused though the browser's own estimate has room: say so, rather than contradict it.
			if (file && use && free !== null && free > file.size) {
				return `${what}: browser storage is full for it, though by the browser's estimate ${bytes(free)} are free (in use: ${bytes(use.used)}): the browser holds less than it says, as a private window does (what a site stores is kept in memory there).${advice}`;
			}
			return `${what}: browser storage is full${usageText(use)}.${advice}`;
		}
		case "unavailable":
			return unavailableText(err);
		case "failed":
			return `${what}: ${reasonOf(err)}.${after}`;
		default: {
			const never: never = kind;
			return never;
		}
	}
}
