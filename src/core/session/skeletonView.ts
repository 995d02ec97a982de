import type { SessionEntry } from "./types";

/**
 * What is known of entries made as they are read (see `previewFromPartsLazily`): their ids, read
 * without making the entries, and the entries that are not skeletons, in file order.
 */
interface SkeletonView {
	idAt(position: number): unknown;
	whole: readonly SessionEntry[];
}

const views = new WeakMap<readonly SessionEntry[], SkeletonView>();

/** Notes what is known of `entries`, made as they are read. */
export function noteSkeletonView(entries: readonly SessionEntry[], view: SkeletonView): void {
	views.set(entries, view);
}

/** The id of the entry at `position`, read without making the entry where it is made when read. */
export function entryIdAt(entries: readonly SessionEntry[], position: number): unknown {
	const view = views.get(entries);
	return view ? view.idAt(position) : entries[position]?.id;
}

/**
 * The entries a pass over entries that skeletons cannot answer reads (labels: a label entry is
 * never a skeleton): for entries made as they are read, those that are not skeletons, in file
 * order, and no pass over the rest; else `entries` themselves.
 */
export function entriesBeyondSkeletons(entries: readonly SessionEntry[]): readonly SessionEntry[] {
	return views.get(entries)?.whole ?? entries;
}
