import type { FindFilter, LabAddition, RowStage, SessionEntry, ValuePath } from "../core";
import type { ArgsOf, EventOf, ExportQuestion, Method, OpenEvent, ResultOf, TextSource } from "./readerApi";
import { CallError, localPorts, type Port, RpcClient, type RpcMessage, serve } from "./rpc";

/*
 * The page's side of an open session: one `SessionReader` per session, whatever its size or
 * format, over the parse worker (or, where no worker can start, the same service run in the page).
 */

let nextSession = 1;

/** The parse worker ended (crashed, ran out of memory, was closed): what it held is gone. */
class WorkerDied extends Error {
	constructor(readonly reason: string) {
		super(`The parser stopped (${reason}); open the session again`);
	}
}

/** A call's failure that says the file is not a session at all (its message says why). */
export function isNotASession(err: unknown): boolean {
	return err instanceof CallError && err.code === "not-a-session";
}

/** A call given up on purpose (a newer find, a closed view). */
export function isCancelled(err: unknown): boolean {
	return err instanceof CallError && err.code === "cancelled";
}

/**
 * Everything the page asks of one open session (see `ReaderCalls`): it opens the file, then
 * answers for the session's tips, rows, entries, finds, comparisons, exports, a what-if lab's
 * copy (`withOverlay`) and the lines a followed file grows by.
 */
export class SessionReader {
	private constructor(
		private readonly client: RpcClient,
		/** The session's id with the worker. */
		readonly id: number,
		/** A what-if lab's entries, appended to the session for every question. */
		readonly overlay: readonly SessionEntry[] = [],
	) {}

	/** Names the session and its overlay: answers to the same questions of the same key are the same. */
	get key(): string {
		const n = this.overlay.length;
		return n === 0 ? String(this.id) : `${this.id}+${n}:${this.overlay[n - 1].id}`;
	}

	/** A reader for a session to open (see `open`). */
	static async create(): Promise<SessionReader> {
		return new SessionReader(await connect(), nextSession++);
	}

	/** The same session with a what-if lab's entries appended to it for every question. */
	withOverlay(overlay: readonly SessionEntry[]): SessionReader {
		return new SessionReader(this.client, this.id, overlay);
	}

	/** Whether `other` reads the same session with the same overlay. */
	same(other: SessionReader | null | undefined): boolean {
		return (
			!!other &&
			other.id === this.id &&
			other.overlay.length === this.overlay.length &&
			other.overlay.every((e, i) => e === this.overlay[i])
		);
	}

	private call<M extends Method>(
		method: M,
		args: ArgsOf<M>,
		options: { onEvent?: (event: EventOf<M>) => void; transfer?: Transferable[]; signal?: AbortSignal } = {},
	): Promise<ResultOf<M>> {
		const withOverlay = this.overlay.length > 0 ? { ...args, overlay: this.overlay } : args;
		return this.client.call<ResultOf<M>>(method, this.id, withOverlay, {
			...options,
			onEvent: options.onEvent as ((value: unknown) => void) | undefined,
		});
	}

	/**
	 * Opens `blob` as this reader's session: `onEvent` hears its progress, `ready` (the session can
	 * be shown and asked about), then what the worker works out in the background. Resolves once
	 * that is done; rejects when the file cannot be opened (see `isNotASession`).
	 */
	open(args: ArgsOf<"open">, onEvent: (event: OpenEvent) => void): Promise<void> {
		return this.call("open", args, { onEvent }).then(
			() => undefined,
			(err: unknown) => {
				// The worker died while it read this file: other files load with a fresh one.
				if (err instanceof WorkerDied) {
					throw new Error(
						`The parser stopped while reading this file (${err.reason}); other files load with a fresh one`,
					);
				}
				throw err;
			},
		);
	}

