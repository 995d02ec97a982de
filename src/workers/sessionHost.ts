import {
	analyzeLazily,
	CURRENT_VERSION,
	compareLazily,
	currentLeafId,
	type Dialect,
	dialectOf,
	type EntriesDescription,
	type EntryKind,
	entryKind,
	entrySnippet,
	estimateTotalTokens,
	extendTreeIndex,
	type FindFilter,
	type FoundBatch,
	findLazily,
	getFirstUserText,
	getLabels,
	getSessionName,
	getTreeIndex,
	graphAndShown,
	isFindActive,
	isV4Header,
	type LabAddition,
	type LabChoices,
	type LazyContext,
	type LazySession,
	type LeafSummary,
	type LinePrefilter,
	labChoicesOf,
	labEntryFrom,
	lineSkeleton,
	measuredLazily,
	nodePreview,
	parseAppended,
	pathPositions,
	resolveLeaf,
	type SessionEntry,
	type SessionHeader,
	type SessionPreview,
	type SnippetPart,
	summarizeLeaves,
	type TipComparison,
	type TreeIndex,
	withWholeNodes,
} from "../core";
import {
	entryOfLine,
	type FindHelper,
	type FindPart,
	type LineSkeleton,
	type LineSource,
	packSkeletons,
	readLineRange,
} from "./findPart";
import type { HostGrowth } from "./protocol";

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
/** Whole entries the tip counting keeps from one tip to the next, by their lines' bytes. */
const COUNT_KEPT_BYTES = 8 * 1024 * 1024;
/** Whole entries the scratch copy may hold before it starts again from the skeletons. */
const SCRATCH_ENTRIES = 200_000;
/**
 * Lines closer than this are read in one slice of the file. In Chromium a slice costs about 1.5 ms
 * when awaited alone (half a millisecond of it on this thread) and its bytes about 1.8 ms a MB:
 * reading a gap of a few hundred KB is cheaper than another slice.
 */
const READ_GAP = 256 * 1024;
/** Path entries (nearest the parent) and other tips the lab's pickers offer in a lean session. */
export const LAB_CHOICES = 2000;
/**
 * Hits a find sends with their excerpts: a list shows about a hundred first; the page asks for
 * the others' excerpts (`snippets`) when it shows them.
 */
export const FIND_SNIPPETS = 200;

/** A file from this size on is searched in two halves where a helper worker can take one. */
export const FIND_SPLIT_BYTES = 16 * 1024 * 1024;

/** Appended lines longer than this are held as skeletons (read from the file when shown). */
export const WHOLE_APPENDED_BYTES = 64 * 1024;
const NEWLINE = 10;
const CR = 13;
/** Entries read at once for `faces` and the lab's choices (each batch is let go before the next). */
const READ_AT_ONCE = 512;
/** Entries `describe` reads at most for the session's name, and for its first user text. */
const DESCRIBE_READS = 1024;
/** Slices of the file read at once by `load`, at most `READ_MAX` bytes together (parsed in order as they come). */
const READS_IN_FLIGHT = 8;
/** At most this many bytes in one read of the file. */
const READ_MAX = 16 * 1024 * 1024;

/**
 * A session held in the worker: the file (a `Blob`, never one giant string), its entries as the
 * preview made them (skeletons and a few whole ones), their tree index and where each line is.
 * Whole entries are read on demand from their bytes, a bounded number kept.
 */
export class SessionHost {
	/** The entries (a followed file's grow: see `append`; positions never move). */
	entries: readonly SessionEntry[];
	index: TreeIndex;
	/** The file's header as the preview read it (null when the preview did not say). */
	readonly header: SessionHeader | null;
	private full: Uint8Array;
	/**
	 * The context tokens of the tips counted so far, and what the provider measured on their paths,
	 * by id (a tip's path never changes).
	 */
	private readonly tipTokens = new Map<string, Pick<LeafSummary, "contextTokens" | "measuredTokens">>();
	/** Whether every tip of the file as opened was counted (see `countedTips`). */
	private tipsCounted = false;
	private readonly cache: EntryCache;
	/** The dialect stamped on each entry read whole (as the full parse stamps it), if any. */
	private readonly stamp: Dialect | null;
	private readonly decoder = new TextDecoder();

