import {
	adoptTreeIndex,
	ChildLists,
	type EntriesDescription,
	type EntryKind,
	type FindFilter,
	type FoundBatch,
	type GraphEdge,
	type GraphNode,
	type LabAddition,
	type LabChoices,
	type LazyContext,
	LazyIdMap,
	type LeafSummary,
	previewFromPartsLazily,
	type SessionEntry,
	type SessionIssue,
	type SessionPreview,
	type SnippetPart,
	type TipComparison,
	type TreeIndex,
	unpackAnalysis,
} from "../core";
import { yieldToIdle, yieldToPage } from "../core/util/yield";
import type { HostExportQuestion } from "./hostExport";
import type { HostAnswer, HostGrowth, HostRequest, ParseResponse, SessionView, WorkerRequest } from "./protocol";
import { type ReadProgress, type ReadResult, readSessionBlob } from "./readSession";
import { SlicedQueue } from "./slicedQueue";

/** Shows a file's preview (see `ParseOptions.onPreview`). */
export type PreviewShow = (preview: SessionPreview, host: HostHandle, index: TreeIndex) => Promise<void> | void;

export interface ParseOptions {
	/** The file's content hash, when it is known already (a stored session): not worked out again. */
	contentHash?: string;
	/**
	 * Called with the file's preview (the graph and the tips, skeletons of the other entries) as
	 * soon as the worker has read the file, before its `done`. The page takes in nothing more of
	 * the file until the promise it may return settles (the preview is shown). `host` names the
	 * session the worker now holds: it answers `askContext`, `askEntries` and the rest. `index` is
	 * the preview's tree index (the worker's tree; its id map is made once the page is idle).
	 */
	onPreview?: PreviewShow;
	/** Split the preview's scan between two threads from this size on (absent: by the machine's cores). */
	splitFrom?: number;
	/**
	 * Keep the worker's scan of the file (its index) in browser storage for the next open of the
	 * same bytes, and use one kept before. Not for what came from a link.
	 */
	keepIndex?: boolean;
}

/**
 * A session the parse worker holds (from a large file's preview on, see `SessionHost`): the page
 * asks it for a tip's context or whole entries instead of parsing the file itself.
 */
export interface HostHandle {
	readonly requestId: number;
	/**
	 * The entries of the file it holds (a lab's added entries come after them); more once a
	 * followed file grew (`askAppend`).
	 */
	entryCount: number;
	/** The worker that holds it (another worker, after a crash, does not). */
	readonly worker: unknown;
}

/**
 * A parsed session. From the worker, it is lean: `parsed.entries` are its preview's (skeletons and
 * the entries the view shows whole), and `host` answers for the rest. Parsed on the page (where no
 * worker can run), it is whole, with all of its issues.
 */
export interface ParseFileResult extends ReadResult {
	/** The tips (not counted yet) and the graph the worker sent with the preview. */
	view?: Promise<SessionView | null>;
	/** The tips with their token counts, once the worker counted them (null if it stopped before). */
	leaves?: Promise<LeafSummary[] | null>;
	/** Opened lean: the worker holds the file. */
	lean?: boolean;
	/** The tree index of `parsed.entries`, put together from the worker's tree (lean only). */
	index?: TreeIndex;
	/** The session the worker holds. */
	host?: HostHandle;
	/**
	 * The checks, run by the worker in the background: all of the session's issues as a full
	 * parse has them (to replace `parsed.issues`), or null if the worker stopped before.
	 */
	leanChecks?: Promise<SessionIssue[] | null>;
	/** What the library says of the entries, as the worker worked it out (lean only). */
	described?: EntriesDescription;
}

interface Pending {
	blob: Blob;
	onProgress?: (p: ReadProgress) => void;
	resolve(result: ParseFileResult): void;
	reject(err: Error): void;
	onPreview?: PreviewShow;
	/** The preview the worker sent, its tree index, and the session the worker holds since. */
	preview?: SessionPreview;
	index?: TreeIndex;
	/** The preview's whole entries, as they come ahead of it. */
	previewWhole?: SessionEntry[];
	/** The preview's graph nodes and edges, as they come ahead of it. */
	previewGraph?: { nodes: GraphNode[]; edges: GraphEdge[] };
	/** The preview's id columns, a piece at a time, as they come ahead of it. */
	previewIds?: { ids: string[]; parentIds: string[] };
	host?: HostHandle;
	/** Once `done` has resolved the request: what is still to come. */
	late?: {
		leaves?: (leaves: LeafSummary[] | null) => void;
		checks?: (issues: SessionIssue[] | null) => void;
	};
}

