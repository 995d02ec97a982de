import { del, get, set } from "idb-keyval";
import type { Dialect, PreviewParts } from "../core";
import { openStore, type RobustStore } from "./idb";

/**
 * A stored session's index beside its body: what the parse worker's scan of the file gave (the
 * preview packed for the page, and where each entry's line is), so that reopening a large
 * session shows its graph and tips without reading the file again, and a lean one opens without
 * reading it at all. Keyed by the content hash and size of the bytes it was made from; read by
 * the worker only (it runs in the worker, which has IndexedDB too).
 */
export interface StoredIndex {
	/** `INDEX_FORMAT` when written: an index of another format is made again. */
	format: number;
	size: number;
	contentHash: string;
	parts: PreviewParts;
	lineOffset: Float64Array;
	lineLength: Float64Array;
	/** The version the file is read as (its entries are migrated as they are read). */
	version: number;
	/** The family member that wrote it, and its title (see core `ScannedPreview`). */
	dialect: Dialect;
	title?: string;
}

/** Bump when what the scan gives changes (the preview, skeletons, line positions, the id table). */
export const INDEX_FORMAT = 6;

let store: RobustStore | null = null;
const previews = () => {
	store ??= openStore("session-explorer-index", "previews");
	return store;
};

const keyOf = (contentHash: string, size: number) => `${contentHash}:${size}`;

/** The index stored for these bytes, or null (none, another format, or storage unavailable). */
export async function readIndex(contentHash: string, size: number): Promise<StoredIndex | null> {
	try {
		const found = await get<StoredIndex>(keyOf(contentHash, size), previews());
		if (!found || found.format !== INDEX_FORMAT || found.size !== size || found.contentHash !== contentHash)
			return null;
		const n = found.parts.shape.length;
		if (found.lineOffset.length !== n || found.lineLength.length !== n) return null;
		return found;
	} catch {
		return null;
	}
}

/** Stores an index; a failure (storage full) only loses the speed-up. */
export async function writeIndex(index: StoredIndex): Promise<void> {
	try {
		await set(keyOf(index.contentHash, index.size), index, previews());
	} catch {
		// the next open scans the file again
	}
}

/** Forgets the index of bytes no longer stored. */
export async function deleteIndex(contentHash: string, size: number): Promise<void> {
	try {
		await del(keyOf(contentHash, size), previews());
	} catch {
		// an orphan index is only space
	}
}
