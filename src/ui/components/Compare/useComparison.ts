import { useEffect, useMemo, useState } from "react";
import {
	type CompareLayout,
	compareLayout,
	compareTips,
	entryPreview,
	isSkeleton,
	type LeafSummary,
	resolveLeaf,
	type SessionEntry,
	type TipComparison,
	type TreeIndex,
} from "../../../core";
import { type CompareTips, type Store, useStore } from "../../../store";
import { askCompare, askEntries, type HostHandle, labOverlay } from "../../../workers/client";
import { useSessionIndex, useShownView } from "../../hooks/useSession";
import { useWorkerAnswer, type WorkerAnswer } from "../../hooks/useWorkerAnswer";

export interface TipOption {
	id: string;
	label: string;
}

export interface Comparison {
	tips: CompareTips;
	options: TipOption[];
	/** Null while the parse worker works the comparison out (a lean session), or when it failed. */
	cmp: TipComparison | null;
	layout: CompareLayout | null;
	/** Why the worker could not compare the tips. */
	error?: string;
}

/** Two tips to compare first: the selected leaf, and the first other tip. */
export function defaultCompareTips(
	index: TreeIndex,
	entries: readonly SessionEntry[],
	selected: string | null,
): CompareTips {
	const leaf = resolveLeaf(index, selected ?? undefined);
	const a = leaf >= 0 ? entries[leaf].id : null;
	const other = index.leaves.find((p) => p !== leaf);
	return { a, b: other === undefined ? a : entries[other].id };
}

const selectCompare = (s: Store) => s.compare;

/**
 * The comparison the parse worker works out for a session it holds (its entries here are mostly
 * skeletons): null while it is asked, and for another pair of tips than the last answered (an
 * answer for tips no longer picked is dropped). New entries (a what-if lab's) ask again, the last
 * comparison of these tips shown meanwhile.
 */
function useHostedComparison(
	host: HostHandle | undefined,
	tips: CompareTips | null,
	entries: readonly SessionEntry[] | undefined,
): WorkerAnswer<TipComparison> | null {
	const a = tips?.a ?? null;
	const b = tips?.b ?? null;
	return useWorkerAnswer(
		// A what-if lab's added entries go with the question.
		host && tips && entries ? () => askCompare(host, a, b, labOverlay(host, entries)) : null,
		[host, a, b],
		[entries],
	);
}

/**
 * The last user message of each tip, for the tips' labels. A lean session's preview holds them
 * whole as a rule; any it holds as a skeleton (nothing to show but its role) is asked of the
 * worker, the few of them at once, and labelled by its tip's id until then.
 */
function useLastUsers(
	entries: readonly SessionEntry[] | undefined,
	leaves: readonly LeafSummary[] | undefined,
	host: HostHandle | undefined,
): (position: number) => SessionEntry | undefined {
	const missing = useMemo(() => {
		if (!entries || !leaves || !host) return [];
		const out = new Set<number>();
		for (const leaf of leaves) {
			if (leaf.lastUser >= 0 && isSkeleton(entries[leaf.lastUser])) out.add(leaf.lastUser);
		}
		return [...out].sort((x, y) => x - y);
	}, [entries, leaves, host]);
	const [read, setRead] = useState<{ missing: number[]; byPosition: Map<number, SessionEntry> } | null>(null);
	useEffect(() => {
		if (!host || missing.length === 0) return;
		let live = true;
		askEntries(host, missing).then(
			(got) => {
				if (live) setRead({ missing, byPosition: new Map(missing.map((p, i) => [p, got[i]])) });
			},
			// The labels stay the tips' ids.
			() => undefined,
		);
		return () => {
			live = false;
		};
	}, [host, missing]);
	return useMemo(() => {
		const byPosition = read?.missing === missing ? read.byPosition : null;
		return (p: number) => {
			const entry = entries?.[p];
			return entry && isSkeleton(entry) ? byPosition?.get(p) : entry;
		};
	}, [entries, missing, read]);
}

/**
 * The two tips' payloads side by side, with a label for every tip of the session. A lean session
 * (a preview the parse worker holds the file of) is compared by the worker.
 */
export function useComparison(): Comparison | null {
	const { session } = useSessionIndex();
	const tips = useStore(selectCompare);
	const entries = session?.entries;
	const host = session?.partial ? session.host : undefined;
	const leaves = useShownView()?.leaves;
	const lastUser = useLastUsers(entries, leaves, host);
	const options = useMemo<TipOption[]>(() => {
		if (!entries || !leaves) return [];
		return leaves.map((leaf) => {
			const entry = leaf.lastUser >= 0 ? lastUser(leaf.lastUser) : undefined;
			const user = leaf.lastUser < 0 ? " · (no user message)" : entry ? ` · ${entryPreview(entry, 50)}` : "";
			return { id: leaf.id, label: `${leaf.id}${user}${leaf.isCurrent ? " · current" : ""}` };
		});
	}, [entries, leaves, lastUser]);
	const local = useMemo(
		() => (!host && entries && tips ? compareTips(entries, tips.a, tips.b) : null),
		[host, entries, tips],
	);
	const hosted = useHostedComparison(host, tips, session?.entries);
	const cmp = host ? (hosted && "answer" in hosted ? hosted.answer : null) : local;
	const layout = useMemo(() => (cmp ? compareLayout(cmp) : null), [cmp]);
	if (!tips) return null;
	if (hosted && "error" in hosted) return { tips, options, cmp: null, layout: null, error: hosted.error };
	return { tips, options, cmp, layout };
}
