import { claimFile, dialectOf, isV4Header, noteSkeletonDialect } from "../dialects/index";
import { noteNewerPiRules } from "../dialects/pi/context";
import { isRecord } from "../util/fields";
import { entryKind } from "../view/entryKind";
import { buildGraph, type GraphParts, graphParts } from "../view/graph";
import { type LeafSummary, summarizeLeaves } from "../view/leaves";
import { nodePreview } from "../view/nodePreview";
import { migrateEntries, migrateOneEntry } from "./migrate";
import { CURRENT_VERSION } from "./parse";
import { type ScannedLine, scanLine } from "./scan";
import { adoptTreeIndex, buildTreeIndex, type TreeIndex, type TreeParts, treeParts } from "./tree";
import { type Dialect, entryOfObject, isHeaderLine, type SessionEntry, type SessionHeader } from "./types";

/**
 * A first look at a large session, worked out from a byte scan of each line (`scanLine`: the keys
 * in any order) instead of parsing every line in full: the graph and the tips long before the
 * whole file is parsed. It is the graph and the tips the full parse gives (see `preview.test.ts`;
 * older versions are migrated alike, entries without ids repaired alike), except where a line is
 * broken only inside a value the scan skips: the full parse, which follows, has the last word.
 */
export interface SessionPreview {
	/** Null only for a file without one, parsed in full in the worker (see `skeletonOf`). */
	header: SessionHeader | null;
	/**
	 * One per entry line, in file order. The entries the view shows the content of (graph nodes,
	 * the first entry of each folded run, the tips and their last user messages) and those that
	 * shape the graph (labels, compactions, branch summaries) are parsed in full; the others are
	 * skeletons made from the scan of their line: `type`, `id`, `parentId`, and a message's
	 * `role`.
	 */
	entries: SessionEntry[];
	/** `graphParts(buildGraph(index))` of those entries. */
	graph: GraphParts;
	/** `summarizeLeaves(entries, index, { tokens: false })`. */
	leaves: LeafSummary[];
	/** `treeParts` of the entries' tree index (what a stored index keeps of it). */
	tree: TreeParts;
	/** The entries' tree index (what the builder derives from the entries is kept with it). */
	index: TreeIndex;
}

/**
 * The types a skeleton may stand for: the graph reads nothing of them but `type`, `id`,
 * `parentId` and a message's `role` unless they are nodes (then they are parsed in full).
 * Labels, compactions and branch summaries shape the graph and are always parsed.
 */
const SKELETON_TYPES: ReadonlySet<string> = new Set([
	"message",
	"model_change",
	"thinking_level_change",
	"custom_message",
	"session_info",
	"context_edit",
	"custom",
]);
/**
 * The settings' entries (a model or thinking level change): the builders read them from the whole
 * path, pi's the last of each, oh-my-pi's every model change (one per role). Short ones, as they
 * are written, are parsed in full so that a tip's context reads none of them from the file: a few
 * hundred spread over a file were a slice of it each.
 */
const SETTINGS_TYPES: ReadonlySet<string> = new Set(["model_change", "thinking_level_change"]);
/**
 * oh-my-pi's context notebook, a `custom` entry of this type: parsed in full, so that its builder
 * finds the latest revision without reading every other `custom` entry (extension state) from the
 * file. A `custom` skeleton is never one.
 */
const NOTES_TYPE = "experimental_context_notes";
/** A settings line up to this long is parsed in full (a longer one is no setting as written). */
const SETTINGS_WHOLE_BYTES = 4096;
/** Message roles a skeleton may have (another role: the line is parsed in full). */
const ROLES: ReadonlySet<string> = new Set([
	"user",
	"assistant",
	"toolResult",
	"bashExecution",
	"custom",
	"hookMessage",
	"branchSummary",
	"compactionSummary",
	"system",
]);
/**
 * A message with this stopReason (newer pi's deferred reply) is parsed in full: it tells which of
 * pi's rules the builder applies (see core `usesNewerPiRules`), wherever it is in the file.
 */
const DEFERRED = "deferred";
/** A header line longer than this is not looked at (a binary file without newlines). */
const MAX_HEADER_BYTES = 1 << 20;

