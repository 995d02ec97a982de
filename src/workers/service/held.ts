import {
	buildTreeIndex,
	type Dialect,
	EntryFigures,
	extendTreeIndex,
	type LazySession,
	type LeafSummary,
	type LinePrefilter,
	type SessionEntry,
	type SessionHeader,
	type TipComparison,
	type TreeIndex,
} from "../../core";
import { yieldToPage } from "../../core/util/yield";
import { entryOfLine, type LineSource, readLineRange } from "../findPart";
import type { SessionFacts } from "../readerApi";
import { EntryCache } from "./entryCache";
import type { PreparedContext } from "./prepared";

/** Where each entry's line is in the file (bytes, from the file's first byte; no newline). */
export interface LineTable {
	offset: Float64Array;
	length: Float64Array;
}

/**
 * Whole entries kept after reading them, by their lines' bytes (the rest are read again): a
 * quarter of the file, from 8 MB up to 64 MB. Parsed, an entry takes more than its line's bytes,
 * so a fixed 64 MB could hold more than a small file's size once a few long tips were read.
 */
function cacheBytesFor(fileBytes: number): number {
	return Math.min(64 * 1024 * 1024, Math.max(8 * 1024 * 1024, Math.floor(fileBytes / 4)));
}
/** Whole entries the scratch copy may hold before it starts again from the skeletons. */
const SCRATCH_ENTRIES = 200_000;
/**
 * Lines closer than this are read in one slice of the file. In Chromium a slice costs about 1.5 ms
 * when awaited alone (half a millisecond of it on this thread) and its bytes about 1.8 ms a MB:
 * reading a gap of a few hundred KB is cheaper than another slice.
 */
const READ_GAP = 256 * 1024;
/** Entries read at once by `inBatches` (each batch is let go before the next). */
const READ_AT_ONCE = 512;
/** Slices of the file read at once by `load`, at most `READ_MAX` bytes together (parsed in order as they come). */
const READS_IN_FLIGHT = 8;
/** At most this many bytes in one read of the file. */
const READ_MAX = 16 * 1024 * 1024;

/** Bytes of lines read at once by the figures' pass over the file (a page question waits at most one step: ~10 ms). */
const FIGURES_STEP_BYTES = 1024 * 1024;

/** A session with a what-if lab's entries appended (kept while the lab adds to the same ones). */
interface LabCopy {
	entries: SessionEntry[];
	index: TreeIndex;
	scratch: SessionEntry[];
}

/**
 * A session held in the worker: the file (a `Blob`, never one giant string), its entries as the
 * scan made them (skeletons: `type`, `id`, `parentId` and a message's `role`; and the entries the
 * view shows, whole), their tree index and where each line is. Whole entries are read on demand
 * from their bytes, a bounded number kept. What the page asks of it is answered by the modules
 * beside this one, a capability each.
 */
export class HeldSession {
	/** The entries (a followed file's grow: see `follow.ts`; positions never move). */
	entries: readonly SessionEntry[];
	index: TreeIndex;
	/** 1 for each entry held whole. */
	full: Uint8Array;
	readonly header: SessionHeader | null;
	/** What the page is told of the session (kept up to date as a followed file grows). */
	facts: SessionFacts;
	/**
	 * The context tokens of the tips counted so far, and what the provider measured on their paths,
	 * by id (a tip's path never changes).
	 */
	readonly tipTokens = new Map<string, Pick<LeafSummary, "contextTokens" | "measuredTokens">>();
	/** Whether every tip of the file as opened was counted (see `checks.ts`). */
	tipsCounted = false;
	/** The dialect stamped on each entry read whole (as the full parse stamps it), if any. */
	readonly stamp: Dialect | null;
	/**
	 * Tips' contexts worked out for the page, kept while their rows may be asked for (see
	 * `context.ts`), the most recently asked last.
	 */
	readonly contexts = new Map<string, Promise<PreparedContext>>();
	/** The last comparison of two tips (see `compare.ts`), kept while its rows are asked for. */
	lastCompare: { key: string; comparison: Promise<TipComparison> } | null = null;
	private readonly cache: EntryCache;
	private readonly decoder = new TextDecoder();
	private scratch: SessionEntry[] | null = null;
	/** How many entries the scratch copy holds read in whole. */
	private scratchRead = 0;
	private lab: LabCopy | null = null;
	/** The session's figures, once asked for (see `figures`). */
	private figuresPass: Promise<EntryFigures> | null = null;

