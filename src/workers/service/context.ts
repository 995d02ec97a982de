import {
	analyzeLazily,
	clipValue,
	contextLanguages,
	entryRow,
	explainSteps,
	inspectContext,
	measuredLazily,
	messageRow,
	type PathSeries,
	pathSeries,
	payloadRow,
	ROW_CHUNK,
	type RowStage,
	resolveLeaf,
	type SessionEntry,
	summarizeContext,
	type ValuePath,
	valueAt,
} from "../../core";
import type { ContextAnswer, RowWindow, TextSource } from "../readerApi";
import type { HeldSession } from "./held";
import type { PreparedContext } from "./prepared";

/** Tips' contexts a session keeps (their rows are asked for while they are shown). */
const KEPT_CONTEXTS = 4;

/** A path longer than this starts folded on the page: its first rows are not sent with the answer. */
const PATH_SHOWN_UP_TO = 400;

/** Names a question's overlay (a lab's entries): the same entries, the same name. */
function overlayKey(overlay: readonly SessionEntry[]): string {
	return overlay.map((e) => e.id).join("\n");
}

/**
 * The context of `leafId` in the session with `overlay` appended, as the builder reads it
 * (undefined: the file's current leaf; null: the empty path), worked out once and kept while it
 * is asked about (the answer, then its rows).
 */
export function prepare(
	held: HeldSession,
	leafId: string | null | undefined,
	overlay: readonly SessionEntry[] = [],
): Promise<PreparedContext> {
	const session = held.session(overlay);
	// Asked by the position it resolves to: the current leaf chosen by its id, after it was shown
	// as the default, is the same question.
	const leaf = resolveLeaf(session.index, leafId);
	const key = `${leaf}\n${overlayKey(overlay)}`;
	const known = held.contexts.get(key);
	if (known) {
		held.contexts.delete(key);
		held.contexts.set(key, known);
		return known;
	}
	const made = (async (): Promise<PreparedContext> => {
		const lazy = await analyzeLazily(session, leafId);
		const { analysis } = lazy;
		const read = new Map<number, SessionEntry>();
		for (let i = 0; i < lazy.positions.length; i++) read.set(lazy.positions[i], lazy.entries[i]);
		const { entries } = session;
		const entryAt = (p: number) => read.get(p) ?? entries[p];
		// The copy the analysis read its entries into (their dialect noted): what the stages read.
		const view = session.scratch ?? entries;
		const pipeline = inspectContext(view, analysis);
		const measured = await measuredLazily(session, analysis.leaf);
		return {
			analysis,
			pipeline,
			entryAt,
			languages: contextLanguages(analysis),
			measured,
			summary: summarizeContext(view, analysis, pipeline, measured),
			read: lazy.positions,
			passes: lazy.passes,
		};
	})();
	held.contexts.set(key, made);
	for (const old of held.contexts.keys()) {
		if (held.contexts.size <= KEPT_CONTEXTS) break;
		held.contexts.delete(old);
	}
	// A failed question is asked again next time.
	made.catch(() => {
		if (held.contexts.get(key) === made) held.contexts.delete(key);
	});
	return made;
}

/** Rows `[from, from + count)` of one of the inspector's lists for a prepared context. */
async function rowsOf(
	held: HeldSession,
	prepared: PreparedContext,
	stage: RowStage,
	from: number,
	count: number,
	overlay: readonly SessionEntry[],
): Promise<RowWindow> {
	const { analysis, pipeline, languages } = prepared;
	switch (stage) {
		case "path":
		case "entries": {
			const total = stage === "path" ? analysis.fates.length : prepared.summary.selectedAt.length;
			const to = Math.min(total, from + count);
			const fateIndexes: number[] = [];
			for (let i = from; i < to; i++) fateIndexes.push(stage === "path" ? i : prepared.summary.selectedAt[i]);
			const fates = fateIndexes.map((i) => analysis.fates[i]);
			// Each row shows its entry's own words: the window's entries are read whole.
			const whole = await held.session(overlay).load(fates.map((f) => f.position));
			return { stage, from, rows: fates.map((f, k) => entryRow(f, fateIndexes[k], whole[k])) };
		}
		case "messages": {
			const to = Math.min(analysis.messages.length, from + count);
			const rows = [];
			for (let i = from; i < to; i++) rows.push(messageRow(analysis, pipeline, i, languages));
			return { stage, from, rows };
		}
		case "payload": {
			const to = Math.min(pipeline.llm.length, from + count);
			const rows = [];
			for (let k = from; k < to; k++) rows.push(payloadRow(analysis, pipeline, k, languages));
			return { stage, from, rows };
		}
		default: {
			const never: never = stage;
			throw new Error(`no list ${String(never)}`);
		}
	}
}