/**
 * The skeleton of the entry line `b[start, end)` (any key order, any whitespace, see `scanLine`),
 * or null when it must be parsed in full. `ids`: the line must carry its own `id` and `parentId`
 * (false for a v1 file, whose ids the migration gives).
 */
const scanned: ScannedLine = {
	type: undefined,
	id: undefined,
	parentId: undefined,
	role: undefined,
	customType: undefined,
	stopReason: undefined,
};

export function lineSkeleton(b: Uint8Array, start: number, end: number, ids: boolean): SessionEntry | null {
	const s = scanLine(b, start, end, scanned);
	if (s === null || s.type === undefined || !SKELETON_TYPES.has(s.type)) return null;
	const { type, role } = s;
	if (SETTINGS_TYPES.has(type) && end - start <= SETTINGS_WHOLE_BYTES) return null;
	if (type === "custom" && s.customType === NOTES_TYPE) return null;
	let { id, parentId } = s;
	if (ids) {
		// What the full parse would repair (see `assignMissingIds`) is parsed in full, then repaired alike.
		if (id === undefined || id === "" || parentId === undefined) return null;
	} else {
		id = "";
		parentId = null;
	}
	if (type !== "message") return entryOfObject({ type, id, parentId });
	if (role === undefined || !ROLES.has(role) || s.stopReason === DEFERRED) return null;
	return entryOfObject({ type, id, parentId, message: { role } });
}

/** Whether `b[start, end)` is only spaces, tabs and CRs (a blank line). */
export function isBlank(b: Uint8Array, start = 0, end = b.length): boolean {
	for (let i = start; i < end; i++) {
		const c = b[i];
		if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
	}
	return true;
}

const headerDecoder = new TextDecoder();

/**
 * The session header the line `b[start, end)` holds (a BOM before it skipped), or null: not a
 * `session` object, longer than `MAX_HEADER_BYTES`, or a header of pi's harness v4 (not previewed).
 */
export function headerOf(b: Uint8Array, start: number, end: number): SessionHeader | null {
	if (end - start > MAX_HEADER_BYTES) return null;
	const bom = b[start] === 0xef && b[start + 1] === 0xbb && b[start + 2] === 0xbf ? 3 : 0;
	let value: unknown;
	try {
		value = JSON.parse(headerDecoder.decode(b.subarray(start + bom, end)));
	} catch {
		return null;
	}
	if (!isRecord(value)) return null;
	return isHeaderLine(value) && !isV4Header(value) ? value : null;
}

/** The version a header gives, as the full parse reads it (no number: 1). */
export function headerVersion(header: SessionHeader): number {
	return typeof header.version === "number" ? header.version : 1;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
	if (parts.length === 1) return parts[0];
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
}

/** A preview as the scanner makes it (worker side): with where each entry's line is in the file. */
export interface ScannedPreview extends SessionPreview {
	/** The version the full parse reads the file as (no header, its entries with ids: the current one). */
	version: number;
	/** The family member that wrote the file, as the full parse says (`dialectOf` its entries). */
	dialect: Dialect;
	/** The session's title, as the full parse has it (oh-my-pi's title slot, else the header's). */
	title?: string;
	/**
	 * Per entry (in file order, as `entries`): the byte offset of its line in the file, counted
	 * from the first byte pushed (a BOM included, though no entry line holds one: it is before the
	 * header), and the line's length in bytes without its line end (LF or CRLF). For a file of the
	 * current version, `JSON.parse` of the UTF-8 text of `bytes[offset, offset + length)` gives
	 * the full parse's entry; for an older one, the entry before its migration (see `migrate.ts`).
	 */
	lineOffset: Float64Array;
	lineLength: Float64Array;
	/**
	 * Positions (ascending) of the skeletons the view shows the content of, when the scanner did
	 * not keep the bytes to parse them (`ScanOptions.keepBytes`): the graph and the tips are laid
	 * out from the skeletons until `completePreview` puts the whole entries in. Else empty.
	 */
	wanted: number[];
}

/**
 * The preview with the whole entries of `positions` (some or all of its `wanted` ones, ascending;
 * read from the file, migrated as the full parse migrates them) in place of their skeletons, the
 * graph and the tips laid out again. The wanted positions left out stay skeletons (and `wanted`):
 * the view reads their content later, as it shows them.
 */