/** Settles what a request still waits for, with nothing (the worker stopped). */
function settleLate(p: Pending): void {
	p.late?.leaves?.(null);
	p.late?.checks?.(null);
	p.late = {};
}

/** Forgets a request once nothing more is to come for it. */
function dropIfSettled(pw: ParserWorker, requestId: number, p: Pending): void {
	if (!p.late?.leaves && !p.late?.checks) pw.pending.delete(requestId);
}

/** One parse worker and the requests it is working on. */
interface ParserWorker {
	worker: Worker;
	pending: Map<number, Pending>;
	/** The worker's script ran (a failure after this is a crash, before it a missing worker). */
	ready: boolean;
	dead: boolean;
	/** Questions to held sessions waiting for their answer, by query id. */
	queries: Map<number, { resolve(answer: HostAnswer): void; reject(err: Error): void }>;
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
	const pw: ParserWorker = { worker, pending: new Map(), ready: false, dead: false, queries: new Map() };
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
	const lost = new Error(`The parser stopped (${reason}); open the session again`);
	for (const q of pw.queries.values()) q.reject(lost);
	pw.queries.clear();
	if (!pw.ready) {
		workersUnavailable = true;
		const pending = [...pw.pending.values()];
		pw.pending.clear();
		for (const p of pending) readSessionBlob(p.blob, p.onProgress).then(p.resolve, p.reject);
		return;
	}
	// What the worker sent before it died is taken first (a file it had finished still opens).
	work.push(() => {
		const stopped = `The parser stopped while reading this file (${reason}); other files load with a fresh one`;
		for (const p of pw.pending.values()) {
			if (p.late) settleLate(p);
			else p.reject(new Error(stopped));
		}
		pw.pending.clear();
		return true;
	});
}

