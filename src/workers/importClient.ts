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
	| { type: "index"; requestId: number; blob: Blob; options: IndexOptions }
	/** Holds (or lets go on) the reading of the index request under way (see `indexSessionFile`). */
	| { type: "hold"; hold: boolean };

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

/** What a request makes of one of its messages: its answer, its failure, or nothing yet. */
type Settled<T> = { value: T } | { error: Error } | undefined;

/**
 * Sends one request to the worker and settles with what `settle` makes of its messages. Runs
 * `onMainThread` instead where workers are unavailable, or when the worker fails (it is then given
 * up for good: later requests run on the main thread too).
 */
function ask<T>(
	request: (requestId: number) => Exclude<ImportRequest, { type: "hold" }>,
	settle: (msg: ImportResponse) => Settled<T>,
	onMainThread: () => Promise<T>,
): Promise<T> {
	const w = getWorker();
	if (!w) return onMainThread();
	const requestId = nextRequestId++;
	return new Promise<T>((resolve, reject) => {
		const stop = () => {
			w.removeEventListener("message", onMessage);
			w.removeEventListener("error", onError);
		};
		const onMessage = (event: MessageEvent<ImportResponse>) => {
			if (event.data.requestId !== requestId) return;
			const settled = settle(event.data);
			if (!settled) return;
			stop();
			if ("error" in settled) reject(settled.error);
			else resolve(settled.value);
		};
		const onError = (event: Event) => {
			event.preventDefault();
			stop();
			if (worker === w) worker = null;
			w.terminate();
			onMainThread().then(resolve, reject);
		};
		w.addEventListener("message", onMessage);
		w.addEventListener("error", onError);
		w.postMessage(request(requestId));
	});
}

/** A failure the worker reported, as an error (a storage failure keeps its kind). */
function failure(msg: Extract<ImportResponse, { type: "error" }>): { error: Error } {
	return { error: msg.storage ? new StorageError(msg.storage, msg.message) : new Error(msg.message) };
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
	return ask<ImportOutcome>(
		(requestId) => ({ type: "import", requestId, blob, options }),
		(msg) => {
			if (msg.type === "progress") onProgress?.({ loaded: msg.loaded, total: msg.total });
			else if (msg.type === "done") return { value: msg.outcome };
			else if (msg.type === "error") return { error: new Error(msg.message) };
			return undefined;
		},
		() => importSessionBlob(blob, options, onProgress),
	);
}

/** How often `indexSessionFile` asks its `held` whether the indexing should be held (ms). */
const HOLD_POLL_MS = 25;

/**
 * Builds a stored session's search doc and writes it to the search index off the main thread
 * (see `indexSessionBlob`): the doc only comes back when `options.returnDoc` asks for it. Falls
 * back to the main thread where workers are unavailable. While `held()` says so, the reading
 * waits between chunks (a find in the open session wants both cores of a two-core machine).
 */
export function indexSessionFile(
	blob: Blob,
	options: IndexOptions,
	held: () => boolean = () => false,
): Promise<SearchDoc | null> {
	let holding = false;
	const w = getWorker();
	const check = () => {
		const now = held();
		if (now === holding) return;
		holding = now;
		w?.postMessage({ type: "hold", hold: now } satisfies ImportRequest);
	};
	check();
	const poll = setInterval(check, HOLD_POLL_MS);
	const onMainThread = () => indexSessionBlob(blob, options, () => (holding ? until(() => !held()) : undefined));
	return ask(
		(requestId) => ({ type: "index", requestId, blob, options }),
		(msg) => (msg.type === "indexed" ? { value: msg.doc } : msg.type === "error" ? failure(msg) : undefined),
		onMainThread,
	).finally(() => {
		clearInterval(poll);
		if (holding) w?.postMessage({ type: "hold", hold: false } satisfies ImportRequest);
	});
}

/** Resolves once `done()` says so (asked every `HOLD_POLL_MS`). */
function until(done: () => boolean): Promise<void> {
	return new Promise((resolve) => {
		const check = () => (done() ? resolve() : setTimeout(check, HOLD_POLL_MS));
		check();
	});
}
