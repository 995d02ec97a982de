import { alsoReadAt } from "../dialects/pi/context";
import { pathColumn, resolveLeaf, type TreeIndex } from "../session/tree";
import { messageRoleOf, type SessionEntry } from "../session/types";
import { fieldOf } from "../util/fields";
import { type ContextAnalysis, type PathEntryFate, REGION_CODES, type Region } from "./analysis";
import { analyzeOnPath, contextReads } from "./context";
import { type MeasuredContext, measuredAt, recordedContextTokens } from "./measured";

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
	/**
	 * A copy of `entries` to work in, kept from an earlier call (whole entries put in it stay:
	 * later calls need not read them again, and the builder's per-array caches hold). Without,
	 * a fresh copy is made.
	 */
	scratch?: SessionEntry[];
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
	/** How many analyses it took (1 as a rule; 2 when the first guess of what to read fell short). */
	passes: number;
}

/** The positions an analysis reads content from, beyond the entries' types and ids. */
function readPositions(a: ContextAnalysis): number[] {
	return [...a.selectedPositions, ...a.sources.map((s) => s.position), ...alsoReadAt(a.leaf, a)];
}

/** How many skeleton replies `measuredLazily` reads at first; each read after reads twice as many, up to `MEASURED_MOST`. */
const MEASURED_READS = 32;
const MEASURED_MOST = 8192;

/**
 * What the provider measured for the last reply on the path to the entry at `tip` that recorded
 * its input (core `measuredContext` of the full entries), or null. Up the parents from the tip:
 * entries held whole (in the session, or read into `session.scratch` by an analysis) are looked at
 * as they are, the assistant replies held as skeletons are read, a few at first and more each time
 * (the answer is usually the tip's own last reply; a long path of replies that recorded nothing
 * costs a few dozen reads, not one per reply).
 */
export async function measuredLazily(session: LazySession, tip: number): Promise<MeasuredContext | null> {
	const { entries } = session;
	const { parent } = session.index;
	const view = session.scratch?.length === entries.length ? session.scratch : entries;
	let beforeCompaction = false;
	let batch = MEASURED_READS;
	// Up the parents from the tip (no path from the root made: the answer is near the tip).
	for (let p = tip; p >= 0; ) {
		/** The path entries of this step, from the tip up. */
		const step: number[] = [];
		const skeletons: number[] = [];
		for (; p >= 0 && skeletons.length < batch; p = parent[p]) {
			step.push(p);
			if (session.isFull(p) || view[p] !== entries[p]) {
				// Held whole and measured: only the replies nearer the tip can come before it.
				if (recordedContextTokens(view[p]) !== null) break;
			} else if (isAssistantReply(entries[p])) skeletons.push(p);
		}
		batch = Math.min(batch * 2, MEASURED_MOST);
		const read = skeletons.length > 0 ? await session.load(skeletons) : [];
		const whole = new Map<number, SessionEntry>();
		for (let k = 0; k < skeletons.length; k++) whole.set(skeletons[k], read[k]);
		for (const q of step) {
			const entry = whole.get(q) ?? view[q];
			if (entry.type === "compaction") beforeCompaction = true;
			const measured = measuredAt(entry, q, beforeCompaction);
			if (measured !== null) return measured;
		}
	}
	return null;
}

const isAssistantReply = (entry: SessionEntry) => messageRoleOf(entry) === "assistant";

/**
 * The context of `leafId` in a lazy session, reading whole only the entries it needs: the
 * dialect's builder says which (`contextReads`: pi's picks entries by their type, role and ids,
 * and settings by type, all of which skeletons carry), those are read and the analysis run. The
 * analysis must read nothing that was not read whole (checked); if it would, the whole path is
 * read and the analysis run once more. So the result is `analyzeContext` of the full entries: the
 * same builder, on the same entries of the path, as for a session parsed in full.
 */
