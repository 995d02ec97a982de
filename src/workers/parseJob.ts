import {
	adoptTreeIndex,
	CURRENT_VERSION,
	collectDiagnostics,
	columnPieces,
	completePreview,
	createContentHasher,
	createPreviewScanner,
	currentLeafId,
	type FoundBatch,
	getTreeIndex,
	graphAndShown,
	noteNewerPiRules,
	type ParsedSession,
	type PreviewParts,
	packAnalysis,
	packedBuffers,
	previewFromParts,
	previewToParts,
	type ScannedPreview,
	type SessionEntry,
	skeletonOf,
	summarizeLeaves,
	tipsWanted,
	treeParts,
} from "../core";
import { yieldToPage } from "../core/util/yield";
import { INDEX_FORMAT, readIndex, type StoredIndex, writeIndex } from "../storage/indexStore";
import type { FindHelper } from "./findPart";
import { exportFromHost } from "./hostExport";
import { leanCheckable, leanIssue, runLeanChecks } from "./leanChecks";
import {
	CONTEXT_PART_BYTES,
	type HostAnswer,
	type HostRequest,
	MAX_LEAN_BYTES,
	type ParseRequest,
	type ParseResponse,
} from "./protocol";
import {
	formatBytes,
	hashBlob,
	hashChunks,
	MAX_SESSION_BYTES,
	NotASessionError,
	readBlobChunks,
	readSessionChunks,
	tooLargeToParse,
} from "./readSession";
import { SessionHost } from "./sessionHost";
import { type ParseHelper, planSplit, scanBlobPart } from "./splitScan";

/** The sessions this worker holds, by the parse request that read them; the oldest go first. */
const hosts = new Map<number, SessionHost>();
const MAX_HOSTS = 2;

function keepHost(requestId: number, host: SessionHost): void {
	hosts.set(requestId, host);
	for (const id of hosts.keys()) {
		if (hosts.size <= MAX_HOSTS) break;
		hosts.delete(id);
	}
}

/** Answers a question about a session this worker holds (see `HostRequest`). */
export async function runHostRequest(
	msg: HostRequest,
	post: (message: HostAnswer, transfer?: Transferable[]) => void,
	findHelper?: FindHelper,
): Promise<void> {
	if (msg.type === "release") {
		hosts.delete(msg.requestId);
		return;
	}
	lastAsked = Date.now();
	asking++;
	const host = hosts.get(msg.requestId);
	try {
		if (!host) throw new Error("the worker no longer holds this session; open it again");
		if (msg.type === "find") {
			// Batches as they are searched; the last one says it is the last.
			let last: FoundBatch | null = null;
			await host.find(
				msg.query,
				msg.filter,
				(batch) => {
					if (last) post({ type: "found", queryId: msg.queryId, batch: last, done: false });
					last = batch;
				},
				findHelper,
				msg.splitFrom,
			);
			post({
				type: "found",
				queryId: msg.queryId,
				batch: last ?? { hits: [], kinds: [], snippets: [], hidden: 0, searched: 0, total: 0 },
				done: true,
			});
			return;
		}
		if (msg.type === "export") {
			post({ type: "export", queryId: msg.queryId, blob: await exportFromHost(host, msg) });
			return;
		}
		if (msg.type === "compare") {
			post({
				type: "compare",
				queryId: msg.queryId,
				comparison: await host.compare(msg.leafA, msg.leafB, msg.overlay),
			});
			return;
		}
		if (msg.type === "context") {
			const context = await host.context(msg.leafId ?? undefined, msg.overlay);
			const analysis = packAnalysis(context.analysis);
			const { positions, entries } = context;
			let from = 0;
			for (let i = 0, bytes = 0; i < entries.length; i++) {
				bytes += host.lineBytes(positions[i]);
				if (bytes < CONTEXT_PART_BYTES || i === entries.length - 1) continue;
				post({ type: "context-part", queryId: msg.queryId, entries: entries.slice(from, i + 1) });
				from = i + 1;
				bytes = 0;
			}
			const rest = from === 0 ? entries : entries.slice(from);
			post(
				{ type: "context", queryId: msg.queryId, context: { ...context, entries: rest, analysis } },
				packedBuffers(analysis),
			);
		} else if (msg.type === "lab-entry") {
			const entry = await host.labEntry(msg.parentId, msg.addition, msg.now, msg.overlay);
			post({ type: "lab-entry", queryId: msg.queryId, entry });
		} else if (msg.type === "lab-choices") {
			post({ type: "lab-choices", queryId: msg.queryId, choices: await host.labChoices(msg.parentId, msg.overlay) });
		} else if (msg.type === "snippets") {
			post({ type: "snippets", queryId: msg.queryId, ...(await host.snippets(msg.positions, msg.query)) });
		} else if (msg.type === "append") {
			post({
				type: "append",
				queryId: msg.queryId,
				growth: await host.append(new Uint8Array(msg.bytes), msg.firstLine),
			});
		} else if (msg.type === "faces") {
			post({ type: "faces", queryId: msg.queryId, ...(await host.faces(msg.positions)) });
		} else post({ type: "entries-at", queryId: msg.queryId, entries: await host.load(msg.positions) });
	} catch (err) {
		post({ type: "host-error", queryId: msg.queryId, message: err instanceof Error ? err.message : String(err) });
	} finally {
		asking--;
		lastAsked = Date.now();
	}
}