export function completePreview(
	preview: ScannedPreview,
	whole: readonly SessionEntry[],
	positions: readonly number[] = preview.wanted,
): ScannedPreview {
	const { entries, wanted } = preview;
	if (whole.length !== positions.length) throw new Error(`${whole.length} entries for ${positions.length} positions`);
	// Entries read whole in place of their skeletons keep their ids and parents: the index holds.
	for (let i = 0; i < positions.length; i++) entries[positions[i]] = whole[i];
	const { index } = preview;
	const read = new Set(positions);
	return {
		...preview,
		graph: withWholeNodes(preview.graph, entries),
		leaves: summarizeLeaves(entries, index, { tokens: false }),
		wanted: read.size === wanted.length ? [] : wanted.filter((p) => !read.has(p)),
	};
}

/**
 * Of a preview's `wanted` positions, those the list of tips shows (the tips and their last user
 * messages): read before the view is first drawn when the graph's nodes are too many to read
 * first (see `runParse`); the rest the graph asks for as it shows them.
 */
export function tipsWanted(preview: ScannedPreview): number[] {
	const tips = new Set<number>();
	for (const leaf of preview.leaves) {
		tips.add(leaf.position);
		if (leaf.lastUser >= 0) tips.add(leaf.lastUser);
	}
	return preview.wanted.filter((p) => tips.has(p));
}

/**
 * The graph laid out from skeletons, with what its nodes say of their first entries read again
 * from those entries (now whole). The rest of the graph is the same as `buildGraph` of the whole
 * entries gives: its shape reads only ids, parents, types, labels and compactions, all of which a
 * skeleton holds or are always whole.
 */
export function withWholeNodes(graph: GraphParts, entries: readonly SessionEntry[]): GraphParts {
	for (const node of graph.nodes) {
		const first = entries[node.first];
		node.entryKind = entryKind(first);
		node.preview = nodePreview(first);
	}
	return graph;
}

/**
 * The graph of `index` laid out (nothing expanded), and the positions whose content the view
 * shows: the graph nodes' first entries, the tips and their last user messages. The rest of
 * the view reads no more of an entry than a skeleton holds.
 */
export function graphAndShown(index: TreeIndex): { graph: GraphParts; needed: Set<number> } {
	const graph = graphParts(buildGraph(index));
	const needed = new Set<number>();
	for (const node of graph.nodes) needed.add(node.first);
	for (const leaf of summarizeLeaves(index.entries, index, { tokens: false })) {
		needed.add(leaf.position);
		if (leaf.lastUser >= 0) needed.add(leaf.lastUser);
	}
	return { graph, needed };
}

export interface ScanOptions {
	/**
	 * Keep views into the bytes pushed until `finish` (default true), which then parses the entries
	 * the view shows in full. Without, nothing pushed is kept (a file of gigabytes), and `finish`
	 * lists those entries in `wanted` instead: read them from the file and `completePreview`.
	 */
	keepBytes?: boolean;
	/**
	 * Scan a later part of a file rather than a whole one: the part begins at the start of a line
	 * after the header, whose version is given (a `session` line in the part is a later header).
	 * `finishPart` then gives what was found, for the scanner of the bytes before to `absorb`:
	 * two threads scan one file's halves at once.
	 */
	partOf?: { version: number };
}

/**
 * What the scanner of a later part of a file found (`finishPart`), packed for a trip between
 * threads; positions are counted from the part's start. Its entries are as that scanner made
 * them: skeletons, or parsed in full (not migrated, not repaired).
 */
export interface ScannedPart {
	entries: PackedEntries;
	/** Per entry: 1 for a skeleton. */
	skeleton: Uint8Array;
	/** Per entry: its line's number in the part (the part's first line is 1; blank lines count). */
	lines: Float64Array;
	/** The part's lines, blank ones included. */
	lineCount: number;
	/** Per entry: its line's byte offset from the part's first byte, and its length (no line end). */
	offsets: Float64Array;
	lengths: Float64Array;
	/** Later headers in the part, each with the number of the part's entries before it. */
	headers: [number, SessionHeader][];
	skeletonCount: number;
	parsedCount: number;
}