	constructor(
		/** The file's bytes (a followed file's with the lines appended since). */
		public blob: Blob,
		held: { header: SessionHeader | null; entries: readonly SessionEntry[]; facts: SessionFacts },
		public lines: LineTable,
		full: Uint8Array,
		/** The version the file is read as: an older one's entries are migrated as they are read. */
		readonly version = 3,
		index?: TreeIndex,
		/**
		 * The entries were parsed in full from the file and are all held whole (a file the scan
		 * cannot read): they are what the session is, not its lines.
		 */
		readonly parsedWhole = false,
	) {
		this.cache = new EntryCache(cacheBytesFor(blob.size));
		this.entries = held.entries;
		this.header = held.header;
		this.facts = held.facts;
		this.index = index ?? buildTreeIndex(held.entries);
		this.full = full;
		// A file whose dialect the full parse stamps on every entry has its first entry whole, stamped.
		this.stamp = this.entries[0]?.dialect ?? null;
		if (lines.offset.length !== this.entries.length || full.length !== this.entries.length) {
			throw new Error(`a line table for ${lines.offset.length} entries, not ${this.entries.length}`);
		}
	}

	/**
	 * The file grew (see `follow.ts`): the new entries, lines and mask, and the added entries whole
	 * (the figures take them in); what was worked out of the tree goes.
	 */
	grow(
		blob: Blob,
		entries: readonly SessionEntry[],
		lines: LineTable,
		full: Uint8Array,
		added: readonly SessionEntry[] = [],
	): void {
		const before = this.figuresPass;
		this.figuresPass =
			before && added.length === entries.length - this.entries.length ? before.then((f) => f.with(added)) : null;
		this.blob = blob;
		this.entries = entries;
		this.lines = lines;
		this.full = full;
		this.index = extendTreeIndex(this.index, entries);
		this.scratch = null;
		this.lab = null;
		this.contexts.clear();
		this.lastCompare = null;
	}

	/**
	 * The session's figures (core `EntryFigures`: each entry's context tokens, each reply's recorded
	 * usage): one pass over the file, a few MB at a time, the first time they are asked for; kept.
	 */
	figures(): Promise<EntryFigures> {
		if (this.figuresPass === null) {
			const pass = this.readFigures();
			this.figuresPass = pass;
			// A pass that failed (the file changed under it) is made again when next asked for.
			pass.catch(() => {
				if (this.figuresPass === pass) this.figuresPass = null;
			});
		}
		return this.figuresPass;
	}

	private async readFigures(): Promise<EntryFigures> {
		const { entries } = this;
		const n = entries.length;
		if (this.parsedWhole) return EntryFigures.of(entries);
		const figures = new EntryFigures(n);
		const { length } = this.lines;
		for (let from = 0; from < n; ) {
			let to = from;
			let bytes = 0;
			while (to < n && (to === from || bytes + length[to] <= FIGURES_STEP_BYTES)) bytes += length[to++];
			for (const entry of await this.readRange(from, to)) figures.take(entry);
			from = to;
			await yieldToPage();
		}
		return figures;
	}

	/**
	 * The bytes of the line of the entry at `position` (an entry beyond the file's, a what-if
	 * lab's, counts as `otherwise`): a measure of how much the entry weighs in a message.
	 */
	lineBytes(position: number, otherwise = 1024): number {
		return position < this.lines.length.length ? this.lines.length[position] : otherwise;
	}

	/** The session as the builder reads it lazily (core `LazySession`), with `overlay` appended. */
	session(overlay: readonly SessionEntry[] = []): LazySession {
		if (overlay.length === 0) {
			// One scratch copy for every question, dropped once it holds too much read in whole.
			if (this.scratch === null || this.scratchRead > SCRATCH_ENTRIES) {
				this.scratch = this.entries.slice();
				this.scratchRead = 0;
			}
			const scratch = this.scratch;
			return {
				entries: this.entries,
				index: this.index,
				isFull: (p) => this.full[p] === 1,
				// The builder reads an entry into the copy only where it holds the skeleton still: what it
				// loads is what the copy holds whole (counted, not searched for: 20 ms in two million).
				load: async (positions) => {
					const read = await this.load(positions);
					if (scratch === this.scratch) this.scratchRead += positions.length;
					return read;
				},
				scratch,
			};
		}
		const lab = this.labWith(overlay);
		const base = this.entries.length;
		return {
			entries: lab.entries,
			index: lab.index,
			isFull: (p) => p >= base || this.full[p] === 1,
			load: async (positions) => {
				const inFile = positions.filter((p) => p < base);
				const read = await this.load(inFile);
				let k = 0;
				return positions.map((p) => (p < base ? read[k++] : lab.entries[p]));
			},
			scratch: lab.scratch,
		};
	}

	private labWith(overlay: readonly SessionEntry[]): LabCopy {
		const base = this.entries.length;
		const lab = this.lab;
		const same =
			lab !== null &&
			lab.entries.length === base + overlay.length &&
			overlay.every((e, i) => lab.entries[base + i].id === e.id);
		if (lab && same) return lab;
		const entries = this.entries.concat(overlay);
		// The file's tree index extended by the added entries (rebuilt where one changes the old part).
		const index = extendTreeIndex(this.index, entries);
		this.lab = { entries, index, scratch: entries.slice() };
		return this.lab;
	}

	/** The whole entries of positions [from, to), read in one slice of the file (not cached). */
	readRange(from: number, to: number): Promise<SessionEntry[]> {
		return this.readLines(from, to, null).then((read) => read.map((e, i) => e ?? this.entries[from + i]));
	}

