import {
	type EntryKind,
	entryKind,
	entrySnippet,
	type FindFilter,
	type FoundBatch,
	findLazily,
	getLabels,
	isFindActive,
	type LinePrefilter,
	type SessionEntry,
	type SnippetPart,
} from "../../core";
import { type FindHelper, type FindPart, type LineSkeleton, packSkeletons } from "../findPart";
import type { FoundHits } from "../readerApi";
import type { HeldSession } from "./held";

/**
 * Hits a find sends with their excerpts: a list shows about a hundred first; the page asks for
 * the others' excerpts (`snippets`) when it shows them.
 */
export const FIND_SNIPPETS = 200;

/** A file from this size on is searched in two halves where a helper worker can take one. */
export const FIND_SPLIT_BYTES = 16 * 1024 * 1024;

/** Where a find splits the file: the first entry of its second half of bytes. */
function findSplit(held: HeldSession, splitFrom: number): number {
	const { offset, length } = held.lines;
	const count = offset.length;
	if (count < 2 || held.blob.size < splitFrom) return count;
	const half = (offset[0] + offset[count - 1] + length[count - 1]) / 2;
	let p = 0;
	while (p < count && offset[p] < half) p++;
	return p;
}

/** Positions [from, to) as a helper searches them (see `FindPart`); null when they cannot travel so. */
function findPart(
	held: HeldSession,
	from: number,
	to: number,
	labels: Map<string, string>,
	query: string,
	filter: FindFilter,
): FindPart | null {
	const skeletons = packSkeletons(held.entries as readonly LineSkeleton[], from, to);
	if (!skeletons) return null;
	const whole = new Map<number, SessionEntry>();
	for (let p = from; p < to; p++) if (held.full[p] === 1) whole.set(p, held.entries[p]);
	return {
		blob: held.blob,
		from,
		to,
		offset: held.lines.offset.slice(from, to),
		length: held.lines.length.slice(from, to),
		...skeletons,
		whole,
		live: held.index.live.slice(from, to),
		labels,
		version: held.version,
		stamp: held.stamp,
		query,
		filter,
		snippetsFor: FIND_SNIPPETS,
	};
}

/**
 * Searches every entry (core `findLazily`), reading the file a batch at a time without keeping
 * what it read, until `stopped`. With a `helper` (another worker, see `FindHelper`), a file from
 * `splitFrom` bytes on is searched in two halves at once: the first here, its batches sent as they
 * come; the second there, its batches sent after (hits stay in the session's order). If the
 * helper fails, its half is searched here.
 */
export async function find(
	held: HeldSession,
	query: string,
	filter: FindFilter,
	onBatch: (batch: FoundHits) => void,
	stopped: () => boolean,
	helper?: FindHelper,
	splitFrom = FIND_SPLIT_BYTES,
): Promise<void> {
	const { entries } = held;
	const labels = getLabels(entries);
	const { live } = held.index;
	const count = entries.length;
	const read = (from: number, to: number, prefilter: LinePrefilter | null) => held.readLines(from, to, prefilter);
	const withIds = (batch: FoundBatch): FoundHits => {
		const ids = batch.hits.map((p) => entries[p].id);
		return { ...batch, ids, labels: ids.map((id) => labels.get(id) ?? null) };
	};
	const mid = helper && !held.parsedWhole && isFindActive(query, filter) ? findSplit(held, splitFrom) : count;
	let found = 0;
	const send = (batch: FoundBatch, snippets: number) => {
		found += batch.hits.length;
		onBatch(withIds({ ...batch, snippets: batch.snippets.slice(0, Math.max(0, snippets)), total: count }));
	};
	if (mid >= count || !helper) {
		await findLazily(
			count,
			labels,
			live,
			read,
			query,
			filter,
			(b) => onBatch(withIds(b)),
			stopped,
			undefined,
			FIND_SNIPPETS,
		);
		return;
	}
	// The helper starts once the first hits here are sent: making its part, and its work beside
	// this one, would hold them back.
	const theirs: FoundBatch[] = [];
	let helped: Promise<boolean> | null = null;
	const startHelper = () => {
		if (helped) return helped;
		const part = findPart(held, mid, count, labels, query, filter);
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

/** What find's rows show of the entries at `positions` for `query`: kinds and excerpts (core `entrySnippet`). */
export async function snippets(
	held: HeldSession,
	positions: readonly number[],
	query: string,
): Promise<{ kinds: EntryKind[]; snippets: SnippetPart[][]; labels: (string | null)[] }> {
	const labels = getLabels(held.entries);
	const kinds: EntryKind[] = [];
	const parts: SnippetPart[][] = [];
	const named: (string | null)[] = [];
	await held.inBatches(positions, (entry) => {
		const label = labels.get(entry.id);
		kinds.push(entryKind(entry));
		parts.push(entrySnippet(entry, label, query));
		named.push(label ?? null);
	});
	return { kinds, snippets: parts, labels: named };
}