export interface PreviewScanner {
	/** Takes the next bytes of the file (it keeps views into them: do not change them after). */
	push(bytes: Uint8Array): void;
	/** The preview of all the bytes pushed, or null when the file is not one to preview. */
	finish(): ScannedPreview | null;
	/**
	 * Takes the rest of the file, scanned apart (`ScanOptions.partOf`) from byte `at` on, as if its
	 * bytes had been pushed here. The bytes pushed so far must end with a line end. The part's
	 * lines are not kept: the skeletons among them that the view shows are listed in `wanted`.
	 */
	absorb(part: ScannedPart, at: number): void;
	/** What a scanner of a part found (`ScanOptions.partOf`), its last line read. */
	finishPart(): ScannedPart;
	/** Whether the header was found: a later part may be absorbed (and the file is previewable so far). */
	readonly readyForPart: boolean;
	/** Entries made as skeletons during the scan (the others were parsed in full then). */
	readonly skeletonCount: number;
	/** Entry lines `JSON.parse`d in full so far, during the scan and by `finish`. */
	readonly parsedCount: number;
}

/**
 * Scans a session file's bytes as they come (chunks cut anywhere) for its preview. Only a file
 * that starts with a session header is previewed; an older version's entries are migrated as the
 * full parse migrates them (v1: ids from line numbers, each entry the child of the one before,
 * compactions' `firstKeptEntryIndex` to an id; v2: the `hookMessage` role renamed), so the
 * preview is the full parse's for those too.
 */