	constructor(
		/** The file's bytes (a followed file's with the lines appended since). */
		public blob: Blob,
		preview: Pick<SessionPreview, "entries"> & Partial<Pick<SessionPreview, "header">>,
		public lines: LineTable,
		/** 1 for each entry the preview holds whole. */
		full: Uint8Array,
		/** The version the file declared: an older one's entries are migrated as they are read. */
		readonly version = 3,
		index?: TreeIndex,
		/**
		 * The entries were parsed in full from the file and are all held whole (a file the scan
		 * cannot read: see `hostParsed` in `parseJob`): they are what the session is, not its lines.
		 */
		readonly parsedWhole = false,
	) {
		this.cache = new EntryCache(cacheBytesFor(blob.size));
		this.entries = preview.entries;
		this.header = preview.header ?? null;
		this.index = index ?? getTreeIndex(preview.entries);
		this.full = full;
		// A file whose dialect the full parse stamps on every entry has its first entry whole, stamped.
		const first = (this.entries[0] as { dialect?: unknown } | undefined)?.dialect;
		this.stamp = first === "oh-my-pi" || first === "pi-v4" ? first : null;
		if (lines.offset.length !== this.entries.length || full.length !== this.entries.length) {
			throw new Error(`a line table for ${lines.offset.length} entries, not ${this.entries.length}`);
		}
	}

	/**
	 * The context of `leafId` (see core `analyzeLazily`), in the session with `overlay` appended
	 * (a what-if lab's entries, in order; they are whole).
	 */
	context(leafId: string | null | undefined, overlay: readonly SessionEntry[] = []): Promise<LazyContext> {
		const ahead = this.prepared;
		this.prepared = null;
		if (ahead && overlay.length === 0 && this.isCurrentLeaf(leafId)) return ahead;
		return analyzeLazily(this.lazy(overlay), leafId);
	}

	/**
	 * The bytes of the line of the entry at `position` (an entry beyond the file's, a what-if
	 * lab's, counts as `otherwise`): a measure of how much the entry weighs in a message.
	 */
	lineBytes(position: number, otherwise = 1024): number {
		return position < this.lines.length.length ? this.lines.length[position] : otherwise;
	}

	/** The current leaf's context, worked out ahead (see `prepareContext`) for the question that comes first. */
	private prepared: Promise<LazyContext> | null = null;

	/**
	 * Works out the context of the file's current leaf now, ahead of the page's question for it:
	 * the view asks for it first, once it has taken in the preview (a second, for two million
	 * entries), and the worker has nothing else to do meanwhile. Taken by the next `context`
	 * question about that leaf, whichever comes first; dropped when the file grows.
	 */
	prepareContext(): void {
		const ahead = analyzeLazily(this.lazy([]), undefined);
		ahead.catch(() => undefined);
		this.prepared = ahead;
	}

	/** Whether `leafId` names the file's current leaf (undefined: it does; null is the empty path). */
	private isCurrentLeaf(leafId: string | null | undefined): boolean {
		if (leafId === undefined) return true;
		if (leafId === null) return false;
		const { currentLeaf } = this.index;
		return currentLeaf >= 0 && this.entries[currentLeaf].id === leafId && this.index.byId.get(leafId) === currentLeaf;
	}

	/** Two tips' provider payloads compared, as `compareTips` on the full entries (core `compareLazily`). */
	compare(leafA: string | null, leafB: string | null, overlay: readonly SessionEntry[] = []): Promise<TipComparison> {
		return compareLazily(this.lazy(overlay), leafA, leafB);
	}

	private scratch: SessionEntry[] | null = null;
	/** How many entries the scratch copy holds read in whole. */
	private scratchRead = 0;

