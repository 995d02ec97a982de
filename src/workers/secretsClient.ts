import { createSecretScan, createSecretStreamScan, type SecretHit } from "../core";
import { readBlobText } from "./blobText";

export interface SecretsRequest {
	source: Blob | string;
}

export type SecretsResponse = { type: "scanned"; hits: SecretHit[] } | { type: "error"; message: string };

/** Why a scan stopped early: `signal` was aborted (the dialog closed, another scan began). */
export class ScanCancelled extends Error {
	constructor() {
		super("The secret scan was cancelled");
		this.name = "ScanCancelled";
	}
}

/** Characters the main-thread fallback scans between two yields (a few milliseconds' work). */
const SLICE_CHARS = 256 * 1024;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The scan in slices on this thread, yielding between them and stopping when `signal` aborts. */
async function scanHere(source: Blob | string, signal?: AbortSignal): Promise<SecretHit[]> {
	if (typeof source !== "string") {
		// A file's text as it streams (it may be larger than a string can be).
		const scan = createSecretStreamScan();
		await readBlobText(source, async (text) => {
			if (signal?.aborted) throw new ScanCancelled();
			for (let at = 0; at < text.length; at += SLICE_CHARS) {
				scan.push(text.slice(at, at + SLICE_CHARS));
				await nextTask();
			}
		});
		return scan.finish();
	}
	const text = source;
	const scan = createSecretScan(text);
	for (;;) {
		if (signal?.aborted) throw new ScanCancelled();
		if (scan.step(SLICE_CHARS)) return scan.hits;
		await nextTask();
	}
}

let workersWork = typeof Worker !== "undefined";

/**
 * `scanSecrets` of a JSONL text (or a file's) in a worker of its own, which is ended as soon as
 * `signal` aborts (the promise then rejects with `ScanCancelled`). Where workers are unavailable
 * (or one fails to start) the scan runs here in slices, yielding between them.
 */
export function scanSecretsOffThread(source: Blob | string, signal?: AbortSignal): Promise<SecretHit[]> {
	if (signal?.aborted) return Promise.reject(new ScanCancelled());
	if (!workersWork) return scanHere(source, signal);
	let worker: Worker;
	try {
		worker = new Worker(new URL("./secrets.worker.ts", import.meta.url), { type: "module" });
	} catch {
		workersWork = false;
		return scanHere(source, signal);
	}
	return new Promise<SecretHit[]>((resolve, reject) => {
		const end = () => {
			worker.terminate();
			signal?.removeEventListener("abort", onAbort);
		};
		const onAbort = () => {
			end();
			reject(new ScanCancelled());
		};
		signal?.addEventListener("abort", onAbort);
		worker.onmessage = (event: MessageEvent<SecretsResponse>) => {
			end();
			if (event.data.type === "scanned") resolve(event.data.hits);
			else reject(new Error(event.data.message));
		};
		worker.onerror = (event) => {
			event.preventDefault();
			end();
			workersWork = false;
			scanHere(source, signal).then(resolve, reject);
		};
		worker.postMessage({ source } satisfies SecretsRequest);
	});
}
