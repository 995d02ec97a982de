/// <reference lib="webworker" />
import type { ParseRequest, ParseResponse, WorkerRequest } from "./protocol";
import { NotASessionError, readSessionBlob } from "./readSession";

/** Entries per transfer message: small enough that deserialising one never blocks the page long. */
const ENTRY_CHUNK_CHARS = 2_000_000;

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: ParseResponse) => scope.postMessage(message);

/** Holds `lockName` until this worker ends, however it ends, so the page can notice. */
function holdLock(lockName: string | null): void {
	const locks = (scope.navigator as Navigator | undefined)?.locks;
	if (!lockName || !locks) return;
	locks
		.request(lockName, () => {
			post({ type: "locked" });
			return new Promise<never>(() => undefined);
		})
		.catch(() => undefined);
}

async function parse({ requestId, blob }: ParseRequest): Promise<void> {
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
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
	const msg = event.data;
	if (msg.type === "init") holdLock(msg.lockName);
	else void parse(msg);
};

post({ type: "ready" });