export function createPreviewScanner(options: ScanOptions = {}): PreviewScanner {
	const { partOf } = options;
	const keepBytes = options.keepBytes !== false && partOf === undefined;
	const decoder = new TextDecoder();
	let parsedCount = 0;
	let skeletonCount = 0;
	const parse = (b: Uint8Array): Record<string, unknown> | null => {
		try {
			const value: unknown = JSON.parse(decoder.decode(b));
			return isRecord(value) ? value : null;
		} catch {
			return null;
		}
	};
	let header: SessionHeader | null = null;
	/** The header's version as the full parse reads it (no number: 1). */
	let version = partOf?.version ?? CURRENT_VERSION;
	let previewable = true;
	/** oh-my-pi's title slot, when the file's first line is one (its header is on the next). */
	let titleSlot: { title: string } | null = null;
	/**
	 * The dialect the full parse stamps on every entry (see core `dialect.ts`): after a title slot.
	 * Entries parsed here are stamped too, and the first entry is always parsed (the stamp is read there).
	 */
	let stamp: Dialect | null = null;
	/** The file has no header: its first line is an entry with an id (read as the current version). */
	let headerless = false;
	/** Set once a part is absorbed: the file's bytes are all in. */
	let closed = false;
	const entries: SessionEntry[] = [];
	/** 1 for an entry that is a skeleton (to parse in full when the view needs it). */
	const skeleton: number[] = [];
	/** Each entry's 1-based line number (as the full parse counts them: blank lines too). */
	const lines: number[] = [];
	/** Headers (the first and any later one) with the number of entries before them. */
	const headers: [number, SessionHeader][] = [];
	/**
	 * Where each entry's line is (bytes, start, end), to parse in full when the view needs it;
	 * no bytes for the lines of an absorbed part.
	 */
	const lineBytes: (Uint8Array | undefined)[] = [];
	const lineStart: number[] = [];
	const lineEnd: number[] = [];
	const offsets: number[] = [];
	const lengths: number[] = [];
	let lineNo = 0;
	/** Bytes pushed before the current chunk. */
	let pushed = 0;
	/** The start of a line cut off by the end of the last chunk, and its offset in the file. */
	let carry: Uint8Array[] = [];
	let carryAt = 0;

	/** The line `b[start, end)` (without its LF), at byte `at` of the file. */
	const line = (b: Uint8Array, start: number, lfEnd: number, at: number, last: boolean) => {
		lineNo++;
		const end = lfEnd > start && b[lfEnd - 1] === 0x0d ? lfEnd - 1 : lfEnd;
		if (header === null && !headerless && partOf === undefined) {
			if (isBlank(b, start, end)) return;
			header = headerOf(b, start, end);
			if (header) {
				headers.push([0, header]);
				version = headerVersion(header);
				return;
			}
			// The first line is no header. oh-my-pi's title slot (its header then on the next line), or
			// an entry with an id (a file without a header, read as the current version, as the full
			// parse reads it) is scanned on; anything else is left to the full parse.
			const first = titleSlot === null && end - start <= MAX_HEADER_BYTES ? parse(b.subarray(start, end)) : null;
			// A format that claims the file by this line: one that stamps pi-shaped entries is scanned on.
			const claim = first ? claimFile(first, lineNo, () => {}) : null;
			if (claim && "stamp" in claim) {
				titleSlot = { title: claim.title ?? "" };
				stamp = claim.dialect;
				return;
			}
			const id = first?.id;
			if (
				!first ||
				claim !== null ||
				typeof first.type !== "string" ||
				first.type === "session" ||
				typeof id !== "string" ||
				id === ""
			) {
				previewable = false;
				return;
			}
			headerless = true;
			version = CURRENT_VERSION;
		}
		// The last line may be cut short (a truncated file): it is parsed to be sure; so is a stamped
		// file's first entry.
		const made = last || (stamp && entries.length === 0) ? null : lineSkeleton(b, start, end, version >= 2);
		if (made) {
			entries.push(made);
			skeleton.push(1);
			skeletonCount++;
		} else {
			if (isBlank(b, start, end)) return;
			parsedCount++;
			const obj = parse(b.subarray(start, end));
			if (!obj) return;
			if (isHeaderLine(obj)) {
				headers.push([entries.length, obj]);
				return;
			}
			if (stamp) obj.dialect = stamp;
			entries.push(entryOfObject(obj));
			skeleton.push(0);
		}
		lines.push(lineNo);
		if (keepBytes) {
			lineBytes.push(b);
			lineStart.push(start);
			lineEnd.push(end);
		}
		offsets.push(at);
		lengths.push(end - start);
	};

	/** The line cut off by the end of the last chunk, as the last line. */
	const flushCarry = () => {
		if (carry.length > 0 && previewable) {
			const joined = concat(carry);
			line(joined, 0, joined.length, carryAt, true);
		}
		carry = [];
	};

	/**
	 * Lets go of the file's bytes once `finish` needs them no more: a caller keeps the scanner (and
	 * so these) while it goes on, the background checks of a 100 MB file for seconds.
	 */
	const releaseBytes = () => {
		lineBytes.length = 0;
		lineStart.length = 0;
		lineEnd.length = 0;
	};

	// A part's scanner stamps nothing: a file with a title slot is scanned on one thread.
	const readyForPart = () => previewable && header !== null && stamp === null && carry.length === 0 && !closed;

	/** Every parsed object in file order, headers included, as the v1 migration indexes them. */
	const objectOrder = () => {
		const out: (SessionEntry | SessionHeader)[] = [];
		let h = 0;
		for (let i = 0; i <= entries.length; i++) {
			while (h < headers.length && headers[h][0] === i) out.push(headers[h++][1]);
			if (i < entries.length) out.push(entries[i]);
		}
		return out;
	};

	return {
		get skeletonCount() {
			return skeletonCount;
		},
		get parsedCount() {
			return parsedCount;
		},
		get readyForPart() {
			return readyForPart();
		},

		push(bytes) {
			if (closed) throw new Error("The rest of the file was absorbed already");
			const base = pushed;
			pushed += bytes.length;
			let start = 0;
			let nl = bytes.indexOf(0x0a);
			if (nl === -1) {
				if (previewable) {
					if (carry.length === 0) carryAt = base;
					carry.push(bytes);
				}
				return;
			}
			if (carry.length > 0) {
				carry.push(bytes.subarray(0, nl));
				const joined = concat(carry);
				carry = [];
				if (previewable) line(joined, 0, joined.length, carryAt, false);
				start = nl + 1;
				nl = bytes.indexOf(0x0a, start);
			}
			while (nl !== -1 && previewable) {
				line(bytes, start, nl, base + start, false);
				start = nl + 1;
				nl = bytes.indexOf(0x0a, start);
			}
			if (previewable && start < bytes.length) {
				carryAt = base + start;
				carry.push(bytes.subarray(start));
			}
		},

		absorb(part, at) {
			if (partOf !== undefined || !readyForPart()) {
				throw new Error("A part is absorbed only after the header, at the start of a line");
			}
			closed = true;
			const made = unpackEntries(part.entries);
			const base = entries.length;
			for (const [before, later] of part.headers) headers.push([base + before, later]);
			for (let i = 0; i < made.length; i++) {
				entries.push(made[i]);
				skeleton.push(part.skeleton[i]);
				lines.push(lineNo + part.lines[i]);
				if (keepBytes) {
					lineBytes.push(undefined);
					lineStart.push(0);
					lineEnd.push(0);
				}
				offsets.push(at + part.offsets[i]);
				lengths.push(part.lengths[i]);
			}
			lineNo += part.lineCount;
			skeletonCount += part.skeletonCount;
			parsedCount += part.parsedCount;
		},

		finishPart() {
			if (partOf === undefined) throw new Error("Not a scanner of a part");
			flushCarry();
			return {
				entries: packEntries(entries),
				skeleton: Uint8Array.from(skeleton),
				lines: Float64Array.from(lines),
				lineCount: lineNo,
				offsets: Float64Array.from(offsets),
				lengths: Float64Array.from(lengths),
				headers,
				skeletonCount,
				parsedCount,
			};
		},

		finish() {
			if (partOf !== undefined) throw new Error("A part's scanner finishes with finishPart");
			flushCarry();
			if (!previewable || (header === null && !headerless) || (headerless && headers.length > 0)) {
				// A header further down a file without one on its first line gives the version the full
				// parse reads every entry as: that file is the full parse's too.
				releaseBytes();
				return null;
			}
			// The full parse's migration, issues aside (they are the full parse's to report).
			if (version < CURRENT_VERSION) migrateEntries(version, entries, lines, objectOrder(), []);
			// The full parse's repairs (see `assignMissingIds`), so that its issues name these entries: an
			// entry without a string id is `line-N`, one without a parent (or with one that is no id) a root.
			for (let pos = 0; pos < entries.length; pos++) {
				if (skeleton[pos] === 1) continue;
				// The types say what the file should hold; what it holds is checked here.
				const e = entries[pos];
				if (typeof e.id !== "string" || e.id === "") e.id = `line-${lines[pos]}`;
				if (e.parentId === undefined || (e.parentId !== null && typeof e.parentId !== "string")) e.parentId = null;
			}
			const index = buildTreeIndex(entries);
			// What the view shows the content of: parsed in full, then read again by the graph's nodes.
			const { graph, needed } = graphAndShown(index);
			const wanted: number[] = [];
			for (const pos of needed) {
				if (skeleton[pos] !== 1) continue;
				const bytes = lineBytes[pos];
				if (bytes === undefined) {
					wanted.push(pos);
					continue;
				}
				parsedCount++;
				const obj = parse(bytes.subarray(lineStart[pos], lineEnd[pos]));
				if (!obj) continue;
				const full = entryOfObject(obj);
				migrateOneEntry(full, version, entries[pos]);
				if (stamp) full.dialect = stamp;
				entries[pos] = full;
				skeleton[pos] = 0;
			}
			releaseBytes();
			const headerTitle = header && typeof header.title === "string" && header.title !== "" ? header.title : undefined;
			const title = titleSlot?.title ? titleSlot.title : headerTitle;
			return {
				header,
				version,
				dialect: stamp ?? dialectOf(entries, index),
				...(title !== undefined ? { title } : {}),
				entries,
				graph: withWholeNodes(graph, entries),
				leaves: summarizeLeaves(entries, index, { tokens: false }),
				tree: treeParts(index),
				index,
				lineOffset: Float64Array.from(offsets),
				lineLength: Float64Array.from(lengths),
				wanted: wanted.sort((a, b) => a - b),
			};
		},
	};
}

