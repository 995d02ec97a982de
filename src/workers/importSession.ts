import { buildSearchDoc, buildTreeIndex, describeFurther, type SearchDoc } from "../core";
import { toStorageError } from "../storage/idb";
import type { SessionMeta } from "../storage/repository";
import { putSearchDoc } from "../storage/searchStore";
import { describeSession, sessionKey } from "../storage/sessionMeta";
import { hashBlob, type ReadProgress, readSessionBlob } from "./readSession";

export interface ImportOptions {
	/** The name the session is stored under. */
	fileName: string;
	/** Content hashes already stored: a file with one of them is reported unchanged, not parsed. */
	knownHashes?: readonly string[];
	/** Re-indexing a stored session: its library id (else the header id or content hash). */
	sessionId?: string;
}

/** What importing one file gives: nothing new, or its library metadata and search doc. */
export type ImportOutcome =
	| { kind: "unchanged"; contentHash: string; size: number }
	| { kind: "parsed"; meta: SessionMeta; doc: SearchDoc };

/**
 * Reads one session file for the library without handing its entries to the page: a file whose
 * content is already stored is only hashed; any other is parsed into its metadata and search doc.
 * Rejects with a readable message for files that are not sessions. Runs in the import worker (or
 * on the main thread where workers are unavailable).
 */
export async function importSessionBlob(
	blob: Blob,
	options: ImportOptions,
	onProgress?: (p: ReadProgress) => void,
): Promise<ImportOutcome> {
	if (options.knownHashes && options.knownHashes.length > 0) {
		const contentHash = await hashBlob(blob);
		if (options.knownHashes.includes(contentHash)) return { kind: "unchanged", contentHash, size: blob.size };
	}
	// Neither the metadata nor the search doc needs the semantic checks.
	const result = await readSessionBlob(blob, onProgress, { diagnostics: false });
	const key = options.sessionId ?? sessionKey(result.parsed.header?.id, result.contentHash, options.fileName);
	const { parsed } = result;
	const index = buildTreeIndex(parsed.entries);
	const meta = describeSession({
		key,
		fileName: options.fileName,
		size: result.size,
		contentHash: result.contentHash,
		header: parsed.header,
		version: parsed.version,
		...(parsed.title !== undefined ? { title: parsed.title } : {}),
		description: describeFurther(null, parsed.entries),
		tips: index.leaves.length,
	});
	return { kind: "parsed", meta, doc: buildSearchDoc(key, result.contentHash, parsed.entries, index) };
}

export interface IndexOptions {
	/** The stored session's library id and content hash: the doc is stored under them. */
	sessionId: string;
	contentHash: string;
	/** Also hand the doc back (for a page that holds the search index in memory). */
	returnDoc?: boolean;
}

/**
 * Builds a stored session's search doc and writes it to the search index right here (in the
 * import worker, or on the main thread where workers are unavailable), so that a large doc is
 * never copied to the page unless `returnDoc` asks for it. `pause` holds the reading between chunks
 * (see `ReadOptions.pause`). Rejects for files that are not sessions, and with a `StorageError`
 * when the doc cannot be written.
 */
export async function indexSessionBlob(
	blob: Blob,
	options: IndexOptions,
	pause?: () => Promise<void> | undefined,
): Promise<SearchDoc | null> {
	const result = await readSessionBlob(blob, undefined, { diagnostics: false, ...(pause ? { pause } : {}) });
	const doc = buildSearchDoc(options.sessionId, options.contentHash, result.parsed.entries);
	try {
		await putSearchDoc(doc);
	} catch (err) {
		// A write that fails (storage full) is told apart from a body that does not parse.
		throw toStorageError(err, true);
	}
	return options.returnDoc ? doc : null;
}