export async function analyzeLazily(session: LazySession, leafId: string | null | undefined): Promise<LazyContext> {
	const { index, entries } = session;
	// (The copy shares the session's index: what the builder derives from the entries is kept there.)
	const view = session.scratch ?? entries.slice();
	if (view.length !== entries.length) throw new Error("a scratch copy of other entries");
	/** Whole in the session, or read (now or by an earlier call) into the scratch copy. */
	const isWhole = (p: number) => session.isFull(p) || view[p] !== entries[p];
	const read = async (positions: Iterable<number>) => {
		const wanted = new Set<number>();
		for (const p of positions) if (!isWhole(p)) wanted.add(p);
		const want = [...wanted].sort((a, b) => a - b);
		if (want.length === 0) return;
		const whole = await session.load(want);
		for (let i = 0; i < want.length; i++) view[want[i]] = whole[i];
	};
	const path = pathColumn(index, resolveLeaf(index, leafId));
	let passes = 0;
	let analysis: ContextAnalysis | null = null;
	try {
		await read(contextReads(view, leafId, index, path));
		passes++;
		analysis = analyzeOnPath(view, leafId, index, path);
		if (!readPositions(analysis).every(isWhole)) analysis = null;
	} catch {
		analysis = null;
	}
	if (!analysis) {
		await read(path);
		passes++;
		analysis = analyzeOnPath(view, leafId, index, path);
	}
	// What the page (which has the session's entries) lacks.
	const positions = [...new Set(readPositions(analysis))].filter((p) => !session.isFull(p)).sort((a, b) => a - b);
	return { analysis, positions, entries: positions.map((p) => view[p]), passes };
}

/**
 * Whether `entry` is no more than a preview's skeleton (`type`, `id`, `parentId`, and a message's
 * `role`; see `previewToParts`): what the view shows of it must be read in full first.
 */
export function isSkeleton(entry: SessionEntry): boolean {
	const keys = Object.keys(entry).length;
	if (entry.type !== "message") return keys === 3 && Object.hasOwn(entry, "parentId");
	const message = fieldOf(entry, "message");
	return keys === 4 && message !== null && typeof message === "object" && Object.keys(message).length === 1;
}

// ---------------------------------------------------------------------------------------------
// Analyses packed for the trip from the worker: a path of a million entries has a million fates,
// which as objects take seconds to copy and to take in on the page; as columns, milliseconds.

/** The region a packed fate's code stands for (see `PackedFates.region`). */
export function regionOfCode(code: number): Region {
	return REGION_CODES[code];
}

/**
 * `ContextAnalysis.fates` as columns (ids are the entries', looked up on the page). A summarized
 * (or cleared) prefix is one run: its fates differ only by position, so the per-fate columns
 * (`region` to `reasonAt`) start after it, at fate `prefix` (a 2 GB session's tip has 1.9 million
 * summarized fates and a few thousand others: 27 MB of columns per answer otherwise).
 */
export interface PackedFates {
	/** Every fate's position (the path). */
	position: Int32Array;
	/** How many fates, from the first, are the run; its region code and reason index. */
	prefix: number;
	prefixRegion: number;
	prefixReason: number;
	region: Uint8Array;
	/** Bit 0: selected; bit 1: omitted. */
	flags: Uint8Array;
	messageStart: Int32Array;
	messageCount: Int32Array;
	/** Each fate's reason as an index into `reasons` (reasons repeat a lot). */
	reasonAt: Int32Array;
	reasons: string[];
	/** The rare fields, by fate index (none in the run). */
	editId: [number, string][];
	dropReason: [number, string][];
	/**
	 * Each position's fate index, -1 where the position is not on the path (as long as the last
	 * position + 1): made where the fates are packed, so that the page, whose code for it runs
	 * cold once per tip, does not scan a long path again to look fates up by position.
	 */
	indexOf: Int32Array;
	/** How many fates each region has (`REGION_CODES` order; see `countRegion`). */
	regionCounts: Int32Array;
}

