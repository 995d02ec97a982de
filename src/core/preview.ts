import { buildGraph, type GraphParts, graphParts } from "./graph";
import { type LeafSummary, summarizeLeaves } from "./leaves";
import { CURRENT_VERSION } from "./parse";
import { buildTreeIndex, type TreeParts, treeParts } from "./tree";
import type { SessionEntry, SessionHeader } from "./types";

/**
 * A first look at a large session, worked out from the start of each line instead of parsing
 * every line in full: the graph and the tips long before the whole file is parsed. For a file of
 * the current version it is the graph and the tips the full parse gives (see `preview.test.ts`),
 * except where the full parse repairs entries or a bad line starts like a good one: the full
 * parse, which follows, has the last word.
 */
export interface SessionPreview {
	header: SessionHeader;
	/**
	 * One per entry line, in file order. The entries the view shows the content of (graph nodes,
	 * the first entry of each folded run, the tips and their last user messages) and those that
	 * shape the graph (labels, compactions, branch summaries) are parsed in full; the others are
	 * skeletons made from the start of their line: `type`, `id`, `parentId`, and a message's
	 * `role`.
	 */
	entries: SessionEntry[];
	/** `graphParts(buildGraph(index))` of those entries. */
	graph: GraphParts;
	/** `summarizeLeaves(entries, index, { tokens: false })`. */
	leaves: LeafSummary[];
	/** `treeParts` of the entries' tree index (the page puts the index together from it). */
	tree: TreeParts;
}

const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
/** How pi writes the start of an entry line (`JSON.stringify` keeps the key order). */
const TYPE_OPEN = bytesOf('{"type":"');
const ID_OPEN = bytesOf('","id":"');
const PARENT_OPEN = bytesOf('","parentId":');
const NULL = bytesOf("null");
const TIMESTAMP_OPEN = bytesOf(',"timestamp":"');
const ROLE_OPEN = bytesOf(',"message":{"role":"');
/**
 * The types a skeleton may stand for: their lines start as above, and the graph reads nothing
 * else of them unless they are nodes (then they are parsed in full). Labels, compactions and
 * branch summaries shape the graph and are always parsed.
 */
const SKELETON_TYPES = [
	"message",
	"model_change",
	"thinking_level_change",
	"custom_message",
	"session_info",
	"context_edit",
	"custom",
].map((name) => ({ name, bytes: bytesOf(`${name}"`) }));
/** Message roles a skeleton may have (another role: the line is parsed in full). */
const ROLES = [
	"user",
	"assistant",
	"toolResult",
	"bashExecution",
	"custom",
	"hookMessage",
	"branchSummary",
	"compactionSummary",
	"system",
].map((name) => ({ name, bytes: bytesOf(`${name}"`) }));
/** A header line longer than this is not looked at (a binary file without newlines). */
const MAX_HEADER_BYTES = 1 << 20;

function startsAt(b: Uint8Array, at: number, end: number, literal: Uint8Array): boolean {
	if (at + literal.length > end) return false;
	for (let i = 0; i < literal.length; i++) if (b[at + i] !== literal[i]) return false;
	return true;
}

/** Which of `names` (each followed by its closing quote) starts at `at`, or null. */
function oneOf(b: Uint8Array, at: number, end: number, names: readonly { name: string; bytes: Uint8Array }[]) {
	for (const n of names) if (startsAt(b, at, end, n.bytes)) return n;
	return null;
}

/** The closing quote of a string value starting at `at` in plain ASCII (no escapes), or -1. */
function plainStringEnd(b: Uint8Array, at: number, end: number): number {
	for (let i = at; i < end; i++) {
		const c = b[i];
		if (c === 0x22) return i;
		if (c === 0x5c || c >= 0x80 || c < 0x20) return -1;
	}
	return -1;
}

function ascii(b: Uint8Array, from: number, to: number): string {
	return String.fromCharCode.apply(null, b.subarray(from, to) as unknown as number[]);
}

