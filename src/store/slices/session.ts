import { graphFromParts, ROW_CHUNK, type RowStage } from "../../core";
import type { Answer, CompareSummary, OpenSession, SessionActions, SessionState } from "../sessionTypes";
import type { GetStore, SetStore } from "../types";

export const initialSessionState: SessionState = {
	session: null,
	selectedLeafId: null,
	focusedEntryId: null,
	focusedPosition: null,
	expanded: new Set(),
	contexts: new Map(),
	rowWindows: new Map(),
	wholeEntries: new Map(),
	explanations: new Map(),
	pathSeries: new Map(),
	comparison: null,
	compareRows: new Map(),
	drawnGraph: null,
};

/** Messages of a comparison asked for at once. */
export const COMPARE_CHUNK = 50;

/** Tips' contexts the store keeps answers of (with their rows and explanations). */
const KEPT_CONTEXTS = 6;
/** Entries read whole the store keeps. */
const KEPT_ENTRIES = 64;

/** The leaf a question names: the selected one, else the file's current leaf. */
export function askedLeaf(session: OpenSession, selectedLeafId: string | null): string | null {
	return selectedLeafId ?? session.leafId;
}

/** Names the questions about `session` as it is now (its reader, overlay and generation). */
function sessionMark(session: OpenSession): string {
	return `${session.reader.key}#${session.generation}`;
}

/** The key of the selected tip's context (and of its explanation) in the store. */
export function contextKey(session: OpenSession, selectedLeafId: string | null): string {
	return `${sessionMark(session)}|${askedLeaf(session, selectedLeafId) ?? ""}`;
}

/** The key of a window of one of the selected tip's lists. */
export function rowsKey(context: string, stage: RowStage, chunk: number): string {
	return `${context}|${stage}|${chunk}`;
}

/** The key of an entry read whole. */
export function entryKey(session: OpenSession, position: number): string {
	return `${sessionMark(session)}|${position}`;
}