/**
 * A graph of up to this many nodes has its nodes' first entries read before the preview is sent
 * (the page draws all of them at once); a larger one is culled to the screen and asks for its
 * nodes' faces as they come on screen (see `useLeanFaces`).
 */
const NODES_READ_FIRST = 256;

/** Whole entries per `preview-whole` message: about 0.2 MB of objects, a few milliseconds to take in. */
const WHOLE_PER_MESSAGE = 256;

/** Graph nodes (and edges) per `preview-graph` message: a few milliseconds to take in. */
const NODES_PER_MESSAGE = 2048;

/** Entries per `preview-ids` message: under a megabyte of ids, a millisecond or two to take in. */
const IDS_PER_MESSAGE = 65_536;

/**
 * Sends a preview to the page (copied: it stays usable here), the entries it holds whole, its
 * graph's nodes and its id columns ahead of it in slices.
 */
function sendPreview(
	requestId: number,
	parts: PreviewParts,
	post: (message: ParseResponse, transfer?: Transferable[]) => void,
): void {
	const { full, graph, tree } = parts;
	for (let i = 0; i < full.length; i += WHOLE_PER_MESSAGE) {
		post({ type: "preview-whole", requestId, entries: full.slice(i, i + WHOLE_PER_MESSAGE) });
	}
	for (let i = 0; i < Math.max(graph.nodes.length, graph.edges.length); i += NODES_PER_MESSAGE) {
		const nodes = graph.nodes.slice(i, i + NODES_PER_MESSAGE);
		post({ type: "preview-graph", requestId, nodes, edges: graph.edges.slice(i, i + NODES_PER_MESSAGE) });
	}
	const count = parts.shape.length;
	const ids = columnPieces(parts.ids, count, IDS_PER_MESSAGE);
	const parentIds = columnPieces(parts.parentIds, count, IDS_PER_MESSAGE);
	for (let k = 0; k < ids.length; k++) {
		post({ type: "preview-ids", requestId, ids: ids[k], parentIds: parentIds[k] });
	}
	// The typed arrays go as copies made here and handed over: the page takes them in at no cost
	// (the worker's own stay: the stored index and the host are made from them after).
	const moved: Transferable[] = [];
	const move = <T extends Int32Array | Uint8Array | Int16Array>(a: T): T => {
		const copy = a.slice() as T;
		moved.push(copy.buffer);
		return copy;
	};
	const preview: PreviewParts = {
		...parts,
		ids: "",
		parentIds: "",
		pieces: { per: IDS_PER_MESSAGE, ids: [], parentIds: [] },
		full: [],
		shape: move(parts.shape),
		fullAt: move(parts.fullAt),
		graph: { ...graph, nodes: [], edges: [], nodeAt: move(graph.nodeAt), parentNode: move(graph.parentNode) },
		tree: {
			...tree,
			parent: move(tree.parent),
			depth: move(tree.depth),
			live: move(tree.live),
			...(tree.idSlots ? { idSlots: move(tree.idSlots) } : {}),
			...(tree.children
				? {
						children: {
							start: move(tree.children.start),
							end: move(tree.children.end),
							list: move(tree.children.list),
						},
					}
				: {}),
		},
	};
	post({ type: "preview", requestId, preview }, moved);
}

