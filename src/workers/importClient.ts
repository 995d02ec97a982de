import type { SearchDoc } from "../core";
import { StorageError, type StorageProblem } from "../storage/idb";
import {
	type ImportOptions,
	type ImportOutcome,
	type IndexOptions,
	importSessionBlob,
	indexSessionBlob,
} from "./importSession";
import type { ReadProgress } from "./readSession";

export type ImportRequest =
	| { type: "import"; requestId: number; blob: Blob; options: ImportOptions }
	| { type: "index"; requestId: number; blob: Blob; options: IndexOptions };

export type ImportResponse =
	| { type: "progress"; requestId: number; loaded: number; total: number }
	| { type: "done"; requestId: number; outcome: ImportOutcome }
	| { type: "indexed"; requestId: number; doc: SearchDoc | null }
	/** `storage`: the kind of storage failure, when writing to IndexedDB failed. */
	| { type: "error"; requestId: number; message: string; storage?: StorageProblem };

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
				case "indexed":
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

/**
 * Builds a stored session's search doc and writes it to the search index off the main thread
 * (see `indexSessionBlob`): the doc only comes back when `options.returnDoc` asks for it. Falls
 * back to the main thread where workers are unavailable.
 */
export function indexSessionFile(blob: Blob, options: IndexOptions): Promise<SearchDoc | null> {
	const w = getWorker();
	if (!w) return indexSessionBlob(blob, options);
	const requestId = nextRequestId++;
	return new Promise<SearchDoc | null>((resolve, reject) => {
		const stop = () => {
			w.removeEventListener("message", onMessage);
			w.removeEventListener("error", onError);
		};
		const onMessage = (event: MessageEvent<ImportResponse>) => {
			const msg = event.data;
			if (msg.requestId !== requestId) return;
			if (msg.type === "indexed") {
				stop();
				resolve(msg.doc);
			} else if (msg.type === "error") {
				stop();
				reject(msg.storage ? new StorageError(msg.storage, msg.message) : new Error(msg.message));
			}
		};
		const onError = (event: Event) => {
			event.preventDefault();
			stop();
			if (worker === w) worker = null;
			w.terminate();
			indexSessionBlob(blob, options).then(resolve, reject);
		};
		w.addEventListener("message", onMessage);
		w.addEventListener("error", onError);
		const request: ImportRequest = { type: "index", requestId, blob, options };
		w.postMessage(request);
	});
}
