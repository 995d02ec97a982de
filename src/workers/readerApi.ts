import type {
	Clip,
	Clipped,
	ContextSummary,
	Dialect,
	EntriesDescription,
	EntryKind,
	EntryRowView,
	ExplainStep,
	FindFilter,
	FoundBatch,
	GraphParts,
	KindCount,
	LabAddition,
	LabChoices,
	LeafSummary,
	MeasuredContext,
	MessageRowView,
	PathSeries,
	PayloadRowView,
	RowStage,
	SessionEntry,
	SessionHeader,
	SessionIssue,
	SnippetPart,
	ValuePath,
} from "../core";

/*
 * What the page can ask of an open session, and what it is told: the whole protocol between the
 * page (`SessionReader`) and the worker that holds the session (`service/`). Each method has its
 * arguments and its result; `open` and `find` also send events before their result.
 */

/** What is known of a session file once it is read: the view's facts. */
export interface SessionFacts {
	header: SessionHeader | null;
	/** The version the file declared (none: 1). */
	version: number;
	/** The entries were migrated from an older version as they were read. */
	migrated: boolean;
	dialect: Dialect;
	/** oh-my-pi's title slot, else the header's title. */
	title?: string;
	/** The file's current leaf (what the agent resumes from), null without entries. */
	leafId: string | null;
	entryCount: number;
	/** A pi harness v4 file's lanes (name → leaf id). */
	lanes?: [string, string | null][];
}

/** What the page draws of a session (or of a what-if lab's copy of it). */
export interface SessionOutline {
	facts: SessionFacts;
	/** The folded, laid-out tree, nothing expanded. */
	graph: GraphParts;
	/** The tips (their context tokens counted later: see `counted`). */
	tips: LeafSummary[];
}

export type OpenEvent =
	| { type: "progress"; loaded: number; total: number }
	/** The session can be shown and asked about. `issues`: what is known before the checks. */
	| { type: "ready"; outline: SessionOutline; issues: SessionIssue[] }
	/** What the library records of it. */
	| { type: "described"; contentHash: string; size: number; description: EntriesDescription }
	/** The tips with their context tokens. */
	| { type: "counted"; tips: LeafSummary[] }
	/** The checks' issues (all of the session's), or why they did not run (`issues` then holds a notice). */
	| { type: "checked"; issues: SessionIssue[]; complete: boolean };

/** One window of an inspector list (see `RowStage`), from row `from` on. */
export interface RowWindow {
	stage: RowStage;
	from: number;
	rows: EntryRowView[] | MessageRowView[] | PayloadRowView[];
}

/** A tip's context: its summary, and the first rows of each list (the page shows them at once). */
export interface ContextAnswer {
	summary: ContextSummary;
	first: RowWindow[];
}

/** One of the explainer's steps, the positions it is about as a column. */
export type ExplainStepView = Omit<ExplainStep, "focus"> & { focus: Int32Array };

/** What a graph node shows of its first entry (for nodes laid out before it was read). */
export interface NodeFace {
	position: number;
	kind: EntryKind;
	preview: string;
	/** A folded run's kinds of entries (segments only). */
	kinds?: KindCount[];
}

/** Where a long text the page holds cut short is (see core `clipValue`). */
export type TextSource =
	| { of: "entry"; position: number }
	| { of: "message"; leafId: string | null; stage: "messages" | "payload"; index: number };

/** Two tips' payloads compared, in numbers (the messages come a window at a time: `compareRows`). */
export interface CompareSummary {
	a: { leafId: string | null; messages: number; tokens: number; tailTokens: number };
	b: { leafId: string | null; messages: number; tokens: number; tailTokens: number };
	/** Leading provider messages identical in both, and their tokens. */
	sharedPrefix: number;
	sharedTokens: number;
	/** The deepest entry both paths share, or null. */
	commonAncestorId: string | null;
	/** b's total minus a's (estimated tokens). */
	tokenDifference: number;
	measured: { a: MeasuredContext | null; b: MeasuredContext | null };
}

/** One provider message of a compared tip, its long strings cut. */
export interface CompareRowView {
	/** Index in its tip's payload. */
	index: number;
	role: string;
	preview: string;
	tokens: number;
	message: unknown;
	clips: Clip[];
}