/** The preview of a whole file's bytes (see `createPreviewScanner`). */
export function previewSession(chunks: Iterable<Uint8Array>): ScannedPreview | null {
	const scanner = createPreviewScanner();
	for (const chunk of chunks) scanner.push(chunk);
	return scanner.finish();
}

/**
 * Entries packed for a trip between threads: the skeletons as columns (ids and parent ids each
 * in one string, a shape code per entry), the entries parsed in full apart. Copying a hundred
 * thousand small objects, or strings, costs the receiving page a long task; two strings and a
 * typed array do not. Ids are joined by newlines, a null parent is written as U+0000 and a parent
 * that is the entry before (most are) as an empty line, so an entry whose id or parent is empty
 * or holds either character (`\n` or `\u0000` escaped in the file) travels in full.
 */
export interface PackedEntries {
	/** Each entry's id (empty for the entries in `full`), joined by newlines. */
	ids: string;
	/**
	 * Each entry's parentId (U+0000 for null; empty where it is the id of the entry before, and for
	 * the entries in `full`), joined by newlines.
	 */
	parentIds: string;
	/** Per entry: index into `shapes`, or -1 for an entry in `full`. */
	shape: Int16Array;
	/** `type` and, for messages, `role` of each skeleton shape met. */
	shapes: { type: string; role?: string }[];
	/** Positions of the entries parsed in full, and those entries. */
	fullAt: Int32Array;
	full: SessionEntry[];
}

