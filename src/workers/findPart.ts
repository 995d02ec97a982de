import {
	type Dialect,
	type FindFilter,
	type FoundBatch,
	findLazily,
	type LinePrefilter,
	migrateOneEntry,
	type SessionEntry,
} from "../core";

/** What an entry's line must still say for it to be read from the file: as the scan had it. */
export interface LineSkeleton {
	type: string;
	id: string;
	parentId: string | null;
}

/**
 * The entry of a line, migrated as the full parse migrates it (see `migrate.ts`) and stamped with
 * the file's dialect; throws when the line no longer holds the entry the scan found there.
 */
export function entryOfLine(
	text: string,
	skeleton: LineSkeleton,
	position: number,
	version: number,
	stamp: Dialect | null,
): SessionEntry {
	const value: unknown = JSON.parse(text);
	const entry = value as (SessionEntry & { id: string; parentId: string | null }) | null;
	const changed = () => new Error(`the line of entry ${position} changed since the file was read`);
	if (entry === null || typeof entry !== "object" || Array.isArray(entry) || entry.type !== skeleton.type) {
		throw changed();
	}
	if (version < 2) {
		// A v1 entry's id is its line number and its parent the entry before: as the preview has them.
		// Compactions (whose kept index the migration maps) are always whole in the preview.
		if (entry.type === "compaction") throw changed();
	} else if (entry.id !== skeleton.id) throw changed();
	migrateOneEntry(entry, version, skeleton);
	if (stamp) (entry as { dialect?: Dialect }).dialect = stamp;
	return entry;
}

/** Where the lines of a session are, and what each must hold (see `readLineRange`). */
export interface LineSource {
	blob: Blob;
	/** Byte offset and length of the line of the entry at a position. */
	offset(position: number): number;
	length(position: number): number;
	/** The entry held whole at a position, if it is (its line is not read). */
	held(position: number): SessionEntry | undefined;
	type(position: number): string;
	id(position: number): string;
	/** The entry at a position from its line's text. */
	parse(text: string, position: number): SessionEntry;
}

/**
 * The whole entries of positions [from, to), their lines read in one slice of the file (not
 * cached); undefined for those whose line `prefilter` rules out (they are not parsed).
 */
export async function readLineRange(
	source: LineSource,
	from: number,
	to: number,
	prefilter: LinePrefilter | null,
	decoder: TextDecoder,
): Promise<(SessionEntry | undefined)[]> {
	const out: (SessionEntry | undefined)[] = new Array(to - from);
	let lo = Number.POSITIVE_INFINITY;
	let hi = 0;
	for (let p = from; p < to; p++) {
		if (source.held(p)) continue;
		lo = Math.min(lo, source.offset(p));
		hi = Math.max(hi, source.offset(p) + source.length(p));
	}
	const bytes = hi > lo ? new Uint8Array(await source.blob.slice(lo, hi).arrayBuffer()) : new Uint8Array();
	for (let p = from; p < to; p++) {
		const held = source.held(p);
		if (held) {
			out[p - from] = held;
			continue;
		}
		const start = source.offset(p) - lo;
		const text = decoder.decode(bytes.subarray(start, start + source.length(p)));
		if (prefilter && !prefilter.mayMatch(text, source.type(p), source.id(p))) continue;
		out[p - from] = source.parse(text, p);
	}
	return out;
}

/**
 * A part of a session's entries to search, positions [from, to), as a helper worker gets it: the
 * file, where each line is, what each line must hold, and the entries held whole (not read).
 */
export interface FindPart {
	blob: Blob;
	from: number;
	to: number;
	/** Byte offset and length of each line of the part (index 0: position `from`). */
	offset: Float64Array;
	length: Float64Array;
	/** Each line's type, as an index into `typeNames`. */
	typeAt: Uint8Array;
	typeNames: string[];
	/**
	 * Each line's id, and its parentId (U+0000 for none), joined by newlines: one string each
	 * travels to the helper at once, where a million strings took seconds (see `packSkeletons`).
	 */
	ids: string;
	parentIds: string;
	/** Entries of the part held whole by the session, by position: they are not read. */
	whole: Map<number, SessionEntry>;
	/** 1 for each entry of the part the tree holds. */
	live: Uint8Array;
	labels: Map<string, string>;
	version: number;
	stamp: Dialect | null;
	query: string;
	filter: FindFilter;
	/** Hits of the part that come with their excerpts (its first ones). */
	snippetsFor: number;
}

/**
 * What the lines of `entries` [from, to) must hold, packed for a `FindPart`; null when they cannot
 * travel so (an id with a newline or U+0000 in it, which a JSON string may hold, or over 255
 * types): the part is then not handed to a helper.
 */
export function packSkeletons(
	entries: readonly LineSkeleton[],
	from: number,
	to: number,
): Pick<FindPart, "typeAt" | "typeNames" | "ids" | "parentIds"> | null {
	const typeAt = new Uint8Array(to - from);
	const typeNames: string[] = [];
	const typeCode = new Map<string, number>();
	const ids: string[] = [];
	const parentIds: string[] = [];
	const plain = (id: string) => id.indexOf("\n") === -1 && id.indexOf("\u0000") === -1;
	for (let p = from; p < to; p++) {
		const { type, id, parentId } = entries[p];
		let code = typeCode.get(type);
		if (code === undefined) {
			code = typeNames.length;
			if (code > 255) return null;
			typeNames.push(type);
			typeCode.set(type, code);
		}
		typeAt[p - from] = code;
		if (!plain(id) || (parentId !== null && !plain(parentId))) return null;
		ids.push(id);
		parentIds.push(parentId ?? "\u0000");
	}
	return { typeAt, typeNames, ids: ids.join("\n"), parentIds: parentIds.join("\n") };
}

/**
 * Searches a part of a session on another worker: its batches to `onBatch`, resolved when the
 * part is searched (or `stopped()` said so); rejects when the helper cannot.
 */
export type FindHelper = (
	part: FindPart,
	onBatch: (batch: FoundBatch) => void,
	stopped: () => boolean,
) => Promise<void>;

/**
 * Searches a part (core `findLazily` over its positions), reading its lines from the file a batch
 * at a time; the batches' positions are the session's.
 */
export async function findInPart(
	part: FindPart,
	onBatch: (batch: FoundBatch) => void,
	stopped: () => boolean,
): Promise<void> {
	const { blob, from, offset, length, typeAt, typeNames } = part;
	const ids = part.ids.split("\n");
	const parentIds = part.parentIds.split("\n");
	const decoder = new TextDecoder();
	const source: LineSource = {
		blob,
		offset: (p) => offset[p - from],
		length: (p) => length[p - from],
		held: (p) => part.whole.get(p),
		type: (p) => typeNames[typeAt[p - from]],
		id: (p) => ids[p - from],
		parse: (text, p) => {
			const i = p - from;
			const parentId = parentIds[i] === "\u0000" ? null : parentIds[i];
			return entryOfLine(text, { type: typeNames[typeAt[i]], id: ids[i], parentId }, p, part.version, part.stamp);
		},
	};
	const read = (a: number, b: number, prefilter: LinePrefilter | null) =>
		readLineRange(source, a, b, prefilter, decoder);
	// `findLazily` reads positions [from, to) and checks `live` by position.
	const live = new Uint8Array(part.to);
	live.set(part.live, from);
	await findLazily(
		part.to,
		part.labels,
		live,
		read,
		part.query,
		part.filter,
		onBatch,
		stopped,
		undefined,
		part.snippetsFor,
		from,
	);
}