/** A batch of hits as the page takes it: with the hits' ids and labels. */
export interface FoundHits extends FoundBatch {
	ids: string[];
	labels: (string | null)[];
}

/** The lines appended to a followed file, taken in. */
export interface Growth {
	outline: SessionOutline;
	/** The new lines' issues (with their line numbers). */
	issues: SessionIssue[];
	/** What the library records of the grown session. */
	description: EntriesDescription;
}

export type ExportKind = "session" | "branch" | "payload";

export interface ExportQuestion {
	kind: ExportKind;
	leafId: string | null;
	/** A branch export's new header. */
	branch?: { sessionId: string; timestamp: string; parentSession?: string };
}

/*
 * A leaf named `null` in a question is the file's current leaf (the page's selection with nothing
 * selected).
 */

/** A what-if lab's entries, appended to the session for a question (none: the session as read). */
export interface WithOverlay {
	overlay?: SessionEntry[];
}

export interface ReaderCalls {
	open: {
		args: { blob: Blob; contentHash?: string; keepIndex?: boolean; splitFrom?: number };
		event: OpenEvent;
		result: null;
	};
	/** The outline of the session with the lab's entries. */
	outline: { args: WithOverlay; result: SessionOutline };
	context: { args: { leafId: string | null } & WithOverlay; result: ContextAnswer };
	rows: {
		args: { leafId: string | null; stage: RowStage; from: number; count: number } & WithOverlay;
		result: RowWindow;
	};
	/** An entry whole (its long strings cut). */
	entry: { args: { position: number } & WithOverlay; result: Clipped<SessionEntry> };
	/** `[from, to)` of a long string cut short in a row or an entry. */
	text: { args: { source: TextSource; path: ValuePath; from: number; to: number } & WithOverlay; result: string };
	explain: { args: { leafId: string | null } & WithOverlay; result: ExplainStepView[] };
	/** The tip's path over time (its context estimate after each entry, recorded input, compactions) and its cost. */
	pathSeries: { args: { leafId: string | null } & WithOverlay; result: PathSeries };
	/** The graph with runs expanded and entries pinned out of their runs (by id). */
	graph: { args: { expanded: string[]; pins: string[] } & WithOverlay; result: GraphParts };
	/** What nodes show of their first entries (`lasts`: a folded run's last entry, -1 for an entry's node). */
	faces: { args: { positions: number[]; lasts: number[] } & WithOverlay; result: NodeFace[] };
	/** Positions of entries by id (-1: none). */
	locate: { args: { ids: string[] } & WithOverlay; result: number[] };
	/** A tip whose path holds the entry `id` (null: none, or no such entry). */
	tipThrough: { args: { id: string } & WithOverlay; result: string | null };
	compare: { args: { a: string | null; b: string | null } & WithOverlay; result: CompareSummary };
	compareRows: {
		args: { a: string | null; b: string | null; side: "shared" | "a" | "b"; from: number; count: number } & WithOverlay;
		result: CompareRowView[];
	};
	find: { args: { query: string; filter: FindFilter; splitFrom?: number }; event: FoundHits; result: null };
	snippets: {
		args: { positions: number[]; query: string };
		result: { kinds: EntryKind[]; snippets: SnippetPart[][]; labels: (string | null)[] };
	};
	labEntry: { args: { parentId: string; addition: LabAddition; now: string } & WithOverlay; result: SessionEntry };
	labChoices: { args: { parentId: string | null } & WithOverlay; result: LabChoices };
	export: { args: ExportQuestion; result: Blob };
	append: { args: { bytes: ArrayBuffer; firstLine: number }; result: Growth | null };
	/** A stored session is about to be reopened: its stored index is read now, for the open that follows. */
	prefetch: { args: { contentHash: string; size: number }; result: null };
	release: { args: Record<string, never>; result: null };
}

export type Method = keyof ReaderCalls;
export type ArgsOf<M extends Method> = ReaderCalls[M]["args"];
export type ResultOf<M extends Method> = ReaderCalls[M]["result"];
export type EventOf<M extends Method> = ReaderCalls[M] extends { event: infer E } ? E : never;