/** A preview packed for a trip between threads (its entries as `PackedEntries`). */
export interface PreviewParts extends PackedEntries {
	header: SessionHeader | null;
	graph: GraphParts;
	leaves: LeafSummary[];
	tree: TreeParts;
}

const NO_PARENT = "\u0000";

/** An id that may travel joined by newlines: a non-empty string without a newline or U+0000 (escapes may give them). */
function plainId(id: unknown): boolean {
	return typeof id === "string" && id !== "" && id.indexOf("\n") === -1 && id.indexOf(NO_PARENT) === -1;
}

/** The lines of a newline-joined column, read in order one at a time (no array of them all). */
class ColumnReader {
	private at = 0;
	constructor(private readonly text: string) {}
	next(): string {
		const { text, at } = this;
		const nl = text.indexOf("\n", at);
		const end = nl === -1 ? text.length : nl;
		this.at = end + 1;
		return text.slice(at, end);
	}
}

/** Entries packed for a trip between threads: skeletons as columns, the others whole. */
export function packEntries(entries: readonly SessionEntry[]): PackedEntries {
	const n = entries.length;
	const ids: string[] = new Array(n).fill("");
	const parentIds: string[] = new Array(n).fill("");
	const shape = new Int16Array(n);
	const shapes: { type: string; role?: string }[] = [];
	/** Shape codes by type, then by role ("" for an entry that is no message). */
	const shapeIndex = new Map<string, Map<string, number>>();
	const fullAt: number[] = [];
	const full: SessionEntry[] = [];
	for (let i = 0; i < n; i++) {
		const e = entries[i];
		const { type, id, parentId } = e;
		const message = e.type === "message" && isRecord(e.message) ? e.message : undefined;
		const role = message?.role;
		// An entry that is exactly what a skeleton rebuilds travels as one.
		let skeleton = plainId(id) && (parentId === null || plainId(parentId));
		if (skeleton) {
			const keys = Object.keys(e).length;
			skeleton =
				type === "message"
					? keys === 4 && typeof role === "string" && Object.keys(message ?? {}).length === 1
					: keys === 3 && "parentId" in e;
		}
		if (!skeleton) {
			shape[i] = -1;
			fullAt.push(i);
			full.push(entries[i]);
			continue;
		}
		const name = typeof role === "string" ? role : "";
		let byRole = shapeIndex.get(type);
		if (byRole === undefined) {
			byRole = new Map();
			shapeIndex.set(type, byRole);
		}
		let code = byRole.get(name);
		if (code === undefined) {
			code = shapes.length;
			byRole.set(name, code);
			shapes.push(type === "message" ? { type, role: name } : { type });
		}
		shape[i] = code;
		ids[i] = id;
		parentIds[i] = parentId === null ? NO_PARENT : i > 0 && parentId === entries[i - 1].id ? "" : parentId;
	}
	return {
		ids: ids.join("\n"),
		parentIds: parentIds.join("\n"),
		shape,
		shapes,
		fullAt: Int32Array.from(fullAt),
		full,
	};
}