/** What a stored index says of its file. */
function storedFacts(stored: StoredIndex): FileFacts {
	const { parts, version, dialect, title } = stored;
	return { header: parts.header, version, dialect, ...(title !== undefined ? { title } : {}) };
}

/**
 * Sends a stored index's preview to the page, then holds the session from it: the page takes
 * the preview in while the host is built here. Its entries.
 */
function hostStored(
	requestId: number,
	blob: Blob,
	stored: StoredIndex,
	post: (message: ParseResponse, transfer?: Transferable[]) => void,
): SessionEntry[] {
	const { parts } = stored;
	sendPreview(requestId, parts, post);
	const preview = previewFromParts(parts);
	const { entries } = preview;
	// The stored tree, with the id map made here (the later of equal ids wins, as in the scan's).
	const byId = new Map<string, number>();
	for (let i = 0; i < entries.length; i++) byId.set(entries[i].id, i);
	const index = adoptTreeIndex(entries, byId, parts.tree);
	const lines = { offset: stored.lineOffset, length: stored.lineLength };
	const host = new SessionHost(blob, preview, lines, wholeMask(parts.shape), stored.version, index);
	keepHost(requestId, host);
	host.prepareContext();
	return entries;
}

/** 1 for each entry a preview holds whole (shape -1). */
function wholeMask(shape: Int16Array): Uint8Array {
	const full = new Uint8Array(shape.length);
	for (let i = 0; i < shape.length; i++) if (shape[i] === -1) full[i] = 1;
	return full;
}

/**
 * After a lean file's `done`, in the background: its tips counted (a `leaves` message), then the
 * checks a full parse runs (see `runLeanChecks`); of a file parsed in full here (`parsed`, see
 * `hostParsed`), those checks on its entries (core `collectDiagnostics`), all of its issues sent.
 */
const checkLean = async (requestId: number, post: (message: ParseResponse) => void, parsed?: ParsedSession) => {
	const host = hosts.get(requestId);
	if (!host) return;
	const stopped = () => hosts.get(requestId) !== host;
	// The page's first looks at the file come first.
	lastAsked = Date.now();
	const pause = () => giveWay(giveWayMs(host.blob.size));
	// Uncounted when counting failed or stopped: the page then keeps what it shows.
	const leaves =
		(await host.countedTips(stopped, pause).catch(() => null)) ??
		summarizeLeaves(host.entries, host.index, { tokens: false });
	post({ type: "leaves", requestId, leaves });
	if (!parsed) {
		await runLeanChecks(requestId, host, () => !stopped(), post, pause);
		return;
	}
	await pause();
	if (stopped()) return;
	const issues = collectDiagnostics(parsed.entries, host.index, parsed.lines, parsed.issues.slice());
	post({ type: "diagnostics", requestId, issues });
};

const PREFETCH_KEPT_MS = 30_000;

/** A stored index read ahead of its parse request (see `prefetchIndex`): one at a time. */
let prefetched: { contentHash: string; size: number; index: Promise<StoredIndex | null> } | null = null;