	/** The session as the builder reads it lazily, with `overlay` appended. */
	private lazy(overlay: readonly SessionEntry[]): LazySession {
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

	/** The session with a lab's entries appended, kept while the lab adds to the same ones. */
	private lab: { entries: SessionEntry[]; index: TreeIndex; scratch: SessionEntry[] } | null = null;

	private labWith(overlay: readonly SessionEntry[]): {
		entries: SessionEntry[];
		index: TreeIndex;
		scratch: SessionEntry[];
	} {
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

	/** The lab entry `addition` under `parentId` in the session with `overlay` (core `labEntryFrom`). */
	async labEntry(
		parentId: string,
		addition: LabAddition,
		now: string,
		overlay: readonly SessionEntry[],
	): Promise<SessionEntry> {
		const session = this.lazy(overlay);
		const needsContext = addition.kind === "compaction" || addition.kind === "message";
		const context = needsContext ? (await analyzeLazily(session, parentId)).analysis : null;
		let tail: SessionEntry[] = [];
		if (addition.kind === "compaction" && addition.format === "retained-tail" && addition.keptEntryId) {
			const path = pathPositions(session.index, resolveLeaf(session.index, parentId));
			const from = path.indexOf(session.index.byId.get(addition.keptEntryId) ?? -1);
			if (from >= 0) tail = await session.load(path.slice(from));
		}
		return labEntryFrom(
			{
				taken: session.index.byId,
				contextAt: () => {
					if (!context) throw new Error("no context worked out");
					return context;
				},
				pathFrom: () => tail,
			},
			parentId,
			addition,
			{ now },
		);
	}

	/**
	 * What the lab's pickers offer under `parentId` (core `labChoices`), their entries read whole:
	 * the `LAB_CHOICES` path entries nearest the parent and as many other tips (only those are read
	 * and made choices of).
	 */
	async labChoices(parentId: string | null, overlay: readonly SessionEntry[]): Promise<LabChoices> {
		const session = this.lazy(overlay);
		const wholePath = pathPositions(session.index, resolveLeaf(session.index, parentId));
		const path = wholePath.slice(-LAB_CHOICES);
		const onPath = new Set(wholePath);
		const tips = session.index.leaves.filter((p) => !onPath.has(p)).slice(0, LAB_CHOICES);
		const wanted = [...path, ...tips].sort((a, b) => a - b);
		const whole = new Map<number, SessionEntry>();
		await this.inBatches(wanted, session.load, (entry, i) => whole.set(wanted[i], entry));
		const at = (p: number) => whole.get(p) as SessionEntry;
		return labChoicesOf(path.map(at), tips.map(at));
	}

	/**
	 * Takes the complete lines `bytes` appended to a followed file, the first of them line
	 * `firstLine`: they are parsed as the full parse reads them (core `parseAppended`), their
	 * entries put after the others (whole, or skeletons of lines over `WHOLE_APPENDED_BYTES`), the
	 * tree index extended, and the view worked out again with what it shows read whole, as the
	 * preview has it (the graph's nodes, the tips, their last user messages). Tips not counted
	 * before are counted now (all but the file's first ones while `countedTips` still runs).
	 * Null when the file cannot grow this way (as core `canAppend`): the page reads it again.
	 */
	async append(bytes: Uint8Array<ArrayBuffer>, firstLine: number): Promise<HostGrowth | null> {
		this.prepared = null;
		const { header } = this;
		if (header === null || this.version < CURRENT_VERSION || isV4Header(header) || dialectOf(this.entries) !== "pi") {
			return null;
		}
		const piece = parseAppended(header, this.decoder.decode(bytes), firstLine);
		const old = this.entries.length;
		const n = old + piece.entries.length;
		const base = this.blob.size;
		// Where each appended line starts and ends (its newline, or a CR before it, left out).
		const starts: number[] = [];
		const ends: number[] = [];
		for (let at = 0; at < bytes.length; ) {
			const nl = bytes.indexOf(NEWLINE, at);
			let end = nl === -1 ? bytes.length : nl;
			if (end > at && bytes[end - 1] === CR) end--;
			starts.push(at);
			ends.push(end);
			at = nl === -1 ? bytes.length : nl + 1;
		}
		const offset = new Float64Array(n);
		const length = new Float64Array(n);
		offset.set(this.lines.offset);
		length.set(this.lines.length);
		const full = new Uint8Array(n);
		full.set(this.full);
		const entries = this.entries.slice();
		for (let i = 0; i < piece.entries.length; i++) {
			const k = piece.lines[i] - firstLine;
			const from = starts[k];
			const to = ends[k];
			offset[old + i] = base + from;
			length[old + i] = to - from;
			const entry = piece.entries[i];
			// A long line is read again when shown, as the scan's skeletons are: if its scan says what
			// the parse made of it (no id repaired).
			const skeleton = to - from > WHOLE_APPENDED_BYTES ? lineSkeleton(bytes, from, to, true) : null;
			const same =
				skeleton !== null &&
				skeleton.id === entry.id &&
				(skeleton as { parentId: unknown }).parentId === (entry as { parentId: unknown }).parentId;
			entries.push(same ? skeleton : entry);
			full[old + i] = same ? 0 : 1;
		}
		this.blob = new Blob([this.blob, bytes]);
		this.lines = { offset, length };
		this.entries = entries;
		this.full = full;
		this.index = extendTreeIndex(this.index, entries);
		this.scratch = null;
		this.lab = null;
		const { index } = this;
		// What the view shows the content of, read whole where it is a skeleton (kept so).
		const { graph, needed } = graphAndShown(index);
		const wanted = [...needed].filter((p) => full[p] === 0).sort((a, b) => a - b);
		const read = await this.load(wanted, false);
		for (let k = 0; k < wanted.length; k++) {
			entries[wanted[k]] = read[k];
			full[wanted[k]] = 1;
		}
		withWholeNodes(graph, entries);
		const leaves: LeafSummary[] = [];
		for (const tip of summarizeLeaves(entries, index, { tokens: false })) {
			let counts = this.tipTokens.get(tip.id);
			if (counts === undefined && (this.tipsCounted || tip.position >= old)) {
				const session = this.lazy([]);
				const { analysis } = await analyzeLazily(session, tip.id);
				counts = {
					contextTokens: estimateTotalTokens(analysis.messages),
					measuredTokens: (await measuredLazily(session, tip.position))?.tokens ?? null,
				};
				this.tipTokens.set(tip.id, counts);
			}
			leaves.push({ ...tip, ...counts });
		}
		const issues = [...piece.issues];
		for (const { position, issue } of index.issues) {
			if (position !== undefined && position >= old) issues.push({ ...issue, line: piece.lines[position - old] });
		}
		const whole = wanted.filter((p) => p < old);
		return {
			added: entries.slice(old),
			wholeAt: whole,
			whole: whole.map((p) => entries[p]),
			view: { graph, leaves },
			issues,
			leafId: currentLeafId(entries),
		};
	}

	private findRun = 0;
	/** A file from this size on is searched in two halves, given a helper (see `find`). */
	findSplitFrom = FIND_SPLIT_BYTES;

	/**
	 * Searches every entry (core `findLazily`), reading the file a batch at a time without keeping
	 * what it read; a newer search of this session stops an older one. With a `helper` (another
	 * worker, see `FindHelper`), a file from `splitFrom` bytes on is searched in two halves at
	 * once: the first here, its batches sent as they come; the second there, its batches sent
	 * after (hits stay in the session's order). If the helper fails, its half is searched here.
	 */
	async find(
		query: string,
		filter: FindFilter,
		onBatch: (batch: FoundBatch) => void,
		helper?: FindHelper,
		splitFrom = this.findSplitFrom,
	): Promise<void> {
		const run = ++this.findRun;
		const stopped = () => run !== this.findRun;
		const labels = getLabels(this.entries);
		const { live } = this.index;
		const count = this.entries.length;
		const read = (from: number, to: number, prefilter: LinePrefilter | null) => this.readLines(from, to, prefilter);
		const mid = helper && !this.parsedWhole && isFindActive(query, filter) ? this.findSplit(splitFrom) : count;
		let found = 0;
		const send = (batch: FoundBatch, snippets: number) => {
			found += batch.hits.length;
			onBatch({ ...batch, snippets: batch.snippets.slice(0, Math.max(0, snippets)), total: count });
		};
		if (mid >= count || !helper) {
			await findLazily(count, labels, live, read, query, filter, onBatch, stopped, undefined, FIND_SNIPPETS);
			return;
		}
		// The helper starts once the first hits here are sent: making its part, and its work beside
		// this one, would hold them back.
		const theirs: FoundBatch[] = [];
		let helped: Promise<boolean> | null = null;
		const startHelper = () => {
			if (helped) return helped;
			const part = this.findPart(mid, count, labels, query, filter);
			helped = part
				? helper(part, (batch) => theirs.push(batch), stopped).then(
						() => true,
						() => false,
					)
				: Promise.resolve(false);
			return helped;
		};
		await findLazily(
			mid,
			labels,
			live,
			read,
			query,
			filter,
			(b) => {
				send(b, b.snippets.length);
				startHelper();
			},
			stopped,
			undefined,
			FIND_SNIPPETS,
		);
		if (stopped()) return;
		const ok = await startHelper();
		if (stopped()) return;
		if (ok) {
			for (const batch of theirs) send(batch, FIND_SNIPPETS - found);
			return;
		}
		const left = Math.max(0, FIND_SNIPPETS - found);
		await findLazily(count, labels, live, read, query, filter, (b) => send(b, left), stopped, undefined, left, mid);
	}

	/** Where a find splits the file (see `find`): the first entry of its second half of bytes. */
	private findSplit(splitFrom: number): number {
		const { offset, length } = this.lines;
		const count = offset.length;
		if (count < 2 || this.blob.size < splitFrom) return count;
		const half = (offset[0] + offset[count - 1] + length[count - 1]) / 2;
		let p = 0;
		while (p < count && offset[p] < half) p++;
		return p;
	}

	/** Positions [from, to) as a helper searches them (see `FindPart`); null when they cannot travel so. */
	private findPart(
		from: number,
		to: number,
		labels: Map<string, string>,
		query: string,
		filter: FindFilter,
	): FindPart | null {
		const skeletons = packSkeletons(this.entries as readonly LineSkeleton[], from, to);
		if (!skeletons) return null;
		const whole = new Map<number, SessionEntry>();
		for (let p = from; p < to; p++) if (this.full[p] === 1) whole.set(p, this.entries[p]);
		return {
			blob: this.blob,
			from,
			to,
			offset: this.lines.offset.slice(from, to),
			length: this.lines.length.slice(from, to),
			...skeletons,
			whole,
			live: this.index.live.slice(from, to),
			labels,
			version: this.version,
			stamp: this.stamp,
			query,
			filter,
			snippetsFor: FIND_SNIPPETS,
		};
	}

	/** What find's rows show of the entries at `positions` for `query`: kinds and excerpts (core `entrySnippet`). */
	async snippets(
		positions: readonly number[],
		query: string,
	): Promise<{ kinds: EntryKind[]; snippets: SnippetPart[][] }> {
		const labels = getLabels(this.entries);
		const kinds: EntryKind[] = [];
		const snippets: SnippetPart[][] = [];
		await this.inBatches(
			positions,
			(part) => this.load(part, false),
			(entry) => {
				kinds.push(entryKind(entry));
				snippets.push(entrySnippet(entry, labels.get(entry.id), query));
			},
		);
		return { kinds, snippets };
	}

	/** The whole entries of positions [from, to), read in one slice of the file (not cached). */
	readRange(from: number, to: number): Promise<SessionEntry[]> {
		return this.readLines(from, to, null) as Promise<SessionEntry[]>;
	}

	/**
	 * The whole entries of positions [from, to), read in one slice of the file (not cached);
	 * undefined for those whose line `prefilter` rules out (they are not parsed).
	 */
	private readLines(from: number, to: number, prefilter: LinePrefilter | null): Promise<(SessionEntry | undefined)[]> {
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
	 * The tips with their context tokens counted (core `summarizeLeaves` with the builder run per
	 * tip on what it reads), each tip's reads a task of its own, `pause` awaited before each tip
	 * and around each of its reads; null if `stopped`. The entries read are kept from one tip to
	 * the next, up to `keepBytes` of their lines (see `EntryCache`), and let go after:
	 * tips share most of their paths. Read afresh for each tip, a bushy 100 MB session's 480 tips
	 * read 447 MB in 4,411 slices of the file; kept, 93 MB in 1,023 (in Node), and in a browser
	 * each slice costs about half a millisecond of this thread besides the bytes.
	 */
	async countedTips(
		stopped: () => boolean,
		pause: () => Promise<void> = async () => {},
		keepBytes = COUNT_KEPT_BYTES,
	): Promise<LeafSummary[] | null> {
		const tips = summarizeLeaves(this.entries, this.index, { tokens: false });
		const kept = new EntryCache(keepBytes);
		const { length } = this.lines;
		const { entries } = this;
		// One copy of the entries for every tip, each tip's reads put back after it: a copy per tip
		// (16 MB for two million entries) kept the worker collecting garbage for 80-120 ms at a time.
		const scratch = entries.slice();
		const loaded: number[] = [];
		const session: LazySession = {
			entries,
			index: this.index,
			isFull: (p) => this.full[p] === 1,
			scratch,
			// A tip's reads wait for the page's questions too, not only each tip as a whole: a
			// question that comes while a tip is counted would share the worker with it.
			load: async (positions) => {
				for (const p of positions) loaded.push(p);
				const got = positions.map((p) => kept.get(p));
				const missing = [...new Set(positions.filter((_, i) => got[i] === undefined))];
				if (missing.length > 0) {
					await pause();
					const read = await this.load(missing, false);
					await pause();
					const fresh = new Map<number, SessionEntry>();
					for (let i = 0; i < missing.length; i++) {
						fresh.set(missing[i], read[i]);
						kept.keep(missing[i], read[i], length[missing[i]]);
					}
					for (let i = 0; i < positions.length; i++) got[i] ??= fresh.get(positions[i]);
				}
				return got as SessionEntry[];
			},
		};
		const counted: LeafSummary[] = [];
		for (const tip of tips) {
			await pause();
			if (stopped()) return null;
			const { analysis } = await analyzeLazily(session, tip.id);
			for (const p of loaded) scratch[p] = entries[p];
			loaded.length = 0;
			const measuredTokens = (await measuredLazily(session, tip.position))?.tokens ?? null;
			counted.push({ ...tip, contextTokens: estimateTotalTokens(analysis.messages), measuredTokens });
		}
		for (const { id, contextTokens, measuredTokens } of counted)
			this.tipTokens.set(id, { contextTokens, measuredTokens });
		this.tipsCounted = true;
		return counted;
	}

	/**
	 * What the library says of the session's entries (see core `EntriesDescription`): the types
	 * counted as held, and the few entries it names read whole (not kept): the last `session_info`
	 * entries until one has a name, the first user messages until one has text (at most
	 * `DESCRIBE_READS` of each), the first entry and the last.
	 */
	async describe(): Promise<EntriesDescription> {
		const { entries } = this;
		const n = entries.length;
		let compactions = 0;
		const infos: number[] = [];
		const users: number[] = [];
		for (let i = 0; i < n; i++) {
			const e = entries[i];
			if (e.type === "compaction") compactions++;
			else if (e.type === "session_info") infos.push(i);
			else if (e.type === "message" && users.length < DESCRIBE_READS) {
				if ((e as { message?: { role?: unknown } }).message?.role === "user") users.push(i);
			}
		}
		// A line that cannot be read (changed on disk, broken) describes nothing; the rest still does.
		const read = (positions: readonly number[]) => this.load(positions, false).catch((): SessionEntry[] => []);
		let name: string | undefined;
		const oldest = Math.max(0, infos.length - DESCRIBE_READS);
		for (let end = infos.length; end > oldest && name === undefined; end -= READ_AT_ONCE) {
			name = getSessionName(await read(infos.slice(Math.max(oldest, end - READ_AT_ONCE), end)));
		}
		let firstUserText: string | undefined;
		for (let from = 0; from < users.length && firstUserText === undefined; from += READ_AT_ONCE) {
			firstUserText = getFirstUserText(await read(users.slice(from, from + READ_AT_ONCE)));
		}
		const [first] = n > 0 ? await read([0]) : [];
		const [last] = n > 0 ? await read([n - 1]) : [];
		return {
			entries: n,
			...(name !== undefined ? { name } : {}),
			...(firstUserText !== undefined ? { firstUserText } : {}),
			compactions,
			...(first?.timestamp !== undefined ? { firstTimestamp: first.timestamp } : {}),
			...(last?.timestamp !== undefined ? { lastTimestamp: last.timestamp } : {}),
		};
	}

	/** The kind and graph preview of the entries at `positions` (read whole, not kept). */
	async faces(positions: readonly number[]): Promise<{ kinds: EntryKind[]; previews: string[] }> {
		const kinds: EntryKind[] = [];
		const previews: string[] = [];
		await this.inBatches(
			positions,
			(part) => this.load(part, false),
			(entry) => {
				kinds.push(entryKind(entry));
				previews.push(nodePreview(entry));
			},
		);
		return { kinds, previews };
	}

	/**
	 * The entries at `positions` read with `read` in batches of `READ_AT_ONCE`, each handed to `use`
	 * with its index in `positions`, in order; a batch is let go before the next is read.
	 */
	private async inBatches(
		positions: readonly number[],
		read: (part: readonly number[]) => Promise<SessionEntry[]>,
		use: (entry: SessionEntry, i: number) => void,
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
		const take = (bytes: Uint8Array, from: number, run: [number, number]) => {
			for (let m = run[0]; m < run[1]; m++) {
				const p = positions[missing[m]];
				const start = offset[p] - from;
				const entry = this.parseLine(bytes.subarray(start, start + length[p]), p);
				out[missing[m]] = entry;
				if (keep) this.cache.keep(p, entry, length[p]);
			}
		};
		const span = (run: [number, number]) => {
			const from = offset[positions[missing[run[0]]]];
			let to = from;
			for (let m = run[0]; m < run[1]; m++) {
				const p = positions[missing[m]];
				to = Math.max(to, offset[p] + length[p]);
			}
			return { from, to };
		};
		const spans = runs.map(span);
		const read = (r: number) =>
			this.blob
				.slice(spans[r].from, spans[r].to)
				.arrayBuffer()
				.then((buffer) => ({ bytes: new Uint8Array(buffer), from: spans[r].from }));
		// Several small reads in flight: each slice of a file is a round trip to the browser's file
		// reading, which costs more than the bytes when the slices are small and far apart. Large
		// ones go one at a time (a whole file read for the checks holds one slice's bytes at once).
		const inFlight: Promise<{ bytes: Uint8Array; from: number }>[] = [];
		const sizes: number[] = [];
		let bytesInFlight = 0;
		let next = 0;
		const more = () => {
			while (next < runs.length && inFlight.length < READS_IN_FLIGHT) {
				const size = spans[next].to - spans[next].from;
				if (inFlight.length > 0 && bytesInFlight + size > READ_MAX) break;
				inFlight.push(read(next++));
				sizes.push(size);
				bytesInFlight += size;
			}
		};
		more();
		try {
			for (let r = 0; r < runs.length; r++) {
				const { bytes, from } = await (inFlight.shift() as Promise<{ bytes: Uint8Array; from: number }>);
				bytesInFlight -= sizes.shift() as number;
				more();
				take(bytes, from, runs[r]);
			}
		} catch (err) {
			// The reads still under way fail alike (the file went away): theirs are not reported apart.
			for (const pending of inFlight) pending.catch(() => undefined);
			throw err;
		}
		return out;
	}

	/** The entry of a line, migrated as the full parse migrates it (see `migrate.ts`). */
	private parseLine(bytes: Uint8Array, position: number): SessionEntry {
		return this.parseText(this.decoder.decode(bytes), position);
	}

	private parseText(text: string, position: number): SessionEntry {
		return entryOfLine(text, this.entries[position], position, this.version, this.stamp);
	}
}

/**
 * Whole entries by position, the most recently used kept up to `limit` bytes of their lines; a
 * line over a quarter of that is not kept.
 */
class EntryCache {
	private readonly held = new Map<number, { entry: SessionEntry; bytes: number }>();
	private bytes = 0;

	constructor(private readonly limit: number) {}

	/** The entry at `position`, now the most recently used; undefined when it is not held. */
	get(position: number): SessionEntry | undefined {
		const hit = this.held.get(position);
		if (!hit) return undefined;
		this.held.delete(position);
		this.held.set(position, hit);
		return hit.entry;
	}

	keep(position: number, entry: SessionEntry, bytes: number): void {
		if (bytes > this.limit / 4) return;
		const before = this.held.get(position);
		if (before) {
			this.held.delete(position);
			this.bytes -= before.bytes;
		}
		this.held.set(position, { entry, bytes });
		this.bytes += bytes;
		for (const [p, hit] of this.held) {
			if (this.bytes <= this.limit) break;
			this.held.delete(p);
			this.bytes -= hit.bytes;
		}
	}
}
