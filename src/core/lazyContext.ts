import { analyzeContext, type ContextAnalysis } from "./context";
import { pathPositions, resolveLeaf, type TreeIndex } from "./tree";
import type { SessionEntry } from "./types";

/**
 * A session whose entries are mostly skeletons (a large file's preview, see `SessionPreview`):
 * the tree is whole, and any entry can be had in full from the file's bytes.
 */
export interface LazySession {
	/** File order; skeletons and full entries. `index` is their tree index. */
	readonly entries: readonly SessionEntry[];
	readonly index: TreeIndex;
	/** Whether `entries[position]` is the whole entry. */
	isFull(position: number): boolean;
	/** The whole entries at `positions`, in that order (read from the file's bytes). */
	load(positions: readonly number[]): Promise<SessionEntry[]>;
}

export interface LazyContext {
	/** `analyzeContext` of the entries with every entry it reads whole: positions are the file's. */
	analysis: ContextAnalysis;
	/**
	 * The whole entries the view of this analysis needs beyond the session's (the selected ones,
	 * the messages' sources, the settings' sources, the leaf, the compaction), by position.
	 */
	positions: number[];
	entries: SessionEntry[];
	/** How many analyses it took (2 as a rule; 3 when the first guess of what to read fell short). */
	passes: number;
}

/** The positions an analysis reads content from, beyond the entries' types and ids. */
function readPositions(a: ContextAnalysis): number[] {
	const out = [...a.selectedPositions];
	for (const s of a.sources) out.push(s.position);
	for (const p of [a.leaf, a.compaction?.position ?? -1, a.modelFrom, a.thinkingLevelFrom, a.activeToolsFrom]) {
		if (p >= 0) out.push(p);
	}
	return out;
}

/**
 * The context of `leafId` in a lazy session, reading whole only the entries it needs: first every
 * path entry that is not a message (settings, compactions, summaries: few and small), then an
 * analysis of that tells which messages are read; those are read and the analysis run again. The
 * second analysis must read nothing that was not read whole (checked); if it would, the whole path
 * is read and the analysis run once more. So the result is `analyzeContext` of the full entries:
 * the same builder, on the same entries of the path, as for a session parsed in full.
 */
export async function analyzeLazily(session: LazySession, leafId: string | null | undefined): Promise<LazyContext> {
	const { index } = session;
	const view = session.entries.slice();
	const loaded = new Map<number, SessionEntry>();
	const read = async (positions: Iterable<number>) => {
		const wanted = new Set<number>();
		for (const p of positions) if (!loaded.has(p) && !session.isFull(p)) wanted.add(p);
		const want = [...wanted].sort((a, b) => a - b);
		if (want.length === 0) return;
		const whole = await session.load(want);
		for (let i = 0; i < want.length; i++) {
			loaded.set(want[i], whole[i]);
			view[want[i]] = whole[i];
		}
	};
	const leaf = resolveLeaf(index, leafId);
	const path = pathPositions(index, leaf);
	const isWhole = (p: number) => loaded.has(p) || session.isFull(p);

	await read(path.filter((p) => view[p].type !== "message").concat(leaf >= 0 ? [leaf] : []));
	let passes = 1;
	let analysis: ContextAnalysis | null = null;
	try {
		// The message skeletons carry type, id, parentId and role: what picks the entries read.
		const guess = analyzeContext(view, leafId, index);
		await read(readPositions(guess));
		passes++;
		analysis = analyzeContext(view, leafId, index);
		if (!readPositions(analysis).every(isWhole)) analysis = null;
	} catch {
		analysis = null;
	}
	if (!analysis) {
		await read(path);
		passes++;
		analysis = analyzeContext(view, leafId, index);
	}
	const positions = [...new Set(readPositions(analysis))].filter((p) => loaded.has(p)).sort((a, b) => a - b);
	return { analysis, positions, entries: positions.map((p) => view[p]), passes };
}

/**
 * Whether `entry` is no more than a preview's skeleton (`type`, `id`, `parentId`, and a message's
 * `role`; see `previewToParts`): what the view shows of it must be read in full first.
 */
export function isSkeleton(entry: SessionEntry): boolean {
	const e = entry as unknown as Record<string, unknown>;
	const keys = Object.keys(e).length;
	if (e.type !== "message") return keys === 3 && Object.hasOwn(e, "parentId");
	const message = e.message;
	return keys === 4 && message !== null && typeof message === "object" && Object.keys(message).length === 1;
}
