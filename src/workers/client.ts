import type { SessionEntry } from "../core";
import type { ParseResponse, WorkerRequest } from "./protocol";
import { type ReadProgress, type ReadResult, readSessionBlob } from "./readSession";

interface Pending {
	blob: Blob;
	onProgress?: (p: ReadProgress) => void;
	entries: SessionEntry[];
	resolve(result: ReadResult): void;
	reject(err: Error): void;
}

/** One parse worker and the requests it is working on. */
interface ParserWorker {
	worker: Worker;
	pending: Map<number, Pending>;
	/** The worker's script ran (a failure after this is a crash, before it a missing worker). */
	ready: boolean;
	dead: boolean;
}

let current: ParserWorker | null = null;
/** Set once a worker could not even start: from then on files parse on the main thread. */
let workersUnavailable = false;
let nextRequestId = 1;

const webLocks = (): LockManager | undefined => (typeof navigator !== "undefined" ? navigator.locks : undefined);

function startWorker(): ParserWorker | null {
	if (workersUnavailable || typeof Worker === "undefined") return null;
	let worker: Worker;
	try {
		worker = new Worker(new URL("./parse.worker.ts", import.meta.url), { type: "module" });
	} catch {
		workersUnavailable = true;
		return null;
	}
	const pw: ParserWorker = { worker, pending: new Map(), ready: false, dead: false };
	const lockName = webLocks() ? `session-explorer-parser-${Math.random().toString(36).slice(2)}-${Date.now()}` : null;
	worker.addEventListener("message", (e: MessageEvent<ParseResponse>) => onMessage(pw, e.data, lockName));
	worker.addEventListener("error", (e: Event) => {
		e.preventDefault();
		died(pw, (e as ErrorEvent).message || "it failed");
	});
	worker.addEventListener("messageerror", () => died(pw, "one of its messages could not be read"));
	const init: WorkerRequest = { type: "init", lockName };
	worker.postMessage(init);
	return pw;
}

/**
 * The worker is gone or broken: drop it (the next file starts a fresh one) and settle what it
 * was doing. A worker that never ran (a blocked or unsupported module worker) hands its files to
 * the main thread, and so do all later files.
 */
function died(pw: ParserWorker, reason: string): void {
	if (pw.dead) return;
	pw.dead = true;
	pw.worker.terminate();
	if (current === pw) current = null;
	const pending = [...pw.pending.values()];
	pw.pending.clear();
	if (!pw.ready) {
		workersUnavailable = true;
		for (const p of pending) readSessionBlob(p.blob, p.onProgress).then(p.resolve, p.reject);
		return;
	}
	for (const p of pending) {
		p.reject(new Error(`The parser stopped while reading this file (${reason}); other files load with a fresh one`));
	}
}

function onMessage(pw: ParserWorker, msg: ParseResponse, lockName: string | null): void {
	switch (msg.type) {
		case "ready":
			pw.ready = true;
			return;
		case "locked":
			pw.ready = true;
			// Granted only once the worker's own lock is released: when it has ended.
			if (lockName) {
				webLocks()
					?.request(lockName, () => died(pw, "it crashed, ran out of memory or was closed"))
					.catch(() => undefined);
			}
			return;
		default:
			break;
	}
	const p = pw.pending.get(msg.requestId);
	if (!p) return;
	switch (msg.type) {
		case "progress":
			p.onProgress?.({ loaded: msg.loaded, total: msg.total });
			break;
		case "entries":
			for (const e of msg.entries) p.entries.push(e);
			break;
		case "done":
			pw.pending.delete(msg.requestId);
			p.resolve({ parsed: { ...msg.session, entries: p.entries }, size: msg.size, contentHash: msg.contentHash });
			break;
		case "error":
			pw.pending.delete(msg.requestId);
			p.reject(new Error(msg.message));
			break;
		default: {
			const never: never = msg;
			void never;
		}
	}
}

/**
 * Parses a session file off the main thread (falling back to the main thread where workers are
 * unavailable). Rejects with a readable message for files that are not sessions, and when the
 * worker dies mid-file (a fresh worker takes the next file).
 */
export function parseSessionFile(blob: Blob, onProgress?: (p: ReadProgress) => void): Promise<ReadResult> {
	if (!current) current = startWorker();
	const pw = current;
	if (!pw) return readSessionBlob(blob, onProgress);
	const requestId = nextRequestId++;
	return new Promise<ReadResult>((resolve, reject) => {
		pw.pending.set(requestId, { blob, onProgress, entries: [], resolve, reject });
		try {
			const request: WorkerRequest = { type: "parse", requestId, blob };
			pw.worker.postMessage(request);
		} catch (err) {
			pw.pending.delete(requestId);
			reject(err instanceof Error ? err : new Error(String(err)));
		}
	});
}
