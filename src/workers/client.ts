import type { ParsedSession, SessionEntry } from "../core";
import type { ParseRequest, ParseResponse } from "./protocol";
import { type ReadProgress, type ReadResult, readSessionBlob } from "./readSession";

let worker: Worker | null | undefined;
let nextRequestId = 1;

function getWorker(): Worker | null {
	if (worker === undefined) {
		try {
			worker = new Worker(new URL("./parse.worker.ts", import.meta.url), { type: "module" });
		} catch {
			worker = null;
		}
	}
	return worker;
}

/**
 * Parses a session file off the main thread (falling back to the main thread where workers are
 * unavailable). Rejects with a readable message for files that are not sessions.
 */
export function parseSessionFile(blob: Blob, onProgress?: (p: ReadProgress) => void): Promise<ReadResult> {
	const w = getWorker();
	if (!w) return readSessionBlob(blob, onProgress);
	const requestId = nextRequestId++;
	return new Promise<ReadResult>((resolve, reject) => {
		const entries: SessionEntry[] = [];
		const onMessage = (event: MessageEvent<ParseResponse>) => {
			const msg = event.data;
			if (msg.requestId !== requestId) return;
			switch (msg.type) {
				case "progress":
					onProgress?.({ loaded: msg.loaded, total: msg.total });
					break;
				case "entries":
					for (const e of msg.entries) entries.push(e);
					break;
				case "done": {
					w.removeEventListener("message", onMessage);
					const parsed: ParsedSession = { ...msg.session, entries };
					resolve({ parsed, size: msg.size, contentHash: msg.contentHash });
					break;
				}
				case "error":
					w.removeEventListener("message", onMessage);
					reject(new Error(msg.message));
					break;
				default: {
					const never: never = msg;
					void never;
				}
			}
		};
		w.addEventListener("message", onMessage);
		const request: ParseRequest = { type: "parse", requestId, blob };
		w.postMessage(request);
	});
}
