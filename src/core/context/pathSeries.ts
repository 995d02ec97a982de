import { messageOfFields, type SessionEntry } from "../session/types";
import { addUsage, emptyTotals, replyUsage, type UsageTotals } from "../session/usage";
import { fieldOf, isRecord, stringField } from "../util/fields";
import { type EntryKind, entryKind } from "../view/entryKind";
import { recordedContextTokens } from "./measured";
import { estimateTokens } from "./tokens";

/*
 * A path over time: the estimated context after each entry of a tip's path (what the builder
 * would send were that entry the tip, by pi's estimate), the input the provider recorded for each
 * reply, compactions as the drops they are, and branch points. Worked out where the session is
 * held, and cut to a few thousand points for drawing.
 */

/** Points of a series drawn at most (each bucket of a longer path keeps its lowest and highest). */
export const MAX_SERIES_POINTS = 2000;

/** A series of points along the path: x the path index, y tokens, `at` the entry's position. */
export interface SeriesPoints {
	x: Float64Array;
	y: Float64Array;
	at: Int32Array;
}

export interface PathCompactionMark {
	/** Path index of the compaction. */
	x: number;
	position: number;
	id: string;
	/** The estimate just before it and just after (its summary and what it keeps). */
	before: number;
	after: number;
	/** What the file says the context was when it compacted. */
	tokensBefore: number;
}

export interface PathSeries {
	/** Entries on the path. */
	length: number;
	/** The estimate after each entry (cut to at most `MAX_SERIES_POINTS`). */
	estimated: SeriesPoints & { ids: string[]; kinds: EntryKind[] };
	/** Provider-recorded input (input + cache read + cache write) of each reply that has one. */
	recorded: SeriesPoints;
	compactions: PathCompactionMark[];
	/** Path indexes of entries with more than one child (at most `MAX_SERIES_POINTS`). */
	branches: Int32Array;
	/** The recorded usage of the path's replies: the cost of the tip. */
	usage: UsageTotals;
}

/** The tokens an entry adds to the context it is read into (pi's estimate; 0 for entries that add no message). */
export function entryContextTokens(entry: SessionEntry): number {
	switch (entry.type) {
		case "message": {
			const message = fieldOf(entry, "message");
			return isRecord(message) && typeof message.role === "string" ? estimateTokens(messageOfFields(message)) : 0;
		}
		case "custom_message":
			return estimateTokens(messageOfFields({ role: "custom", content: fieldOf(entry, "content") }));
		case "branch_summary":
			return summaryTokens(entry);
		default:
			return 0;
	}
}

function summaryTokens(entry: SessionEntry): number {
	const summary = fieldOf(entry, "summary");
	return typeof summary === "string" ? Math.ceil(summary.length / 4) : 0;
}

/** The tokens a compaction leaves: its summary and what it keeps (a retained tail, or the path from its first kept entry). */
function afterCompaction(entry: SessionEntry, pathIndex: number, ids: (i: number) => string, cumulative: Float64Array) {
	let kept = 0;
	const tail = fieldOf(entry, "retainedTail");
	const firstKept = stringField(entry, "firstKeptEntryId");
	if (Array.isArray(tail)) {
		for (const m of tail) if (isRecord(m) && typeof m.role === "string") kept += estimateTokens(messageOfFields(m));
	} else if (firstKept !== undefined) {
		for (let k = pathIndex - 1; k >= 0; k--) {
			if (ids(k) !== firstKept) continue;
			kept = cumulative[pathIndex - 1] - (k > 0 ? cumulative[k - 1] : 0);
			break;
		}
	}
	return summaryTokens(entry) + kept;
}