/**
 * The entries of `packEntries`, each skeleton a new object (with its own message object: a v2
 * file's migration renames roles in place).
 */
export function unpackEntries(packed: PackedEntries): SessionEntry[] {
	const { shape, shapes } = packed;
	const n = shape.length;
	const entries: SessionEntry[] = new Array(n);
	placeFull(packed, entries);
	const ids = new ColumnReader(packed.ids);
	const parentIds = new ColumnReader(packed.parentIds);
	for (let i = 0; i < n; i++) {
		const id = ids.next();
		const named = parentIds.next();
		const s = shape[i];
		if (s === -1) continue;
		const { type, role } = shapes[s];
		const parentId = parentOf(named, entries, i);
		entries[i] = entryOfObject(role === undefined ? { type, id, parentId } : { type, id, parentId, message: { role } });
	}
	return entries;
}

export function previewToParts(preview: SessionPreview): PreviewParts {
	return {
		header: preview.header,
		graph: preview.graph,
		leaves: preview.leaves,
		tree: preview.tree,
		...packEntries(preview.entries),
	};
}

/** The entries of `packed` that travel whole, put in place. */
function placeFull(packed: PackedEntries, entries: SessionEntry[]): void {
	for (let k = 0; k < packed.fullAt.length; k++) entries[packed.fullAt[k]] = packed.full[k];
}

/** A skeleton's parentId from its line in `PackedEntries.parentIds` (the entries before it in place). */
function parentOf(named: string, entries: readonly SessionEntry[], i: number): string | null {
	if (named === NO_PARENT) return null;
	// The entry before's own id string: a million fewer strings to hold.
	return named === "" ? entries[i - 1].id : named;
}

export function previewFromParts(parts: PreviewParts): SessionPreview {
	const entries: SessionEntry[] = new Array(parts.shape.length);
	placeFull(parts, entries);
	const columns = { ids: new ColumnReader(parts.ids), parentIds: new ColumnReader(parts.parentIds) };
	fillSkeletons(parts, entries, columns, skeletonMessages(parts), 0, entries.length);
	return finishPreview(parts, entries);
}

/**
 * Per shape, the message object its skeletons share (a message's role; frozen: a skeleton is
 * never changed), made once per preview.
 */
function skeletonMessages(parts: PreviewParts): readonly (Readonly<{ role: string }> | undefined)[] {
	return parts.shapes.map(({ role }) => (role === undefined ? undefined : Object.freeze({ role })));
}

/**
 * The skeletons of positions [from, to), their columns read on from `from` (the entries before
 * `from`, and those that travel whole, in place).
 */
function fillSkeletons(
	parts: PreviewParts,
	entries: SessionEntry[],
	columns: { ids: ColumnReader; parentIds: ColumnReader },
	messages: ReturnType<typeof skeletonMessages>,
	from: number,
	to: number,
): void {
	const { shape, shapes } = parts;
	for (let i = from; i < to; i++) {
		const id = columns.ids.next();
		const named = columns.parentIds.next();
		const s = shape[i];
		if (s === -1) continue;
		const { type } = shapes[s];
		const message = messages[s];
		const parentId = parentOf(named, entries, i);
		entries[i] = entryOfObject(message === undefined ? { type, id, parentId } : { type, id, parentId, message });
	}
}

function finishPreview(parts: PreviewParts, entries: SessionEntry[]): SessionPreview {
	// The stored tree, with the id map made here (the later of equal ids wins, as in the scan's).
	const byId = new Map<string, number>();
	for (let i = 0; i < entries.length; i++) byId.set(entries[i].id, i);
	const index = adoptTreeIndex(entries, byId, parts.tree);
	// Skeletons' dialect from their shapes: no pass over every entry at the first question.
	noteSkeletonDialect(index, parts.shapes, parts.full);
	noteNewerPiRules(index, parts.shapes, parts.full);
	return { header: parts.header, entries, graph: parts.graph, leaves: parts.leaves, tree: parts.tree, index };
}