/** The analysis's fates as columns; a summarized prefix (`analysis.summarized`) is a run, not read. */
export function packFates(analysis: Pick<ContextAnalysis, "fates" | "summarized">): PackedFates {
	const { fates } = analysis;
	const n = fates.length;
	const prefix = analysis.summarized;
	const from = prefix?.count ?? 0;
	const m = n - from;
	const packed: PackedFates = {
		position: new Int32Array(n),
		prefix: from,
		prefixRegion: REGION_CODES.indexOf(prefix?.region ?? "summarized"),
		prefixReason: -1,
		region: new Uint8Array(m),
		flags: new Uint8Array(m),
		messageStart: new Int32Array(m),
		messageCount: new Int32Array(m),
		reasonAt: new Int32Array(m),
		reasons: [],
		editId: [],
		dropReason: [],
		indexOf: new Int32Array(0),
		regionCounts: new Int32Array(REGION_CODES.length),
	};
	const reasonIndex = new Map<string, number>();
	const reasonOf = (reason: string) => {
		let r = reasonIndex.get(reason);
		if (r === undefined) {
			r = packed.reasons.length;
			packed.reasons.push(reason);
			reasonIndex.set(reason, r);
		}
		return r;
	};
	const { position } = packed;
	if (prefix) {
		const { path } = prefix;
		if (path instanceof Int32Array) position.set(path.subarray(0, from));
		else for (let i = 0; i < from; i++) position[i] = path[i];
		packed.regionCounts[packed.prefixRegion] += from;
		packed.prefixReason = reasonOf(prefix.reason);
	}
	for (let j = 0; j < m; j++) {
		const f = prefix ? prefix.after[j] : fates[j];
		const code = REGION_CODES.indexOf(f.region);
		position[from + j] = f.position;
		packed.region[j] = code;
		packed.regionCounts[code]++;
		packed.flags[j] = (f.selected ? 1 : 0) | (f.omitted ? 2 : 0);
		packed.messageStart[j] = f.messageStart;
		packed.messageCount[j] = f.messageCount;
		packed.reasonAt[j] = reasonOf(f.reason);
		if (f.editId !== undefined) packed.editId.push([from + j, f.editId]);
		if (f.dropReason !== undefined) packed.dropReason.push([from + j, f.dropReason]);
	}
	packed.indexOf = fateIndexOf(analysis);
	return packed;
}

/**
 * Each position's fate index in the analysis, -1 where the position is not on the path (as long
 * as the last position + 1). A summarized prefix is read from its path column, not made. O(path).
 */
export function fateIndexOf(analysis: Pick<ContextAnalysis, "fates" | "summarized">): Int32Array {
	const { fates, summarized } = analysis;
	const from = summarized?.count ?? 0;
	const at = (i: number) =>
		i < from && summarized ? summarized.path[i] : (summarized?.after[i - from] ?? fates[i]).position;
	let last = -1;
	for (let i = 0; i < fates.length; i++) last = Math.max(last, at(i));
	const indexOf = new Int32Array(last + 1).fill(-1);
	for (let i = 0; i < fates.length; i++) indexOf[at(i)] = i;
	return indexOf;
}

/**
 * The fates of the analysis that are objects of their own: all of them, or those after a
 * summarized prefix (whose fates send nothing and are never edited), with the index of the first.
 */
export function plainFates(analysis: Pick<ContextAnalysis, "fates" | "summarized">): {
	fates: readonly PathEntryFate[];
	from: number;
} {
	const { summarized } = analysis;
	return summarized ? { fates: summarized.after, from: summarized.count } : { fates: analysis.fates, from: 0 };
}

/** How many fates are in `region`, without making the fates of a summarized prefix. O(plain fates). */
export function countRegion(analysis: Pick<ContextAnalysis, "fates" | "summarized">, region: Region): number {
	const { fates } = plainFates(analysis);
	let count = analysis.summarized?.region === region ? analysis.summarized.count : 0;
	for (const f of fates) if (f.region === region) count++;
	return count;
}