/** Keeps at most `MAX_SERIES_POINTS` of `n` points: all of them, or each bucket's lowest and highest, in order. */
function sample(n: number, value: (i: number) => number): number[] {
	if (n <= MAX_SERIES_POINTS) return Array.from({ length: n }, (_, i) => i);
	const buckets = MAX_SERIES_POINTS / 2;
	const kept: number[] = [];
	for (let b = 0; b < buckets; b++) {
		const from = Math.floor((b * n) / buckets);
		const to = Math.floor(((b + 1) * n) / buckets);
		let lo = from;
		let hi = from;
		for (let i = from + 1; i < to; i++) {
			if (value(i) < value(lo)) lo = i;
			if (value(i) > value(hi)) hi = i;
		}
		if (lo === hi) kept.push(lo);
		else kept.push(Math.min(lo, hi), Math.max(lo, hi));
	}
	return kept;
}

/**
 * Builds the series of a path (positions root → tip) from its entries whole, handed to `add` in
 * path order (a long path need not be held whole at once); `skeletonAt` gives any entry's id and
 * kind, `children` counts an entry's children. O(path length).
 */
export class PathSeriesBuilder {
	private readonly estimate: Float64Array;
	private readonly cumulative: Float64Array;
	private readonly recordedAt: number[] = [];
	private readonly recordedTokens: number[] = [];
	private readonly compactions: PathCompactionMark[] = [];
	private readonly branches: number[] = [];
	private readonly usage = emptyTotals();
	private context = 0;
	private i = 0;

	constructor(
		private readonly path: ArrayLike<number>,
		private readonly skeletonAt: (position: number) => SessionEntry,
		private readonly children: (position: number) => number,
	) {
		this.estimate = new Float64Array(path.length);
		this.cumulative = new Float64Array(path.length);
	}

	/** Takes in the next entry of the path, whole. */
	add(entry: SessionEntry): void {
		const { i, path, cumulative } = this;
		if (i >= path.length) throw new Error("more entries than the path holds");
		const position = path[i];
		const own = entryContextTokens(entry);
		cumulative[i] = (i > 0 ? cumulative[i - 1] : 0) + own;
		if (entry.type === "compaction") {
			const after = afterCompaction(entry, i, (k) => this.skeletonAt(path[k]).id, cumulative);
			const tokensBefore = fieldOf(entry, "tokensBefore");
			this.compactions.push({
				x: i,
				position,
				id: entry.id,
				before: this.context,
				after,
				tokensBefore: typeof tokensBefore === "number" && Number.isFinite(tokensBefore) ? tokensBefore : 0,
			});
			this.context = after;
		} else this.context += own;
		this.estimate[i] = this.context;
		const recorded = recordedContextTokens(entry);
		if (recorded !== null) {
			this.recordedAt.push(i);
			this.recordedTokens.push(recorded);
		}
		const reply = replyUsage(entry);
		if (reply) addUsage(this.usage, reply);
		if (this.children(position) > 1 && this.branches.length < MAX_SERIES_POINTS) this.branches.push(i);
		this.i++;
	}

	finish(): PathSeries {
		const { path, estimate, recordedAt, recordedTokens } = this;
		const n = this.i;
		const kept = sample(n, (i) => estimate[i]);
		const keptRecorded = sample(recordedAt.length, (k) => recordedTokens[k]);
		return {
			length: n,
			estimated: {
				x: Float64Array.from(kept),
				y: Float64Array.from(kept, (i) => estimate[i]),
				at: Int32Array.from(kept, (i) => path[i]),
				ids: kept.map((i) => this.skeletonAt(path[i]).id),
				kinds: kept.map((i) => entryKind(this.skeletonAt(path[i]))),
			},
			recorded: {
				x: Float64Array.from(keptRecorded, (k) => recordedAt[k]),
				y: Float64Array.from(keptRecorded, (k) => recordedTokens[k]),
				at: Int32Array.from(keptRecorded, (k) => path[recordedAt[k]]),
			},
			compactions: this.compactions,
			branches: Int32Array.from(this.branches),
			usage: this.usage,
		};
	}
}

/** The series of `path` with every entry at hand whole (`entryAt`). */
export function pathSeries(
	path: ArrayLike<number>,
	entryAt: (position: number) => SessionEntry,
	children: (position: number) => number,
): PathSeries {
	const builder = new PathSeriesBuilder(path, entryAt, children);
	for (let i = 0; i < path.length; i++) builder.add(entryAt(path[i]));
	return builder.finish();
}
