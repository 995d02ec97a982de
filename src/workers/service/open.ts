import {
	buildTreeIndex,
	completePreview,
	createContentHasher,
	createPreviewScanner,
	currentLeafId,
	graphAndShown,
	noteNewerPiRules,
	type ParsedSession,
	previewFromParts,
	previewToParts,
	type ScannedPreview,
	summarizeLeaves,
	tipsWanted,
} from "../../core";
import { INDEX_FORMAT, readIndex, type StoredIndex, writeIndex } from "../../storage/indexStore";
import type { OpenEvent, SessionFacts, SessionOutline } from "../readerApi";
import {
	formatBytes,
	hashBlob,
	hashChunks,
	MAX_SESSION_BYTES,
	NotASessionError,
	readBlobChunks,
	readSessionChunks,
	tooLargeToParse,
} from "../readSession";
import { type ParseHelper, planSplit, scanBlobPart } from "../splitScan";
import { HeldSession } from "./held";

/** Larger files are refused: sessions were tried up to 2 GB; past this, memory is unknown ground. */
export const MAX_OPEN_BYTES = 4 * 1024 * 1024 * 1024;

/**
 * A graph of up to this many nodes has its nodes' first entries read before it is shown (the page
 * draws all of them at once); a larger one is culled to the screen and asks for its nodes' faces
 * as they come on screen (see `graph.ts`).
 */
const NODES_READ_FIRST = 256;

export interface OpenQuestion {
	blob: Blob;
	/** The file's content hash, when the page knows it (a stored session): its stored index is used. */
	contentHash?: string;
	/** Store the scan's index for the next open (not for what came from a link: nothing is stored unasked). */
	keepIndex?: boolean;
	/** Split the first scan between this worker and a helper from this size on (absent: by the machine's cores). */
	splitFrom?: number;
}

/** A session opened: held, shown, and what is still to be worked out about it. */
export interface Opened {
	held: HeldSession;
	/** The file's content hash (worked out after the session is shown, unless it was known). */
	contentHash: () => Promise<string>;
	/** A session parsed in full here: its checks run on its entries rather than on the file. */
	parsed?: ParsedSession;
}

const PREFETCH_KEPT_MS = 30_000;

/** A stored index read ahead of its open (see `prefetchIndex`): one at a time. */
let prefetched: { contentHash: string; size: number; index: Promise<StoredIndex | null> } | null = null;

/**
 * Starts reading the stored index of `contentHash` (`size` bytes) for the open to come; dropped
 * after `PREFETCH_KEPT_MS` when none came (the page could not read the session's bytes).
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

/** What the page is told of a file read from its scan (or its stored index). */
export function scannedFacts(
	preview: Pick<ScannedPreview, "header" | "version" | "dialect" | "title">,
	entries: HeldSession["entries"],
): SessionFacts {
	const { header, version, dialect, title } = preview;
	return {
		header,
		// The version the file declares (none: 1), which a file without a header is not read as.
		version: header && typeof header.version === "number" ? header.version : 1,
		migrated: version < 3,
		dialect,
		...(title !== undefined ? { title } : {}),
		leafId: currentLeafId(entries),
		entryCount: entries.length,
	};
}

/** The outline of a held session: its facts, graph and tips (as the scan or the stored index found them). */
export function outlineOf(
	held: HeldSession,
	graph: SessionOutline["graph"],
	tips: SessionOutline["tips"],
): SessionOutline {
	return { facts: held.facts, graph, tips };
}

/** 1 for each entry a preview holds whole (shape -1). */
function wholeMask(shape: Int16Array): Uint8Array {
	const full = new Uint8Array(shape.length);
	for (let i = 0; i < shape.length; i++) if (shape[i] === -1) full[i] = 1;
	return full;
}

/** A session from its stored index: the scan need not run again. */
function openStored(blob: Blob, stored: StoredIndex): { held: HeldSession; outline: SessionOutline } {
	const { parts } = stored;
	const { entries, index } = previewFromParts(parts);
	const facts = scannedFacts({ ...stored, header: parts.header }, entries);
	const lines = { offset: stored.lineOffset, length: stored.lineLength };
	const held = new HeldSession(
		blob,
		{ header: parts.header, entries, facts },
		lines,
		wholeMask(parts.shape),
		stored.version,
		index,
	);
	return { held, outline: outlineOf(held, parts.graph, parts.leaves) };
}

/**
 * A file the scan cannot read (pi's harness v4, a broken first line, a header further down a file
 * without one first), parsed in full here: it holds every entry whole (nothing is read from the
 * file again).
 */