/** The skeleton of the entry line `b[start, end)` if it starts the usual way, or null. */
function skeletonOf(b: Uint8Array, start: number, end: number): SessionEntry | null {
	if (!startsAt(b, start, end, TYPE_OPEN)) return null;
	let p = start + TYPE_OPEN.length;
	const type = oneOf(b, p, end, SKELETON_TYPES);
	if (!type) return null;
	p += type.bytes.length - 1;
	if (!startsAt(b, p, end, ID_OPEN)) return null;
	p += ID_OPEN.length;
	const idEnd = plainStringEnd(b, p, end);
	if (idEnd <= p) return null;
	const id = ascii(b, p, idEnd);
	p = idEnd;
	if (!startsAt(b, p, end, PARENT_OPEN)) return null;
	p += PARENT_OPEN.length;
	let parentId: string | null = null;
	if (startsAt(b, p, end, NULL)) p += NULL.length;
	else if (b[p] === 0x22) {
		const close = plainStringEnd(b, p + 1, end);
		if (close < 0) return null;
		parentId = ascii(b, p + 1, close);
		p = close + 1;
	} else return null;
	if (type.name !== "message") return { type: type.name, id, parentId } as unknown as SessionEntry;
	// A message's role follows its timestamp.
	if (!startsAt(b, p, end, TIMESTAMP_OPEN)) return null;
	p = plainStringEnd(b, p + TIMESTAMP_OPEN.length, end);
	if (p < 0 || !startsAt(b, p + 1, end, ROLE_OPEN)) return null;
	const role = oneOf(b, p + 1 + ROLE_OPEN.length, end, ROLES);
	if (!role) return null;
	return { type: type.name, id, parentId, message: { role: role.name } } as unknown as SessionEntry;
}