	/**
	 * The whole entries of positions [from, to), read in one slice of the file (not cached);
	 * undefined for those whose line `prefilter` rules out (they are not parsed).
	 */
	readLines(from: number, to: number, prefilter: LinePrefilter | null): Promise<(SessionEntry | undefined)[]> {
		const { offset, length } = this.lines;
		const source: LineSource = {
			blob: this.blob,
			offset: (p) => offset[p],
			length: (p) => length[p],
			held: (p) => (this.full[p] === 1 ? this.entries[p] : undefined),
			type: (p) => this.entries[p].type,
			id: (p) => this.entries[p].id,
			parse: (text, p) => this.parseText(text, p),
		};
		return readLineRange(source, from, to, prefilter, this.decoder);
	}

	/**
	 * The entries at `positions` read with `read` (default: not kept) in batches, each handed to
	 * `use` with its index in `positions`, in order; a batch is let go before the next is read.
	 */
	async inBatches(
		positions: readonly number[],
		use: (entry: SessionEntry, i: number) => void,
		read: (part: readonly number[]) => Promise<SessionEntry[]> = (part) => this.load(part, false),
	): Promise<void> {
		for (let from = 0; from < positions.length; from += READ_AT_ONCE) {
			const part = await read(positions.slice(from, from + READ_AT_ONCE));
			for (let k = 0; k < part.length; k++) use(part[k], from + k);
		}
	}

	/** The whole entries at `positions` (ascending is fastest), from the cache or the file. */
	async load(positions: readonly number[], keep = true): Promise<SessionEntry[]> {
		const out: SessionEntry[] = new Array(positions.length);
		const missing: number[] = [];
		for (let i = 0; i < positions.length; i++) {
			const p = positions[i];
			if (!(p >= 0 && p < this.entries.length)) throw new Error(`there is no entry at position ${p}`);
			if (this.full[p] === 1) out[i] = this.entries[p];
			else {
				const hit = this.cache.get(p);
				if (hit) out[i] = hit;
				else missing.push(i);
			}
		}
		const { offset, length } = this.lines;
		// Runs of nearby lines, each read in one slice of the file: [first, end) into `missing`.
		const runs: [number, number][] = [];
		let k = 0;
		while (k < missing.length) {
			const first = positions[missing[k]];
			const from = offset[first];
			let to = from + length[first];
			let j = k + 1;
			while (j < missing.length) {
				const p = positions[missing[j]];
				if (offset[p] < from || offset[p] - to > READ_GAP || offset[p] + length[p] - from > READ_MAX) break;
				to = Math.max(to, offset[p] + length[p]);
				j++;
			}
			runs.push([k, j]);
			k = j;
		}
		const spans = runs.map(([first, end]) => {
			const from = offset[positions[missing[first]]];
			let to = from;
			for (let m = first; m < end; m++) {
				const p = positions[missing[m]];
				to = Math.max(to, offset[p] + length[p]);
			}
			return { from, to };
		});
		const read = (r: number) =>
			this.blob
				.slice(spans[r].from, spans[r].to)
				.arrayBuffer()
				.then((buffer) => new Uint8Array(buffer));
		// Several small reads in flight: each slice of a file is a round trip to the browser's file
		// reading, which costs more than the bytes when the slices are small and far apart. Large
		// ones go one at a time (a whole file read for the checks holds one slice's bytes at once).
		const inFlight: Promise<Uint8Array>[] = [];
		let bytesInFlight = 0;
		let next = 0;
		const more = () => {
			while (next < runs.length && inFlight.length < READS_IN_FLIGHT) {
				const size = spans[next].to - spans[next].from;
				if (inFlight.length > 0 && bytesInFlight + size > READ_MAX) break;
				inFlight.push(read(next++));
				bytesInFlight += size;
			}
		};
		more();
		try {
			for (let r = 0; r < runs.length; r++) {
				const pending = inFlight.shift();
				if (!pending) throw new Error("a read of the file went missing");
				const bytes = await pending;
				bytesInFlight -= spans[r].to - spans[r].from;
				more();
				for (let m = runs[r][0]; m < runs[r][1]; m++) {
					const p = positions[missing[m]];
					const start = offset[p] - spans[r].from;
					const entry = this.parseText(this.decoder.decode(bytes.subarray(start, start + length[p])), p);
					out[missing[m]] = entry;
					if (keep) this.cache.keep(p, entry, length[p]);
				}
			}
		} catch (err) {
			// The reads still under way fail alike (the file went away): theirs are not reported apart.
			for (const pending of inFlight) pending.catch(() => undefined);
			throw err;
		}
		return out;
	}

	/** The entry of a line's text, migrated as the full parse migrates it (see `migrate.ts`). */
	parseText(text: string, position: number): SessionEntry {
		return entryOfLine(text, this.entries[position], position, this.version, this.stamp);
	}
}
