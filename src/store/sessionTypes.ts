import type {
	Clipped,
	EntriesDescription,
	LeafSummary,
	PathSeries,
	RowStage,
	SessionEntry,
	SessionGraph,
	SessionIssue,
} from "../core";
import type { SessionReader } from "../workers/reader";
import type {
	CompareRowView,
	CompareSummary,
	ContextAnswer,
	ExplainStepView,
	NodeFace,
	RowWindow,
	SessionFacts,
	TextSource,
} from "../workers/readerApi";

export type {
	CompareRowView,
	CompareSummary,
	ContextAnswer,
	ExplainStepView,
	NodeFace,
	RowWindow,
	SessionFacts,
	SessionReader,
	TextSource,
};

/**
 * The session on screen: what the page shows of it, and the reader that answers for the rest
 * (its worker holds the file). The same for every file, whatever its size or format.
 */
export interface OpenSession extends SessionFacts {
	readonly reader: SessionReader;
	/** Library id (see `SessionMeta.id`). */
	key: string;
	fileName: string;
	size: number;
	/** The file's content hash ("" until the worker has worked it out). */
	contentHash: string;
	sourceUrl?: string;
	/**
	 * False when the session is open in memory only: it came from a link (and the user has not
	 * saved it), or it could not be stored.
	 */
	stored: boolean;
	/** The `#share=` link it was opened from, kept in the address while it is not saved. */
	share?: { payload: string; name?: string };
	/** The folded, laid-out tree, nothing expanded. */
	graph: SessionGraph;
	/** The tips (context tokens null until counted). */
	tips: LeafSummary[];
	/** The issues known: the parse's at first, then all of the checks'. */
	issues: SessionIssue[];
	/** The checks that read every entry: running in the background, done, or they could not run. */
	checks: "running" | "done" | "incomplete";
	/** What the library records of its entries (from the worker). */
	description?: EntriesDescription;
	/**
	 * Bumped when the session changes under the same reader (a followed file grew): answers asked
	 * before are for what it was.
	 */
	generation: number;
}

/** A question put to the reader, as the store keeps it: being asked, answered, or failed. */
export type Answer<T> = { status: "asking" } | { status: "ready"; value: T } | { status: "failed"; error: string };

export interface SessionState {
	session: OpenSession | null;
	/** The entry selected as the leaf of the context; null = the file's current leaf. */
	selectedLeafId: string | null;
	/** An entry to scroll to and highlight (`&entry=`), and where it is (null until known). */
	focusedEntryId: string | null;
	focusedPosition: number | null;
	/** Expanded segment node ids of the graph. */
	expanded: ReadonlySet<string>;
	/** Tips' contexts, by `contextKey`: one answer read by the inspector, the graph and the explainer. */
	contexts: ReadonlyMap<string, Answer<ContextAnswer>>;
	/** Windows of the inspector's lists, by `rowsKey`. */
	rowWindows: ReadonlyMap<string, Answer<RowWindow>>;
	/** Entries read whole (an opened row), by `entryKey`. */
	wholeEntries: ReadonlyMap<string, Answer<Clipped<SessionEntry>>>;
	/** The explainer's steps of a tip, by `contextKey`. */
	explanations: ReadonlyMap<string, Answer<ExplainStepView[]>>;
	/** A tip's path over time and its cost, by `contextKey`. */
	pathSeries: ReadonlyMap<string, Answer<PathSeries>>;
	/** The compare view's two tips compared, by `compareKey`, and windows of its messages. */
	comparison: { key: string; answer: Answer<CompareSummary> } | null;
	compareRows: ReadonlyMap<string, Answer<CompareRowView[]>>;
	/**
	 * The graph drawn when it is not the session's own (runs expanded, an entry pinned out of its
	 * run): by the question it answers (`graphKey`).
	 */
	drawnGraph: { key: string; graph: Answer<SessionGraph> } | null;
}

export interface SessionActions {
	/** Shows `session` in place of the open one (selection and answers start afresh). */
	showSession(session: OpenSession): void;
	/**
	 * Folds what the worker tells later about the session `reader` reads (its hash, counts,
	 * checks, growth) into it, if it is still the one open.
	 */
	updateSession(reader: SessionReader, change: Partial<OpenSession>): void;
	closeSession(): void;
	selectLeaf(id: string | null): void;
	focusEntry(id: string | null, position?: number): void;
	toggleSegment(segmentId: string): void;
	/** Asks the reader for the selected tip's context, unless the store has it or is asking. */
	askContext(): void;
	/** Asks for a window of one of the selected tip's lists (`chunk`: see `ROW_CHUNK`). */
	askRows(stage: RowStage, chunk: number): void;
	/** Asks for the entry at `position` whole. */
	askEntry(position: number): void;
	/** Asks for the explainer's steps of the selected tip. */
	askExplanation(): void;
	/** Asks for the selected tip's path over time (and its cost). */
	askPathSeries(): void;
	/** Asks for the comparison of the compare view's tips. */
	askComparison(): void;
	/** Asks for a window of the comparison's messages: the shared prefix or one tip's tail. */
	askCompareRows(side: "shared" | "a" | "b", chunk: number): void;
	/** Asks for the graph with the runs `expanded` and the entries `pins` drawn as nodes of their own. */
	askGraph(expanded: ReadonlySet<string>, pins: readonly string[]): void;
}