function isBlank(b: Uint8Array, start = 0, end = b.length): boolean {
	for (let i = start; i < end; i++) {
		const c = b[i];
		if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
	}
	return true;
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

export interface PreviewScanner {
	/** Takes the next bytes of the file (it keeps views into them: do not change them after). */
	push(bytes: Uint8Array): void;
	/** The preview of all the bytes pushed, or null when the file is not one to preview. */
	finish(): SessionPreview | null;
}

/**
 * Scans a session file's bytes as they come (chunks cut anywhere) for its preview. Only a file
 * that starts with a session header of the current version is previewed (older files are
 * migrated by the full parse).
 */
export function createPreviewScanner(): PreviewScanner {
	const decoder = new TextDecoder();
	const parse = (b: Uint8Array): Record<string, unknown> | null => {
		try {
			const value: unknown = JSON.parse(decoder.decode(b));
			return value !== null && typeof value === "object" && !Array.isArray(value)
				? (value as Record<string, unknown>)
				: null;
		} catch {
			return null;
		}
	};
	let header: SessionHeader | null = null;
	let previewable = true;
	const entries: SessionEntry[] = [];
	/** Where each entry's line is (bytes, start, end), to parse in full when the view needs it. */
	const lineBytes: Uint8Array[] = [];
	const lineStart: number[] = [];
	const lineEnd: number[] = [];
	/** The start of a line cut off by the end of the last chunk. */
	let carry: Uint8Array[] = [];

	const line = (b: Uint8Array, start: number, end: number, last: boolean) => {
		if (header === null) {
			if (isBlank(b, start, end)) return;
			const bom = b[start] === 0xef && b[start + 1] === 0xbb && b[start + 2] === 0xbf ? 3 : 0;
			const first = end - start <= MAX_HEADER_BYTES ? parse(b.subarray(start + bom, end)) : null;
			const version = first?.version;
			if (first?.type === "session" && typeof version === "number" && version >= CURRENT_VERSION) {
				header = first as SessionHeader;
			} else previewable = false;
			return;
		}
		// The last line may be cut short (a truncated file): it is parsed to be sure.
		const skeleton = last ? null : skeletonOf(b, start, end);
		if (skeleton) entries.push(skeleton);
		else {
			if (isBlank(b, start, end)) return;
			const obj = parse(b.subarray(start, end));
			if (!obj || obj.type === "session") return;
			entries.push(obj as unknown as SessionEntry);
		}
		lineBytes.push(b);
		lineStart.push(start);
		lineEnd.push(end);
	};

	return {
		push(bytes) {
			let start = 0;
			let nl = bytes.indexOf(0x0a);
			if (nl === -1) {
				if (previewable) carry.push(bytes);
				return;
			}
			if (carry.length > 0) {
				carry.push(bytes.subarray(0, nl));
				const joined = concat(carry);
				line(joined, 0, joined.length, false);
				carry = [];
				start = nl + 1;
				nl = bytes.indexOf(0x0a, start);
			}
			while (nl !== -1 && previewable) {
				line(bytes, start, nl, false);
				start = nl + 1;
				nl = bytes.indexOf(0x0a, start);
			}
			if (previewable && start < bytes.length) carry.push(bytes.subarray(start));
		},

		finish() {
			if (carry.length > 0 && previewable) {
				const joined = concat(carry);
				line(joined, 0, joined.length, true);
			}
			carry = [];
			if (!previewable || header === null) return null;
			const index = buildTreeIndex(entries);
			// What the view shows the content of: parsed in full, then the graph is laid out again.
			const needed = new Set<number>();
			for (const node of buildGraph(index).nodes) needed.add(node.first);
			for (const leaf of summarizeLeaves(entries, index, { tokens: false })) {
				needed.add(leaf.position);
				if (leaf.lastUser >= 0) needed.add(leaf.lastUser);
			}
			for (const pos of needed) {
				const full = parse(lineBytes[pos].subarray(lineStart[pos], lineEnd[pos]));
				if (full) entries[pos] = full as unknown as SessionEntry;
			}
			return {
				header,
				entries,
				graph: graphParts(buildGraph(index)),
				leaves: summarizeLeaves(entries, index, { tokens: false }),
				tree: treeParts(index),
			};
		},
	};
}

/** The preview of a whole file's bytes (see `createPreviewScanner`). */
export function previewSession(chunks: Iterable<Uint8Array>): SessionPreview | null {
	const scanner = createPreviewScanner();
	for (const chunk of chunks) scanner.push(chunk);
	return scanner.finish();
}

/**
 * A preview packed for a trip between threads: the skeletons as columns (ids and parent ids each
 * in one string, a shape code per entry), the entries parsed in full apart. Copying a hundred
 * thousand small objects, or strings, costs the receiving page a long task; two strings and a
 * typed array do not. A skeleton's ids never hold a newline or a control character (see
 * `skeletonOf`), so they are joined by newlines, and a null parent is written as U+0000.
 */
export interface PreviewParts {
	header: SessionHeader;
	graph: GraphParts;
	leaves: LeafSummary[];
	tree: TreeParts;
	/** Each entry's id (empty for the entries in `full`), joined by newlines. */
	ids: string;
	/** Each entry's parentId (U+0000 for null, empty for the entries in `full`), joined by newlines. */
	parentIds: string;
	/** Per entry: index into `shapes`, or -1 for an entry in `full`. */
	shape: Int16Array;
	/** `type` and, for messages, `role` of each skeleton shape met. */
	shapes: { type: string; role?: string }[];
	/** Positions of the entries parsed in full, and those entries. */
	fullAt: Int32Array;
	full: SessionEntry[];
}

const NO_PARENT = "\u0000";

export function previewToParts(preview: SessionPreview): PreviewParts {
	const { entries } = preview;
	const n = entries.length;
	const ids: string[] = new Array(n).fill("");
	const parentIds: string[] = new Array(n).fill("");
	const shape = new Int16Array(n);
	const shapes: { type: string; role?: string }[] = [];
	const shapeIndex = new Map<string, number>();
	const fullAt: number[] = [];
	const full: SessionEntry[] = [];
	for (let i = 0; i < n; i++) {
		const e = entries[i] as { type: string; id: string; parentId: string | null; message?: { role?: unknown } };
		const keys = Object.keys(e).length;
		const role = e.message?.role;
		// An entry that is exactly what a skeleton rebuilds travels as one.
		const skeleton =
			e.type === "message"
				? keys === 4 && typeof role === "string" && Object.keys(e.message ?? {}).length === 1
				: keys === 3 && "parentId" in e;
		if (!skeleton) {
			shape[i] = -1;
			fullAt.push(i);
			full.push(entries[i]);
			continue;
		}
		const name = e.type === "message" ? `${e.type}/${role}` : e.type;
		let code = shapeIndex.get(name);
		if (code === undefined) {
			code = shapes.length;
			shapeIndex.set(name, code);
			shapes.push(e.type === "message" ? { type: e.type, role: role as string } : { type: e.type });
		}
		shape[i] = code;
		ids[i] = e.id;
		parentIds[i] = e.parentId ?? NO_PARENT;
	}
	return {
		header: preview.header,
		graph: preview.graph,
		leaves: preview.leaves,
		tree: preview.tree,
		ids: ids.join("\n"),
		parentIds: parentIds.join("\n"),
		shape,
		shapes,
		fullAt: Int32Array.from(fullAt),
		full,
	};
}

export function previewFromParts(parts: PreviewParts): SessionPreview {
	const { shape, shapes } = parts;
	const entries: SessionEntry[] = new Array(shape.length);
	if (shape.length > 0) {
		const ids = parts.ids.split("\n");
		const parentIds = parts.parentIds.split("\n");
		for (let i = 0; i < shape.length; i++) {
			const s = shape[i];
			if (s === -1) continue;
			const { type, role } = shapes[s];
			const parentId = parentIds[i] === NO_PARENT ? null : parentIds[i];
			entries[i] = (role === undefined
				? { type, id: ids[i], parentId }
				: { type, id: ids[i], parentId, message: { role } }) as unknown as SessionEntry;
		}
	}
	for (let k = 0; k < parts.fullAt.length; k++) entries[parts.fullAt[k]] = parts.full[k];
	return { header: parts.header, entries, graph: parts.graph, leaves: parts.leaves, tree: parts.tree };
}