	outline() {
		return this.call("outline", {});
	}
	context(leafId: string | null) {
		return this.call("context", { leafId });
	}
	rows(leafId: string | null, stage: RowStage, from: number, count: number) {
		return this.call("rows", { leafId, stage, from, count });
	}
	entry(position: number) {
		return this.call("entry", { position });
	}
	text(source: TextSource, path: ValuePath, from: number, to: number) {
		return this.call("text", { source, path, from, to });
	}
	explain(leafId: string | null) {
		return this.call("explain", { leafId });
	}
	pathSeries(leafId: string | null) {
		return this.call("pathSeries", { leafId });
	}
	graph(expanded: string[], pins: string[]) {
		return this.call("graph", { expanded, pins });
	}
	faces(positions: number[], lasts: number[]) {
		return this.call("faces", { positions, lasts });
	}
	locate(ids: string[]) {
		return this.call("locate", { ids });
	}
	tipThrough(id: string) {
		return this.call("tipThrough", { id });
	}
	compare(a: string | null, b: string | null) {
		return this.call("compare", { a, b });
	}
	compareRows(a: string | null, b: string | null, side: "shared" | "a" | "b", from: number, count: number) {
		return this.call("compareRows", { a, b, side, from, count });
	}
	/** Searches every entry: `onBatch` hears the hits as they are found; `signal` stops it. */
	find(
		query: string,
		filter: FindFilter,
		onBatch: (batch: EventOf<"find">) => void,
		signal?: AbortSignal,
		splitFrom?: number,
	) {
		return this.call(
			"find",
			{ query, filter, ...(splitFrom !== undefined ? { splitFrom } : {}) },
			{ onEvent: onBatch, ...(signal ? { signal } : {}) },
		);
	}
	snippets(positions: number[], query: string) {
		return this.call("snippets", { positions, query });
	}
	labEntry(parentId: string, addition: LabAddition, now: string) {
		return this.call("labEntry", { parentId, addition, now });
	}
	labChoices(parentId: string | null) {
		return this.call("labChoices", { parentId });
	}
	export(question: ExportQuestion) {
		return this.call("export", question);
	}
	/** Hands the worker the complete lines `bytes` appended to the followed file, the first of them line `firstLine`. */
	append(bytes: Uint8Array, firstLine: number) {
		const copy = bytes.slice();
		return this.call("append", { bytes: copy.buffer, firstLine }, { transfer: [copy.buffer] });
	}
	/** The page no longer shows the session: the worker lets it go. */
	release(): void {
		this.call("release", {}).catch(() => undefined);
	}
}

/** A stored session (`contentHash`, `size` bytes) is about to be reopened: its stored index is read meanwhile. */
export async function prefetchStoredIndex(contentHash: string, size: number): Promise<void> {
	const client = await connect();
	await client.call("prefetch", 0, { contentHash, size }).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// The connection: one parse worker, started ahead of the first file; a fresh one after it dies.

let current: Promise<RpcClient> | null = null;
/** Set once a worker could not even start: from then on sessions are served in the page. */
let workersUnavailable = false;

/** Starts the parse worker ahead of the first file (its script takes tens of milliseconds to load). */
export function warmUpReader(): void {
	void connect();
}

/** The client of the parse worker, started if need be (or of the service in the page, where no worker starts). */
function connect(): Promise<RpcClient> {
	current ??= startWorker().catch(() => {
		workersUnavailable = true;
		return inPage();
	});
	return current;
}

/** The service run in this page (no worker): the same code, the same messages. */
async function inPage(): Promise<RpcClient> {
	const [page, service] = localPorts();
	const { createService } = await import("./service");
	serve(service, createService());
	return new RpcClient(page);
}

const webLocks = (): LockManager | undefined => (typeof navigator !== "undefined" ? navigator.locks : undefined);

/** The parse worker, once its script ran (rejects when it cannot start: the page serves itself). */
function startWorker(): Promise<RpcClient> {
	if (workersUnavailable || typeof Worker === "undefined") return Promise.reject(new Error("no workers here"));
	let worker: Worker;
	try {
		worker = new Worker(new URL("./parse.worker.ts", import.meta.url), { type: "module" });
	} catch (err) {
		return Promise.reject(err);
	}
	const listeners: ((message: RpcMessage) => void)[] = [];
	const port: Port = {
		post: (message, transfer = []) => worker.postMessage(message, transfer),
		listen: (listener) => {
			listeners.push(listener);
		},
	};
	const client = new RpcClient(port);
	return new Promise<RpcClient>((resolve, reject) => {
		let ready = false;
		let dead = false;
		const lockName = webLocks() ? `session-explorer-parser-${Math.random().toString(36).slice(2)}-${Date.now()}` : null;
		const died = (reason: string) => {
			if (dead) return;
			dead = true;
			worker.terminate();
			if (!ready) {
				reject(new Error(reason));
				return;
			}
			// The next session starts a fresh worker; what this one held is gone.
			current = null;
			client.fail(new WorkerDied(reason));
		};
		worker.addEventListener("message", (event: MessageEvent<RpcMessage>) => {
			const message = event.data;
			if (message.type === "ready") {
				ready = true;
				resolve(client);
			} else if (message.type === "locked" && lockName) {
				// Granted only once the worker's own lock is released: when it has ended.
				webLocks()
					?.request(lockName, () => died("it crashed, ran out of memory or was closed"))
					.catch(() => undefined);
			}
			for (const listener of listeners) listener(message);
		});
		worker.addEventListener("error", (event: Event) => {
			event.preventDefault();
			died((event as ErrorEvent).message || "it failed");
		});
		worker.addEventListener("messageerror", () => died("one of its messages could not be read"));
		worker.postMessage({ type: "init", lockName });
	});
}
