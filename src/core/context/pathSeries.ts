import type { SessionEntry } from "../session/types";
import { emptyTotals, type UsageTotals } from "../session/usage";
import { type EntryKind, entryKind } from "../view/entryKind";
import type { EntryFigures } from "./figures";

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
 * The series of `path` (positions root → tip) from the session's figures (`figures`, holding
 * every position of the path); `skeletonAt` gives an entry's id and kind, `children` counts an
 * entry's children. O(path length), nothing read.
 */
export function pathSeries(
	path: ArrayLike<number>,
	figures: EntryFigures,
	skeletonAt: (position: number) => SessionEntry,
	children: (position: number) => number,
): PathSeries {
	const n = path.length;
	const estimate = new Float64Array(n);
	const cumulative = new Float64Array(n);
	const recordedAt: number[] = [];
	const recordedTokens: number[] = [];
	const compactions: PathCompactionMark[] = [];
	const branches: number[] = [];
	const usage = emptyTotals();
	const { tokens, reply, input, output, cacheRead, cacheWrite, cost } = figures;
	let context = 0;
	for (let i = 0; i < n; i++) {
		const p = path[i];
		const own = tokens[p];
		cumulative[i] = (i > 0 ? cumulative[i - 1] : 0) + own;
		const compaction = figures.compactions.get(p);
		if (compaction) {
			let kept = compaction.tail ?? 0;
			if (compaction.tail === null && compaction.firstKept !== undefined) {
				for (let k = i - 1; k >= 0; k--) {
					if (skeletonAt(path[k]).id !== compaction.firstKept) continue;
					kept = cumulative[i - 1] - (k > 0 ? cumulative[k - 1] : 0);
					break;
				}
			}
			const after = compaction.summary + kept;
			compactions.push({
				x: i,
				position: p,
				id: skeletonAt(p).id,
				before: context,
				after,
				tokensBefore: compaction.tokensBefore,
			});
			context = after;
		} else context += own;
		estimate[i] = context;
		if (reply[p] === 1) {
			const recorded = input[p] + cacheRead[p] + cacheWrite[p];
			if (recorded > 0) {
				recordedAt.push(i);
				recordedTokens.push(recorded);
			}
			usage.replies++;
			usage.input += input[p];
			usage.output += output[p];
			usage.cacheRead += cacheRead[p];
			usage.cacheWrite += cacheWrite[p];
			if (!Number.isNaN(cost[p])) {
				usage.cost += cost[p];
				usage.costed++;
			}
		}
		if (children(p) > 1 && branches.length < MAX_SERIES_POINTS) branches.push(i);
	}
	const kept = sample(n, (i) => estimate[i]);
	const keptRecorded = sample(recordedAt.length, (k) => recordedTokens[k]);
	return {
		length: n,
		estimated: {
			x: Float64Array.from(kept),
			y: Float64Array.from(kept, (i) => estimate[i]),
			at: Int32Array.from(kept, (i) => path[i]),
			ids: kept.map((i) => skeletonAt(path[i]).id),
			kinds: kept.map((i) => entryKind(skeletonAt(path[i]))),
		},
		recorded: {
			x: Float64Array.from(keptRecorded, (k) => recordedAt[k]),
			y: Float64Array.from(keptRecorded, (k) => recordedTokens[k]),
			at: Int32Array.from(keptRecorded, (k) => path[recordedAt[k]]),
		},
		compactions,
		branches: Int32Array.from(branches),
		usage,
	};
}