/**
 * Starts reading the stored index of `contentHash` (`size` bytes) for the parse request to come;
 * dropped after `PREFETCH_KEPT_MS` when none came (the page could not read the session's bytes).
 */
export function prefetchIndex(contentHash: string, size: number): void {
	const ahead = { contentHash, size, index: readIndex(contentHash, size) };
	prefetched = ahead;
	setTimeout(() => {
		if (prefetched === ahead) prefetched = null;
	}, PREFETCH_KEPT_MS);
}

/** The stored index of `contentHash`: the one read ahead when it is that one, else read now. */
function storedIndex(contentHash: string, size: number): Promise<StoredIndex | null> {
	const ahead = prefetched;
	prefetched = null;
	return ahead && ahead.contentHash === contentHash && ahead.size === size ? ahead.index : readIndex(contentHash, size);
}

/** When the page last asked about a session the worker holds, or last had an answer. */
let lastAsked = 0;
/** The page's questions being answered now (a find takes a second or more over a large file). */
let asking = 0;
/**
 * Background work (a lean file's tip counts and checks) waits up to this long after the page's
 * last question: the full wait from `GIVE_WAY_FULL_BYTES` on, less for a smaller file (whose
 * background work is short: its diagnostics need not wait a second after each click).
 */
const GIVE_WAY_MS = 1000;
const GIVE_WAY_FULL_BYTES = 16 * 1024 * 1024;

const giveWayMs = (size: number) => Math.round(GIVE_WAY_MS * Math.min(1, size / GIVE_WAY_FULL_BYTES));

/**
 * A break in background work: the page's questions are answered first, and for `wait` ms after
 * the last answer. A question answered in steps (a find reads the whole file, a batch at a time)
 * keeps the worker until it ends: the checks' slices do not run between its reads.
 */
async function giveWay(wait: number): Promise<void> {
	await yieldToPage();
	for (;;) {
		const left = asking > 0 ? 100 : lastAsked + wait - Date.now();
		if (left <= 0) return;
		await new Promise((resolve) => setTimeout(resolve, Math.min(left, 100)));
	}
}

/** What the full parse says of a file that its scan says too (see core `ScannedPreview`). */
type FileFacts = Pick<ScannedPreview, "header" | "version" | "dialect" | "title">;

/** The session of a file opened lean from its scan (or its stored index): its preview is its entries. */
function scannedSession(
	facts: FileFacts,
	entries: readonly SessionEntry[],
	size: number,
): Omit<ParsedSession, "entries"> {
	const { header, version, dialect, title } = facts;
	return {
		header,
		leafId: currentLeafId(entries),
		// The version the file declares (none: 1), which a file without a header is not read as.
		version: header && typeof header.version === "number" ? header.version : 1,
		issues: [leanIssue(size)],
		lines: [],
		migrated: version < CURRENT_VERSION,
		dialect,
		...(title !== undefined ? { title } : {}),
	};
}

/**
 * `done` for a file opened lean, of `entryCount` entries; `checks`: they follow, in the
 * background (a `diagnostics` message with all of its issues).
 */
async function leanDone(
	requestId: number,
	size: number,
	session: Omit<ParsedSession, "entries">,
	entryCount: number,
	contentHash: string,
	checks: boolean,
): Promise<ParseResponse> {
	const host = hosts.get(requestId);
	if (!host) throw new Error("The session's host is gone");
	return {
		type: "done",
		requestId,
		session,
		size,
		contentHash,
		entryCount,
		...(checks ? { checks: true } : {}),
		described: await host.describe(),
	};
}

/**
 * A file the scan cannot read (pi's harness v4, a broken first line, a header further down a
 * file without one first), parsed in full here: its host holds every entry whole
 * (nothing is read from the file again), and the page gets the same preview of it as of any file,
 * skeletons where the view reads no more. Its checks (core `collectDiagnostics`) follow `done`.
 */