function openParsed(blob: Blob, parsed: ParsedSession): { held: HeldSession; outline: SessionOutline } {
	const { entries } = parsed;
	const index = buildTreeIndex(entries);
	const { graph } = graphAndShown(index);
	const facts: SessionFacts = {
		header: parsed.header,
		version: parsed.version,
		migrated: parsed.migrated,
		dialect: parsed.dialect ?? "pi",
		...(parsed.title !== undefined ? { title: parsed.title } : {}),
		leafId: parsed.leafId,
		entryCount: entries.length,
		...(parsed.v4 ? { lanes: parsed.v4.lanes } : {}),
	};
	const none = new Float64Array(entries.length);
	const held = new HeldSession(
		blob,
		{ header: parsed.header, entries, facts },
		{ offset: none, length: none },
		new Uint8Array(entries.length).fill(1),
		3,
		index,
		true,
	);
	return { held, outline: outlineOf(held, graph, summarizeLeaves(entries, index, { tokens: false })) };
}

/**
 * Opens a session file: reads it (its scan, or its stored index, or a full parse where the scan
 * cannot read it), `emit`s its progress and then `ready` with what the page shows, and gives the
 * session held. `helper`, where given, does some of a large file's work on other threads.
 * Rejects with a `NotASessionError` for a file that is not a session.
 */
export async function openFile(
	{ blob, contentHash: knownHash, keepIndex, splitFrom }: OpenQuestion,
	emit: (event: OpenEvent) => void,
	/** Takes the session held, before `ready` says it can be asked about. */
	hold: (held: HeldSession) => void,
	helper?: ParseHelper,
): Promise<Opened> {
	const progress = (p: { loaded: number; total: number }) => emit({ type: "progress", ...p });
	// Past the full parse's limit, only a file the scan can read opens.
	const scanOnly = blob.size > MAX_SESSION_BYTES;
	if (blob.size > MAX_OPEN_BYTES)
		throw tooLargeToParse(blob.size, `, and from its scan up to ${formatBytes(MAX_OPEN_BYTES)}`);
	// A stored session's index (see `storage/indexStore`): the scan need not run again.
	const stored = knownHash ? await storedIndex(knownHash, blob.size) : null;
	if (stored) {
		const { held, outline } = openStored(blob, stored);
		hold(held);
		emit({ type: "ready", outline, issues: [] });
		return { held, contentHash: async () => stored.contentHash };
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
	// The bytes kept for the scan are hashed once the session is shown (hashing them as they are
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
			for (const more of await readBlobChunks(blob.slice(plan.cut), () => undefined, undefined, true))
				chunks.push(more);
		}
		const { parsed } = await readSessionChunks(chunks, progress, { diagnostics: false, hash: false });
		const hash = await contentHash();
		chunks.length = 0;
		const { held, outline } = openParsed(blob, parsed);
		hold(held);
		emit({ type: "ready", outline, issues: parsed.issues });
		return { held, contentHash: async () => hash, parsed };
	}
	const lines = { offset: first.lineOffset, length: first.lineLength };
	const { version } = first;
	if (first.wanted.length > 0) {
		// What the view shows of the entries the scanner kept no bytes for, read from the file: all
		// of it for a small graph; for a large one the tips' only (its nodes' faces are asked for as
		// the graph shows them: thousands of nodes' first entries were a few hundred MB of slices).
		const facts = scannedFacts(first, first.entries);
		const reader = new HeldSession(
			blob,
			{ header: first.header, entries: first.entries, facts },
			lines,
			new Uint8Array(first.entries.length),
			version,
			first.index,
		);
		const read = first.graph.nodes.length > NODES_READ_FIRST ? tipsWanted(first) : first.wanted;
		first = completePreview(first, await reader.load(read), read);
	}
	const parts = previewToParts(first);
	// Which of pi's rules the entries show, from the skeletons' types and the entries packed whole
	// (every entry read whole is one): no pass over every entry.
	noteNewerPiRules(first.index, parts.shapes, parts.full);
	const held = new HeldSession(
		blob,
		{ header: first.header, entries: first.entries, facts: scannedFacts(first, first.entries) },
		lines,
		wholeMask(parts.shape),
		version,
		first.index,
	);
	hold(held);
	emit({ type: "ready", outline: outlineOf(held, first.graph, first.leaves), issues: [] });
	const hash = contentHash();
	void hash.then(() => {
		chunks.length = 0;
	});
	if (keepIndex) {
		const written = first;
		void hash.then((contentHash) =>
			writeIndex({
				format: INDEX_FORMAT,
				contentHash,
				size: blob.size,
				parts,
				lineOffset: written.lineOffset,
				lineLength: written.lineLength,
				version,
				dialect: written.dialect,
				...(written.title !== undefined ? { title: written.title } : {}),
			}),
		);
	}
	return { held, contentHash: () => hash };
}

export { NotASessionError };
