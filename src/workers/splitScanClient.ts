import type { FoundBatch, ScannedPart } from "../core";
import type { FindPart } from "./findPart";
import { MAX_SESSION_BYTES } from "./readSession";
import { type ParseHelper, SPLIT_MIN_BYTES, type SplitPlan } from "./splitScan";

/** Work for a helper: a part of a file to scan, a file to hash, a part of a session to search (or stop searching). */
export type HelperRequest =
	| { type: "scan"; id: number; blob: Blob; plan: SplitPlan }
	| { type: "hash"; id: number; blob: Blob }
	| { type: "find"; id: number; part: FindPart }
	| { type: "stop"; id: number };

/**
 * A helper's answers: progress and the part, or the hash; a search's batches and its end; or an
 * error. The last one frees the helper.
 */
export type HelperReply =
	| { type: "progress"; id: number; loaded: number }
	| { type: "part"; id: number; part: ScannedPart }
	| { type: "hash"; id: number; digest: string }
	| { type: "found"; id: number; batch: FoundBatch }
	| { type: "found-all"; id: number }
	| { type: "error"; id: number; message: string };

/** Helpers not at work, kept for the next job: starting one costs a module load. */
const idle: Worker[] = [];
const MAX_IDLE = 1;
let nextId = 1;

function startHelper(): Worker {
	return new Worker(new URL("./scanPart.worker.ts", import.meta.url), { type: "module" });
}

/**
 * Starts a helper to wait for the first large file: loading a worker's module takes a while
 * (hundreds of milliseconds on a busy or cold start), which would delay that file's scan.
 */
export function warmUpHelper(): void {
	if (idle.length > 0 || typeof Worker === "undefined") return;
	try {
		idle.push(startHelper());
	} catch {
		// No helper here: the parse worker does all the work itself.
	}
}

type Job = HelperRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

/**
 * Runs one job on a free helper; rejects when none can start or it fails. `onProgress` gets a
 * scan's progress; `onFound` a search's batches, and it says whether to stop (a `stop` is sent
 * and the search ends at its next batch).
 */
function onHelper<T>(
	request: Job,
	transfer: Transferable[],
	answer: (reply: HelperReply) => T | undefined,
	onProgress?: (loaded: number) => void,
	onFound?: (batch: FoundBatch) => boolean,
): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		let worker: Worker;
		try {
			worker = idle.pop() ?? startHelper();
		} catch (err) {
			reject(err instanceof Error ? err : new Error(String(err)));
			return;
		}
		const id = nextId++;
		let stopping = false;
		const release = () => {
			worker.onmessage = null;
			worker.onerror = null;
			if (idle.length < MAX_IDLE) idle.push(worker);
			else worker.terminate();
		};
		worker.onmessage = (event: MessageEvent<HelperReply>) => {
			const reply = event.data;
			if (reply.id !== id) return;
			if (reply.type === "progress") {
				onProgress?.(reply.loaded);
				return;
			}
			if (reply.type === "found") {
				if (onFound?.(reply.batch) === false && !stopping) {
					stopping = true;
					worker.postMessage({ type: "stop", id } satisfies HelperRequest);
				}
				return;
			}
			if (reply.type === "error") {
				worker.terminate();
				reject(new Error(reply.message));
				return;
			}
			const value = answer(reply);
			release();
			if (value === undefined) reject(new Error(`The helper answered ${reply.type}`));
			else resolve(value);
		};
		worker.onerror = (event) => {
			event.preventDefault();
			worker.terminate();
			reject(new Error(event.message || "The scanning helper could not start"));
		};
		worker.postMessage({ ...request, id } as HelperRequest, transfer);
	});
}

/** The parse worker's helpers: other workers it starts (scans split where the machine has cores to spare). */
export function workerHelper(): ParseHelper {
	const cores = typeof navigator !== "undefined" ? navigator.hardwareConcurrency || 1 : 1;
	return {
		scanPart: (blob, plan, onProgress) =>
			onHelper({ type: "scan", blob, plan }, [], (r) => (r.type === "part" ? r.part : undefined), onProgress),
		hash: (blob) => onHelper({ type: "hash", blob }, [], (r) => (r.type === "hash" ? r.digest : undefined)),
		findPart: (part, onBatch, stopped) =>
			onHelper(
				{ type: "find", part },
				[part.offset.buffer, part.length.buffer, part.live.buffer, part.typeAt.buffer] as ArrayBuffer[],
				(r) => (r.type === "found-all" ? true : undefined),
				undefined,
				(batch) => {
					if (stopped()) return false;
					onBatch(batch);
					return true;
				},
			).then(() => undefined),
		// With two cores, the scan and the file's reading (the browser's own threads) take both; but
		// a file too large to parse in full (gigabytes) still scans faster split.
		splitFrom: cores >= 4 ? SPLIT_MIN_BYTES : MAX_SESSION_BYTES + 1,
	};
}