function hostParsed(
	requestId: number,
	blob: Blob,
	parsed: ParsedSession,
	post: (message: ParseResponse, transfer?: Transferable[]) => void,
): void {
	const { entries } = parsed;
	const index = getTreeIndex(entries);
	const { graph, needed } = graphAndShown(index);
	// A stamped dialect (see core `dialectOf`) is read from the first entry: it stays whole.
	if (entries.length > 0 && "dialect" in entries[0]) needed.add(0);
	const shown = entries.map((e, i) => (needed.has(i) ? e : (skeletonOf(e) ?? e)));
	const leaves = summarizeLeaves(entries, index, { tokens: false });
	sendPreview(
		requestId,
		previewToParts({ header: parsed.header, entries: shown, graph, leaves, tree: treeParts(index) }),
		post,
	);
	const none = new Float64Array(entries.length);
	const host = new SessionHost(
		blob,
		{ header: parsed.header, entries },
		{ offset: none, length: none },
		new Uint8Array(entries.length).fill(1),
		CURRENT_VERSION,
		index,
		true,
	);
	keepHost(requestId, host);
}

/**
 * One parse request as the parse worker runs it: the file is opened lean. The worker scans it (or
 * takes its stored index, or parses it in full where the scan cannot read it), sends the page its
 * preview (the graph, the tips, what the view shows of each entry), holds the session to answer the
 * page's questions (`HostRequest`), and sends `done`; then, in the background, the counted tips and
 * the checks. Or an error. `post` sends a message (transferring what is listed). `helper`, where
 * given, does some of a large file's work on other threads (see `ParseHelper`).
 */