/** The key of a drawn graph: the runs expanded and the entries pinned. */
export function graphKey(session: OpenSession, expanded: ReadonlySet<string>, pins: readonly string[]): string {
	return `${sessionMark(session)}|${[...expanded].sort().join("\n")}|${pins.join("\n")}`;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** `map` with `key` set (last), keeping at most `keep` entries (the oldest go). */
function withAnswer<T>(
	map: ReadonlyMap<string, T>,
	key: string,
	value: T,
	keep = Number.POSITIVE_INFINITY,
): Map<string, T> {
	const next = new Map(map);
	next.delete(key);
	next.set(key, value);
	for (const old of next.keys()) {
		if (next.size <= keep) break;
		next.delete(old);
	}
	return next;
}

const NO_ANSWERS = {
	contexts: new Map(),
	rowWindows: new Map(),
	wholeEntries: new Map(),
	explanations: new Map(),
	pathSeries: new Map(),
	comparison: null,
	compareRows: new Map(),
	drawnGraph: null,
} satisfies Partial<SessionState>;

/** The key of the comparison of the compare view's tips `a` and `b` (null: the current leaf). */
export function compareKey(session: OpenSession, a: string | null, b: string | null): string {
	return `${sessionMark(session)}|${a ?? ""}|${b ?? ""}`;
}

export function createSessionSlice(set: SetStore, get: GetStore): SessionActions {
	/**
	 * Asks questions whose answers live in one of the store's maps (`read`, `write`), keeping at
	 * most `keep` of them: a question is asked once, and its answer is taken only while the session
	 * asked about is the one open and the question is still kept.
	 */
	const asker =
		<T>(read: () => ReadonlyMap<string, Answer<T>>, write: (map: Map<string, Answer<T>>) => void, keep?: number) =>
		(session: OpenSession, key: string, question: () => Promise<T>, then?: (value: T) => void) => {
			if (read().has(key)) return;
			const mark = sessionMark(session);
			const take = (value: Answer<T>) => {
				const open = get().session;
				if (!open || sessionMark(open) !== mark) return;
				if (value.status !== "asking" && !read().has(key)) return;
				write(withAnswer(read(), key, value, keep));
			};
			take({ status: "asking" });
			question().then(
				(value) => {
					take({ status: "ready", value });
					then?.(value);
				},
				(err: unknown) => take({ status: "failed", error: errorText(err) }),
			);
		};
	const askContextOf = asker(
		() => get().contexts,
		(contexts) => set({ contexts }),
		KEPT_CONTEXTS,
	);
	const askRowsOf = asker(
		() => get().rowWindows,
		(rowWindows) => set({ rowWindows }),
	);
	const askEntryOf = asker(
		() => get().wholeEntries,
		(wholeEntries) => set({ wholeEntries }),
		KEPT_ENTRIES,
	);
	const askCompareRowsOf = asker(
		() => get().compareRows,
		(compareRows) => set({ compareRows }),
	);
	const askExplanationOf = asker(
		() => get().explanations,
		(explanations) => set({ explanations }),
		KEPT_CONTEXTS,
	);
	const askPathSeriesOf = asker(
		() => get().pathSeries,
		(pathSeries) => set({ pathSeries }),
		KEPT_CONTEXTS,
	);

	return {
		showSession(session) {
			const before = get().session;
			// The worker may let go of a file the page no longer shows (not of another open of the same one).
			if (before && before.reader.id !== session.reader.id) before.reader.release();
			set({
				session,
				selectedLeafId: null,
				focusedEntryId: null,
				focusedPosition: null,
				expanded: new Set(),
				...NO_ANSWERS,
			});
			get().askContext();
			if (get().compare) get().askComparison();
		},

		updateSession(reader, change) {
			const open = get().session;
			if (!open || open.reader !== reader) return;
			const next = { ...open, ...change };
			// A session that changed under its reader: the answers about it as it was go.
			const changed = next.generation !== open.generation;
			set(changed ? { session: next, ...NO_ANSWERS } : { session: next });
			if (changed) get().askContext();
			if (changed && get().compare) get().askComparison();
		},

		closeSession() {
			get().session?.reader.release();
			set({ ...initialSessionState, expanded: new Set(), ...NO_ANSWERS });
		},

		selectLeaf(id) {
			set({ selectedLeafId: id });
			// The question goes out before the page draws the choice.
			get().askContext();
		},

		focusEntry(id, position) {
			const session = get().session;
			set({ focusedEntryId: id, focusedPosition: id === null ? null : (position ?? null) });
			if (!session || id === null || position !== undefined) return;
			session.reader.locate([id]).then(
				([found]) => {
					if (get().session === session && get().focusedEntryId === id && found >= 0) set({ focusedPosition: found });
				},
				() => undefined,
			);
		},

		toggleSegment(segmentId) {
			const expanded = new Set(get().expanded);
			if (expanded.has(segmentId)) expanded.delete(segmentId);
			else expanded.add(segmentId);
			set({ expanded });
		},

		askContext() {
			const { session, selectedLeafId } = get();
			if (!session) return;
			const key = contextKey(session, selectedLeafId);
			askContextOf(
				session,
				key,
				() => session.reader.context(askedLeaf(session, selectedLeafId)),
				(value) => {
					// The lists' first windows came with it; the windows of contexts no longer kept go.
					const kept = [...get().contexts.keys()];
					const rows = new Map([...get().rowWindows].filter(([k]) => kept.some((c) => k.startsWith(`${c}|`))));
					for (const window of value.first) rows.set(rowsKey(key, window.stage, 0), { status: "ready", value: window });
					set({ rowWindows: rows });
				},
			);
			// The explainer, when it runs, explains the tip selected.
			if (get().explainStep !== null) get().askExplanation();
		},

		askRows(stage, chunk) {
			const { session, selectedLeafId } = get();
			if (!session) return;
			const context = contextKey(session, selectedLeafId);
			const leaf = askedLeaf(session, selectedLeafId);
			const size = ROW_CHUNK[stage];
			askRowsOf(session, rowsKey(context, stage, chunk), () => session.reader.rows(leaf, stage, chunk * size, size));
		},

		askEntry(position) {
			const session = get().session;
			if (!session) return;
			askEntryOf(session, entryKey(session, position), () => session.reader.entry(position));
		},

		askExplanation() {
			const { session, selectedLeafId } = get();
			if (!session) return;
			const key = contextKey(session, selectedLeafId);
			askExplanationOf(session, key, () => session.reader.explain(askedLeaf(session, selectedLeafId)));
		},

		askPathSeries() {
			const { session, selectedLeafId } = get();
			if (!session) return;
			const key = contextKey(session, selectedLeafId);
			askPathSeriesOf(session, key, () => session.reader.pathSeries(askedLeaf(session, selectedLeafId)));
		},

		askComparison() {
			const { session, compare } = get();
			if (!session || !compare) return;
			const key = compareKey(session, compare.a, compare.b);
			if (get().comparison?.key === key) return;
			set({ comparison: { key, answer: { status: "asking" } }, compareRows: new Map() });
			const take = (answer: Answer<CompareSummary>) => {
				if (get().comparison?.key === key) set({ comparison: { key, answer } });
			};
			session.reader.compare(compare.a, compare.b).then(
				(value) => take({ status: "ready", value }),
				(err: unknown) => take({ status: "failed", error: errorText(err) }),
			);
		},

		askCompareRows(side, chunk) {
			const { session, compare, comparison } = get();
			if (!session || !compare || !comparison) return;
			askCompareRowsOf(session, `${comparison.key}|${side}|${chunk}`, () =>
				session.reader.compareRows(compare.a, compare.b, side, chunk * COMPARE_CHUNK, COMPARE_CHUNK),
			);
		},

		askGraph(expanded, pins) {
			const { session, drawnGraph } = get();
			if (!session) return;
			if (expanded.size === 0 && pins.length === 0) {
				if (drawnGraph) set({ drawnGraph: null });
				return;
			}
			const key = graphKey(session, expanded, pins);
			if (drawnGraph?.key === key) return;
			// The graph drawn before stays until the new one comes.
			set({ drawnGraph: { key, graph: drawnGraph?.graph ?? { status: "asking" } } });
			session.reader.graph([...expanded], [...pins]).then(
				(parts) => {
					if (get().drawnGraph?.key === key)
						set({ drawnGraph: { key, graph: { status: "ready", value: graphFromParts(parts) } } });
				},
				(err: unknown) => {
					if (get().drawnGraph?.key === key)
						set({ drawnGraph: { key, graph: { status: "failed", error: errorText(err) } } });
				},
			);
		},
	};
}
