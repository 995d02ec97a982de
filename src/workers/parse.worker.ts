/// <reference lib="webworker" />
import type { ParseRequest, ParseResponse } from "./protocol";
import { NotASessionError, readSessionBlob } from "./readSession";

/** Entries per transfer message: small enough that deserialising one never blocks the page long. */
const ENTRY_CHUNK_CHARS = 2_000_000;

const post = (message: ParseResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<ParseRequest>) => {
	const { requestId, blob } = event.data;
	try {
		const result = await readSessionBlob(blob, (p) => post({ type: "progress", requestId, ...p }));
		const { entries, ...session } = result.parsed;
		// Chunk by approximate source size (line lengths are unknown here; estimate from the file).
		const perEntry = entries.length > 0 ? result.size / entries.length : 1;
		const chunkLen = Math.max(1, Math.floor(ENTRY_CHUNK_CHARS / Math.max(perEntry, 1)));
		for (let i = 0; i < entries.length; i += chunkLen) {
			post({ type: "entries", requestId, entries: entries.slice(i, i + chunkLen) });
		}
		post({ type: "done", requestId, session, size: result.size, contentHash: result.contentHash });
	} catch (err) {
		post({
			type: "error",
			requestId,
			message: err instanceof Error ? err.message : String(err),
			notASession: err instanceof NotASessionError,
		});
	}
};