export async function runParse(
	{ requestId, blob, splitFrom, contentHash: knownHash, keepIndex }: ParseRequest,
	post: (message: ParseResponse, transfer?: Transferable[]) => void,
	helper?: ParseHelper,
): Promise<void> {
	try {
		const progress = (p: { loaded: number; total: number }) => post({ type: "progress", requestId, ...p });
		// Past the full parse's limit, only a file the scan can read opens.
		const scanOnly = blob.size > MAX_SESSION_BYTES;
		if (blob.size > MAX_LEAN_BYTES) throw tooLargeToParse(blob.size, `, and lean up to ${formatBytes(MAX_LEAN_BYTES)}`);
		// A stored session's index (see `storage/indexStore`): the scan need not run again.
		const stored = knownHash ? await storedIndex(knownHash, blob.size) : null;
		if (stored) {
			const entries = hostStored(requestId, blob, stored, post);
			const session = scannedSession(storedFacts(stored), entries, blob.size);
			post(await leanDone(requestId, blob.size, session, entries.length, stored.contentHash, leanCheckable(blob.size)));
			await checkLean(requestId, post);
			return;
		}
		// A file too large to parse in full is not kept in memory, and the scanner keeps none of its
		// bytes either; a smaller file's are kept until the scan has read it (else it is parsed in full).
		const scanner = createPreviewScanner({ keepBytes: !scanOnly });
		// Where the machine has cores to spare, a helper scans the file's second half meanwhile.
		const from = splitFrom ?? helper?.splitFrom ?? Number.POSITIVE_INFINITY;
		const plan = helper && blob.size >= from ? await planSplit(blob, from) : null;
		let helperLoaded = 0;
		const rest = plan
			? helper?.scanPart(blob, plan, (loaded) => {
					helperLoaded = loaded;
				})
			: undefined;
		// The bytes kept for the scan are hashed once the preview is sent (hashing them as they are
		// read would delay it); those of a file too large to keep, as they are read. Unless the hash
		// is known; a split file's are hashed by the helper after its part.
		const hasher = !knownHash && !plan && scanOnly ? createContentHasher() : null;
		const chunks = await readBlobChunks(
			plan ? blob.slice(0, plan.cut) : blob,
			(bytes) => {
				scanner.push(bytes);
				hasher?.update(bytes);
			},
			plan ? (p) => progress({ loaded: p.loaded + helperLoaded, total: blob.size }) : progress,
			!scanOnly,
		);
		if (plan) {
			// The helper's part, or (when it failed) the same part scanned here.
			const part = await (rest ?? Promise.reject()).catch(() => scanBlobPart(blob, plan.cut, plan.version));
			// A head that cannot take the part (the scan cannot read the file) leaves the part unused.
			if (scanner.readyForPart) scanner.absorb(part, plan.cut);
		}
		// A split file is hashed by the helper, the whole file read again, once the preview is sent
		// (before, its reading would slow the reading of the entries the preview shows).
		const contentHash = async (): Promise<string> => {
			if (knownHash) return knownHash;
			if (hasher) return hasher.digest();
			if (!plan) return hashChunks(chunks);
			return (helper ? helper.hash(blob) : Promise.reject()).catch(() => hashBlob(blob));
		};
		let first = scanner.finish();
		if (!first) {
			if (scanOnly) {
				throw tooLargeToParse(
					blob.size,
					", and only a session with its header on the first line opens without being parsed in full",
				);
			}
			if (plan) {
				// The full parse reads all the bytes: those the helper scanned too.
				for (const more of await readBlobChunks(blob.slice(plan.cut), () => undefined, undefined, true)) {
					chunks.push(more);
				}
			}
			// Parsed in full here, and held as any lean file is: the page parses nothing.
			const { parsed } = await readSessionChunks(chunks, progress, { diagnostics: false, hash: false });
			const hash = await contentHash();
			chunks.length = 0;
			hostParsed(requestId, blob, parsed, post);
			const { entries, ...session } = parsed;
			post(await leanDone(requestId, blob.size, { ...session, lines: [] }, entries.length, hash, true));
			await checkLean(requestId, post, parsed);
			return;
		}
		const lines = { offset: first.lineOffset, length: first.lineLength };
		const { version } = first;
		if (first.wanted.length > 0) {
			// What the view shows of the entries the scanner kept no bytes for, read from the file: all
			// of it for a small graph; for a large one the tips' only (its nodes' faces are asked for as
			// the graph shows them: thousands of nodes' first entries were a few hundred MB of slices).
			const reader = new SessionHost(blob, first, lines, new Uint8Array(first.entries.length), version);
			const read = first.graph.nodes.length > NODES_READ_FIRST ? tipsWanted(first) : first.wanted;
			first = completePreview(first, await reader.load(read), read);
		}
		const parts = previewToParts(first);
		// Which of pi's rules the entries show, from the skeletons' types and the entries packed whole
		// (every entry read whole is one): no pass over every entry.
		noteNewerPiRules(first.entries, parts.shapes, parts.full);
		const host = new SessionHost(blob, first, lines, wholeMask(parts.shape), version);
		keepHost(requestId, host);
		// Sent with its buffers copied, not transferred: the index below is made from it after.
		sendPreview(requestId, parts, post);
		host.prepareContext();
		const hash = await contentHash();
		chunks.length = 0;
		if (keepIndex) {
			void writeIndex({
				format: INDEX_FORMAT,
				contentHash: hash,
				size: blob.size,
				parts,
				lineOffset: first.lineOffset,
				lineLength: first.lineLength,
				version,
				dialect: first.dialect,
				...(first.title !== undefined ? { title: first.title } : {}),
			});
		}
		const session = scannedSession(first, first.entries, blob.size);
		post(await leanDone(requestId, blob.size, session, first.entries.length, hash, leanCheckable(blob.size)));
		await checkLean(requestId, post);
	} catch (err) {
		post({
			type: "error",
			requestId,
			message: err instanceof Error ? err.message : String(err),
			notASession: err instanceof NotASessionError,
		});
	}
}
