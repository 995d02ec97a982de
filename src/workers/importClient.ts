import { type ImportOptions, type ImportOutcome, importSessionBlob } from "./importSession";
import type { ReadProgress } from "./readSession";

export interface ImportRequest {
	type: "import";
	requestId: number;
	blob: Blob;
	options: ImportOptions;
}

export type ImportResponse =
	| { type: "progress"; requestId: number; loaded: number; total: number }
	| { type: "done"; requestId: number; outcome: ImportOutcome }
	| { type: "error"; requestId: number; message: string };

let worker: Worker | null | undefined;
let nextRequestId = 1;

function getWorker(): Worker | null {
	if (worker === undefined) {
		try {
			worker = new Worker(new URL("./import.worker.ts", import.meta.url), { type: "module" });
		} catch {
			worker = null;
		}
	}
	return worker;
}

/**
 * Imports one file for the library off the main thread (see `importSessionBlob`); only its
 * metadata and search doc come back, never its entries. Falls back to the main thread where
 * workers are unavailable.
 */
export function importSessionFile(
	blob: Blob,
	options: ImportOptions,
	onProgress?: (p: ReadProgress) => void,
): Promise<ImportOutcome> {
	const w = getWorker();
	if (!w) return importSessionBlob(blob, options, onProgress);
	const requestId = nextRequestId++;
	return new Promise<ImportOutcome>((resolve, reject) => {
		const onMessage = (event: MessageEvent<ImportResponse>) => {
			const msg = event.data;
			if (msg.requestId !== requestId) return;
			switch (msg.type) {
				case "progress":
					onProgress?.({ loaded: msg.loaded, total: msg.total });
					break;
				case "done":
					w.removeEventListener("message", onMessage);
					w.removeEventListener("error", onError);
					resolve(msg.outcome);
					break;
				case "error":
					w.removeEventListener("message", onMessage);
					w.removeEventListener("error", onError);
					reject(new Error(msg.message));
					break;
				default: {
					const never: never = msg;
					void never;
				}
			}
		};
		// A worker that cannot start (or dies) is given up for good: this file and the next ones are
		// read on the main thread instead.
		const onError = (event: Event) => {
			event.preventDefault();
			w.removeEventListener("message", onMessage);
			w.removeEventListener("error", onError);
			if (worker === w) worker = null;
			w.terminate();
			importSessionBlob(blob, options, onProgress).then(resolve, reject);
		};
		w.addEventListener("message", onMessage);
		w.addEventListener("error", onError);
		const request: ImportRequest = { type: "import", requestId, blob, options };
		w.postMessage(request);
	});
}
