import {
	analyzeLazily,
	type FindFilter,
	type FoundBatch,
	findLazily,
	getLabels,
	getTreeIndex,
	type LazyContext,
	migrateOneEntry,
	type SessionEntry,
	type SessionHeader,
	type SessionPreview,
	type TreeIndex,
} from "../core";
import type { StoredIndex } from "../storage/indexStore";

/** Where each entry's line is in the file (bytes, from the file's first byte; no newline). */
export interface LineTable {
	offset: Float64Array;
	length: Float64Array;
}

/** Whole entries kept after reading them, by their lines' bytes (the rest are read again). */
const CACHE_BYTES = 64 * 1024 * 1024;
/** Whole entries the scratch copy may hold before it starts again from the skeletons. */
const SCRATCH_ENTRIES = 200_000;
/** Lines closer than this are read in one slice of the file. */
const READ_GAP = 64 * 1024;
/** At most this many bytes in one read of the file. */
const READ_MAX = 16 * 1024 * 1024;

/**
 * A session held in the worker: the file (a `Blob`, never one giant string), its entries as the
 * preview made them (skeletons and a few whole ones), their tree index and where each line is.
 * Whole entries are read on demand from their bytes, a bounded number kept.
 */
export class SessionHost {
	readonly entries: readonly SessionEntry[];
	readonly index: TreeIndex;
	/** The file's header as the preview read it (null when the preview did not say). */
	readonly header: SessionHeader | null;
	private readonly full: Uint8Array;
	private readonly cache = new Map<number, { entry: SessionEntry; bytes: number }>();
	private cached = 0;
	private readonly decoder = new TextDecoder();

	constructor(
		readonly blob: Blob,
		preview: Pick<SessionPreview, "entries"> & Partial<Pick<SessionPreview, "header">>,
		readonly lines: LineTable,
		/** 1 for each entry the preview holds whole. */
		full: Uint8Array,
		/** The version the file declared: an older one's entries are migrated as they are read. */
		readonly version = 3,
		index?: TreeIndex,
	) {
		this.entries = preview.entries;
		this.header = preview.header ?? null;
		this.index = index ?? getTreeIndex(preview.entries);
		this.full = full;
		if (lines.offset.length !== this.entries.length || full.length !== this.entries.length) {
			throw new Error(`a line table for ${lines.offset.length} entries, not ${this.entries.length}`);
		}
	}

	/** The context of `leafId` (see core `analyzeLazily`). */
	context(leafId: string | null | undefined): Promise<LazyContext> {
		// One scratch copy for every question, dropped once it holds too much read in whole.
		if (this.scratch === null || this.scratchFilled() > SCRATCH_ENTRIES) this.scratch = this.entries.slice();
		return analyzeLazily(
			{
				entries: this.entries,
				index: this.index,
				isFull: (p) => this.full[p] === 1,
				load: (positions) => this.load(positions),
				scratch: this.scratch,
			},
			leafId,
		);
	}

	private scratch: SessionEntry[] | null = null;

	/** The index the scan made, until the page names the content hash to store it under. */
	unstoredIndex: Omit<StoredIndex, "contentHash"> | null = null;

	takeUnstoredIndex(): Omit<StoredIndex, "contentHash"> | null {
		const index = this.unstoredIndex;
		this.unstoredIndex = null;
		return index;
	}

	/** How many entries the scratch copy holds read in whole. */
	private scratchFilled(): number {
		const scratch = this.scratch;
		if (!scratch) return 0;
		let n = 0;
		for (let i = 0; i < scratch.length; i++) if (scratch[i] !== this.entries[i]) n++;
		return n;
	}

	private findRun = 0;

	/**
	 * Searches every entry (core `findLazily`), reading the file a batch at a time without keeping
	 * what it read; a newer search of this session stops an older one.
	 */
	async find(query: string, filter: FindFilter, onBatch: (batch: FoundBatch) => void): Promise<void> {
		const run = ++this.findRun;
		await findLazily(
			this.entries.length,
			getLabels(this.entries),
			this.index.live,
			(from, to) => this.readRange(from, to),
			query,
			filter,
			onBatch,
			() => run !== this.findRun,
		);
	}

	/** The whole entries of positions [from, to), read in one slice of the file (not cached). */
	async readRange(from: number, to: number): Promise<SessionEntry[]> {
		const out: SessionEntry[] = new Array(to - from);
		const { offset, length } = this.lines;
		let lo = Number.POSITIVE_INFINITY;
		let hi = 0;
		for (let p = from; p < to; p++) {
			if (this.full[p] === 1) continue;
			lo = Math.min(lo, offset[p]);
			hi = Math.max(hi, offset[p] + length[p]);
		}
		const bytes = hi > lo ? new Uint8Array(await this.blob.slice(lo, hi).arrayBuffer()) : new Uint8Array();
		for (let p = from; p < to; p++) {
			if (this.full[p] === 1) out[p - from] = this.entries[p];
			else {
				const start = offset[p] - lo;
				out[p - from] = this.parseLine(bytes.subarray(start, start + length[p]), p);
			}
		}
		return out;
	}

	/** The whole entries at `positions` (ascending is fastest), from the cache or the file. */
	async load(positions: readonly number[]): Promise<SessionEntry[]> {
		const out: SessionEntry[] = new Array(positions.length);
		const missing: number[] = [];
		for (let i = 0; i < positions.length; i++) {
			const p = positions[i];
			if (this.full[p] === 1) out[i] = this.entries[p];
			else {
				const hit = this.cache.get(p);
				if (hit) {
					// Most recently used last.
					this.cache.delete(p);
					this.cache.set(p, hit);
					out[i] = hit.entry;
				} else missing.push(i);
			}
		}
		const { offset, length } = this.lines;
		let k = 0;
		while (k < missing.length) {
			// One slice of the file for a run of nearby lines.
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
			const bytes = new Uint8Array(await this.blob.slice(from, to).arrayBuffer());
			for (let m = k; m < j; m++) {
				const p = positions[missing[m]];
				const start = offset[p] - from;
				const entry = this.parseLine(bytes.subarray(start, start + length[p]), p);
				out[missing[m]] = entry;
				this.keep(p, entry, length[p]);
			}
			k = j;
		}
		return out;
	}

	/** The entry of a line, migrated as the full parse migrates it (see `migrate.ts`). */
	private parseLine(bytes: Uint8Array, position: number): SessionEntry {
		const value: unknown = JSON.parse(this.decoder.decode(bytes));
		const entry = value as (SessionEntry & { id: string; parentId: string | null }) | null;
		const skeleton = this.entries[position];
		const changed = () => new Error(`the line of entry ${position} changed since the file was read`);
		if (entry === null || typeof entry !== "object" || Array.isArray(entry) || entry.type !== skeleton.type) {
			throw changed();
		}
		if (this.version < 2) {
			// A v1 entry's id is its line number and its parent the entry before: as the preview has them.
			// Compactions (whose kept index the migration maps) are always whole in the preview.
			if (entry.type === "compaction") throw changed();
		} else if (entry.id !== skeleton.id) throw changed();
		migrateOneEntry(entry, this.version, skeleton);
		return entry;
	}

	private keep(position: number, entry: SessionEntry, bytes: number): void {
		if (bytes > CACHE_BYTES / 4) return;
		this.cache.set(position, { entry, bytes });
		this.cached += bytes;
		for (const [p, hit] of this.cache) {
			if (this.cached <= CACHE_BYTES) break;
			this.cache.delete(p);
			this.cached -= hit.bytes;
		}
	}
}