/** The context of `leafId` as the page first shows it: its summary and each list's first rows. */
export async function contextAnswer(
	held: HeldSession,
	leafId: string | null | undefined,
	overlay: readonly SessionEntry[] = [],
): Promise<ContextAnswer> {
	const prepared = await prepare(held, leafId, overlay);
	const stages: RowStage[] = ["entries", "messages", "payload"];
	if (prepared.summary.counts.path <= PATH_SHOWN_UP_TO) stages.unshift("path");
	const first = await Promise.all(stages.map((stage) => rowsOf(held, prepared, stage, 0, ROW_CHUNK[stage], overlay)));
	return { summary: prepared.summary, first };
}

/** Rows of one list of `leafId`'s context. */
export async function contextRows(
	held: HeldSession,
	leafId: string | null | undefined,
	stage: RowStage,
	from: number,
	count: number,
	overlay: readonly SessionEntry[] = [],
): Promise<RowWindow> {
	return rowsOf(held, await prepare(held, leafId, overlay), stage, from, count, overlay);
}

/**
 * The entry at `position` whole, its long strings cut: as a tip's context read it (an entry too
 * long for the cache of entries read is not read again), else read now.
 */
export async function wholeEntry(held: HeldSession, position: number, overlay: readonly SessionEntry[] = []) {
	for (const asked of [...held.contexts.values()].reverse()) {
		const prepared = await asked.catch(() => null);
		if (prepared?.read.includes(position)) return clipValue(prepared.entryAt(position));
	}
	const [entry] = await held.session(overlay).load([position]);
	return clipValue(entry);
}

/** `[from, to)` of the string at `path` of what `source` names (a text the page holds cut short). */
export async function textSlice(
	held: HeldSession,
	source: TextSource,
	path: ValuePath,
	from: number,
	to: number,
	overlay: readonly SessionEntry[] = [],
): Promise<string> {
	let value: unknown;
	if (source.of === "entry") value = (await held.session(overlay).load([source.position]))[0];
	else {
		const { analysis, pipeline } = await prepare(held, source.leafId ?? undefined, overlay);
		value = source.stage === "messages" ? analysis.messages[source.index] : pipeline.llm[source.index]?.message;
	}
	const text = valueAt(value, path);
	if (typeof text !== "string") throw new Error("that text is no longer there");
	return text.slice(Math.max(0, from), Math.max(0, to));
}

/** The explainer's steps for `leafId`, their focus as positions. */
export async function explain(
	held: HeldSession,
	leafId: string | null | undefined,
	overlay: readonly SessionEntry[] = [],
) {
	const { analysis } = await prepare(held, leafId, overlay);
	// The steps read no more of the entries than their ids, which the held ones have.
	return explainSteps(held.session(overlay).entries, analysis).map((step) => ({
		...step,
		focus: Int32Array.from(step.focus),
	}));
}

/**
 * The series of `leafId`'s path (its estimate after each entry, the recorded input, compactions,
 * branch points) and the cost of its replies, from the session's figures (worked out once).
 */
export async function pathChart(
	held: HeldSession,
	leafId: string | null | undefined,
	overlay: readonly SessionEntry[] = [],
): Promise<PathSeries> {
	const prepared = await prepare(held, leafId, overlay);
	const session = held.session(overlay);
	const own = await held.figures();
	const figures = overlay.length > 0 ? own.with(overlay) : own;
	const { index } = session;
	return pathSeries(
		prepared.analysis.path,
		figures,
		(p) => session.entries[p],
		(p) => index.children.count(p),
	);
}