function onMessage(pw: ParserWorker, msg: ParseResponse, lockName: string | null): void {
	switch (msg.type) {
		case "ready":
			pw.ready = true;
			return;
		case "found": {
			// A find's batches come one by one; the query ends with the last.
			const q = pw.queries.get(msg.queryId);
			if (msg.done) pw.queries.delete(msg.queryId);
			q?.resolve(msg);
			return;
		}
		case "context-part":
			// A context's entries come in parts; its answer (the "context" below) ends the query.
			pw.queries.get(msg.queryId)?.resolve(msg);
			return;
		case "context":
		case "entries-at":
		case "faces":
		case "snippets":
		case "lab-entry":
		case "lab-choices":
		case "compare":
		case "export":
		case "append":
		case "host-error": {
			const q = pw.queries.get(msg.queryId);
			pw.queries.delete(msg.queryId);
			if (msg.type === "host-error") q?.reject(new Error(msg.message));
			else q?.resolve(msg);
			return;
		}
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
	// In order: the preview is taken in a slice at a time, and the file's later messages wait for it.
	work.push(() => {
		const p = pw.pending.get(msg.requestId);
		if (p) onRequestMessage(pw, p, msg);
		return true;
	});
}

const work = new SlicedQueue();

function onRequestMessage(
	pw: ParserWorker,
	p: Pending,
	msg: Exclude<ParseResponse, HostAnswer | { type: "ready" | "locked" }>,
): void {
	switch (msg.type) {
		case "progress":
			p.onProgress?.({ loaded: msg.loaded, total: msg.total });
			break;
		case "preview-whole":
			if (p.previewWhole) for (const e of msg.entries) p.previewWhole.push(e);
			else p.previewWhole = msg.entries;
			break;
		case "preview-graph":
			p.previewGraph ??= { nodes: [], edges: [] };
			for (const node of msg.nodes) p.previewGraph.nodes.push(node);
			for (const edge of msg.edges) p.previewGraph.edges.push(edge);
			break;
		case "preview-ids":
			p.previewIds ??= { ids: [], parentIds: [] };
			p.previewIds.ids.push(msg.ids);
			p.previewIds.parentIds.push(msg.parentIds);
			break;
		case "preview": {
			// The rest of this file's messages wait until the preview is made (a slice at a time)
			// and on screen (or 3 s more).
			const host: HostHandle = { requestId: msg.requestId, entryCount: msg.preview.shape.length, worker: pw };
			p.host = host;
			const sent = msg.preview;
			const graph = p.previewGraph ? { ...sent.graph, ...p.previewGraph } : sent.graph;
			const pieces = sent.pieces && p.previewIds ? { ...sent.pieces, ...p.previewIds } : sent.pieces;
			const parts = { ...sent, graph, full: p.previewWhole ?? sent.full, ...(pieces ? { pieces } : {}) };
			p.previewWhole = undefined;
			p.previewGraph = undefined;
			p.previewIds = undefined;
			work.waitFor(
				previewFromPartsLazily(parts, yieldToPage).then(async ({ preview, idTable }) => {
					p.preview = preview;
					// The worker's tree index, with its id table where it sent one (else an id map made
					// here: drawn first, made after).
					const { entries, tree } = preview;
					const byId = idTable ?? new LazyIdMap(entries);
					const children = tree.children
						? ChildLists.fromArrays(tree.children)
						: await ChildLists.fromParentsInSlices(tree.parent, tree.live, yieldToPage);
					await yieldToPage();
					const index = adoptTreeIndex(entries, byId, tree, children);
					p.index = index;
					const show = p.onPreview?.(preview, host, index);
					const shown = show ? Promise.race([show, new Promise((resolve) => setTimeout(resolve, 3000))]) : undefined;
					// Shown: an id map is made a slice at a time when the page is idle (the first view's
					// steps, see `OPEN_STEPS`, and the first clicks come first); look-ups before it is
					// made search the entries.
					if (byId instanceof LazyIdMap)
						void Promise.resolve(shown).then(() => byId.build(show ? yieldToIdle : yieldToPage));
					return shown;
				}),
			);
			break;
		}
		case "done":
			onDone(pw, p, msg);
			break;
		case "leaves":
			p.late?.leaves?.(msg.leaves);
			if (p.late) p.late.leaves = undefined;
			dropIfSettled(pw, msg.requestId, p);
			break;
		case "diagnostics":
			p.late?.checks?.(msg.issues);
			if (p.late) p.late.checks = undefined;
			dropIfSettled(pw, msg.requestId, p);
			break;
		case "error":
			pw.pending.delete(msg.requestId);
			// After `done` only late work failed: the session stands without it.
			if (p.late) settleLate(p);
			else p.reject(new Error(msg.message));
			break;
		default: {
			const never: never = msg;
			void never;
		}
	}
}

/** The file is read: its session is the preview the page has, the worker holds the rest. */
function onDone(pw: ParserWorker, p: Pending, msg: Extract<ParseResponse, { type: "done" }>): void {
	// The counted tips come later, and the checks' issues when the worker runs them.
	const late: NonNullable<Pending["late"]> = {};
	const leaves = new Promise<LeafSummary[] | null>((resolve) => {
		late.leaves = resolve;
	});
	const leanChecks = msg.checks
		? new Promise<SessionIssue[] | null>((resolve) => {
				late.checks = resolve;
			})
		: undefined;
	p.late = late;
	const { preview, host, index } = p;
	if (!preview || !host || !index || preview.entries.length !== msg.entryCount) {
		pw.pending.delete(msg.requestId);
		p.reject(new Error("The file's preview did not come through"));
		return;
	}
	resolveLean(p, msg, preview, index, host, leanChecks, leaves);
}

function resolveLean(
	p: Pending,
	msg: Extract<ParseResponse, { type: "done" }>,
	preview: SessionPreview,
	index: TreeIndex,
	host: HostHandle,
	leanChecks: Promise<SessionIssue[] | null> | undefined,
	leaves: Promise<LeafSummary[] | null>,
): void {
	const { entries } = preview;
	p.resolve({
		parsed: { ...msg.session, entries },
		size: msg.size,
		contentHash: msg.contentHash,
		view: Promise.resolve({ leaves: preview.leaves, graph: preview.graph }),
		lean: true,
		index,
		host,
		...(leanChecks ? { leanChecks } : {}),
		leaves,
		described: msg.described,
	});
}

let nextQueryId = 1;

/** A question as asked: its query id is added on the way. */
type Question =
	Exclude<HostRequest, { type: "release" }> extends infer Q ? (Q extends unknown ? Omit<Q, "queryId"> : never) : never;

/**
 * Asks the worker `question`; resolves with its answer. A question answered in parts (a find)
 * passes `last`, told each part in turn: the promise resolves with the part it says is the last.
 */
function ask(
	host: HostHandle,
	question: Question,
	last?: (part: HostAnswer) => boolean,
	transfer: Transferable[] = [],
): Promise<HostAnswer> {
	const pw = host.worker as ParserWorker;
	if (pw.dead) return Promise.reject(new Error("The parser that held this session stopped; open it again"));
	const queryId = nextQueryId++;
	return new Promise((resolve, reject) => {
		pw.queries.set(queryId, {
			resolve: (answer) => {
				if (!last || last(answer)) resolve(answer);
			},
			reject,
		});
		pw.worker.postMessage({ ...question, queryId } as HostRequest, transfer);
	});
}

/**
 * The context of `leafId` (null: the file's current leaf) in a session the worker holds; `idOf`
 * gives the id of the entry at a position (the fates come as columns, see core `unpackAnalysis`).
 */
export async function askContext(
	host: HostHandle,
	leafId: string | null,
	idOf: (position: number) => string,
	/** A what-if lab's entries after the file's. */
	overlay: SessionEntry[] = [],
): Promise<LazyContext> {
	const parts: SessionEntry[][] = [];
	const answer = await ask(
		host,
		{ type: "context", requestId: host.requestId, leafId, ...(overlay.length > 0 ? { overlay } : {}) },
		(part) => {
			if (part.type !== "context-part") return true;
			parts.push(part.entries);
			return false;
		},
	);
	if (answer.type !== "context") throw new Error("a wrong answer from the parser");
	const { context } = answer;
	const entries = parts.length === 0 ? context.entries : parts.flat().concat(context.entries);
	if (entries.length !== context.positions.length) throw new Error("a context came without some of its entries");
	return { ...context, entries, analysis: unpackAnalysis(context.analysis, idOf) };
}

/** Whole entries of a session the worker holds, by position. */
export async function askEntries(host: HostHandle, positions: number[]): Promise<SessionEntry[]> {
	const answer = await ask(host, { type: "entries-at", requestId: host.requestId, positions });
	if (answer.type !== "entries-at") throw new Error("a wrong answer from the parser");
	return answer.entries;
}

/** A what-if lab's entries in a copy of a session the worker holds: those after the file's. */
export function labOverlay(host: HostHandle, entries: readonly SessionEntry[]): SessionEntry[] {
	return entries.length > host.entryCount ? entries.slice(host.entryCount) : [];
}

/** A what-if lab's new entry, built in the worker from the file it holds and the lab's `overlay`. */
export async function askLabEntry(
	host: HostHandle,
	parentId: string,
	addition: LabAddition,
	now: string,
	overlay: SessionEntry[],
): Promise<SessionEntry> {
	const answer = await ask(host, { type: "lab-entry", requestId: host.requestId, parentId, addition, now, overlay });
	if (answer.type !== "lab-entry") throw new Error("a wrong answer from the parser");
	return answer.entry;
}

/** What the lab's pickers offer under `parentId`, read in the worker. */
export async function askLabChoices(
	host: HostHandle,
	parentId: string | null,
	overlay: SessionEntry[],
): Promise<LabChoices> {
	const answer = await ask(host, { type: "lab-choices", requestId: host.requestId, parentId, overlay });
	if (answer.type !== "lab-choices") throw new Error("a wrong answer from the parser");
	return answer.choices;
}

/** What the graph nodes of entries of a session the worker holds show: kind and preview. */
export async function askFaces(
	host: HostHandle,
	positions: number[],
): Promise<{ kinds: EntryKind[]; previews: string[] }> {
	const answer = await ask(host, { type: "faces", requestId: host.requestId, positions });
	if (answer.type !== "faces") throw new Error("a wrong answer from the parser");
	return { kinds: answer.kinds, previews: answer.previews };
}

/**
 * What find's rows show of hits at `positions` (kinds and excerpts for `query`) that the search
 * sent without an excerpt (see `FoundBatch.snippets`).
 */
export async function askSnippets(
	host: HostHandle,
	positions: number[],
	query: string,
): Promise<{ kinds: EntryKind[]; snippets: SnippetPart[][] }> {
	const answer = await ask(host, { type: "snippets", requestId: host.requestId, positions, query });
	if (answer.type !== "snippets") throw new Error("a wrong answer from the parser");
	return { kinds: answer.kinds, snippets: answer.snippets };
}

/**
 * Hands the worker the complete lines `bytes` appended to the followed file it holds, the first of
 * them line `firstLine` (see `SessionHost.append`); null when the file cannot grow this way.
 */
export async function askAppend(host: HostHandle, bytes: Uint8Array, firstLine: number): Promise<HostGrowth | null> {
	const copy = bytes.slice();
	const answer = await ask(
		host,
		{ type: "append", requestId: host.requestId, bytes: copy.buffer, firstLine },
		undefined,
		[copy.buffer],
	);
	if (answer.type !== "append") throw new Error("a wrong answer from the parser");
	if (answer.growth) host.entryCount += answer.growth.added.length;
	return answer.growth;
}

/** Two tips of a session the worker holds compared, as core `compareTips` on its full entries. */
export async function askCompare(
	host: HostHandle,
	leafA: string | null,
	leafB: string | null,
	/** A what-if lab's entries after the file's. */
	overlay: SessionEntry[] = [],
): Promise<TipComparison> {
	const answer = await ask(host, {
		type: "compare",
		requestId: host.requestId,
		leafA,
		leafB,
		...(overlay.length > 0 ? { overlay } : {}),
	});
	if (answer.type !== "compare") throw new Error("a wrong answer from the parser");
	return answer.comparison;
}

/**
 * Searches a session the worker holds, every entry read from the file: `onBatch` gets the hits
 * as they are found (the last batch with `done`). Resolves when the search ends; a newer find of
 * the same session ends an older one.
 */
export async function askFind(
	host: HostHandle,
	query: string,
	filter: FindFilter,
	onBatch: (batch: FoundBatch, done: boolean) => void,
	splitFrom?: number,
): Promise<void> {
	const request = { type: "find" as const, requestId: host.requestId, query, filter };
	await ask(host, splitFrom === undefined ? request : { ...request, splitFrom }, (part) => {
		if (part.type !== "found") return true;
		onBatch(part.batch, part.done);
		return part.done;
	});
}

/**
 * A file of a session the worker holds as the export dialog makes it: the whole session, the
 * branch to `leafId` as a new session (`branch`: its header), or the provider payload at `leafId`.
 */
export async function askExport(host: HostHandle, question: HostExportQuestion): Promise<Blob> {
	const answer = await ask(host, { type: "export", requestId: host.requestId, ...question });
	if (answer.type !== "export") throw new Error("a wrong answer from the parser");
	return answer.blob;
}

/** The page no longer shows the session: the worker may let it go. */
export function releaseHost(host: HostHandle): void {
	const pw = host.worker as ParserWorker;
	if (!pw.dead) pw.worker.postMessage({ type: "release", requestId: host.requestId } satisfies HostRequest);
}

/**
 * Starts the parse worker ahead of the first file (loading and compiling its script takes tens of
 * milliseconds that a file dropped later then does not wait for).
 */
export function warmUpParser(): void {
	if (!current) current = startWorker();
}

/**
 * A stored session (`contentHash`, `size` bytes) is about to be reopened: the parse worker reads
 * its stored index while the page reads its bytes from the library.
 */
export function prefetchStoredIndex(contentHash: string, size: number): void {
	if (!current) current = startWorker();
	if (current && !current.dead) {
		current.worker.postMessage({ type: "prefetch-index", contentHash, size } satisfies WorkerRequest);
	}
}

/**
 * Opens a session file in the parse worker, lean (falling back to a full parse on the main thread
 * where workers are unavailable). Rejects with a readable message for files that are not
 * sessions, and when the worker dies mid-file (a fresh worker takes the next file).
 */
export function parseSessionFile(
	blob: Blob,
	onProgress?: (p: ReadProgress) => void,
	options: ParseOptions = {},
): Promise<ParseFileResult> {
	if (!current) current = startWorker();
	const pw = current;
	if (!pw) return readSessionBlob(blob, onProgress);
	const requestId = nextRequestId++;
	return new Promise<ParseFileResult>((resolve, reject) => {
		const knownHash = options.contentHash;
		pw.pending.set(requestId, { blob, onProgress, resolve, reject, onPreview: options.onPreview });
		try {
			const request: WorkerRequest = {
				type: "parse",
				requestId,
				blob,
				...(options.splitFrom !== undefined ? { splitFrom: options.splitFrom } : {}),
				...(knownHash ? { contentHash: knownHash } : {}),
				...(options.keepIndex ? { keepIndex: true } : {}),
			};
			pw.worker.postMessage(request);
		} catch (err) {
			pw.pending.delete(requestId);
			reject(err instanceof Error ? err : new Error(String(err)));
		}
	});
}
