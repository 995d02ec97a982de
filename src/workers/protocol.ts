import type {
	EntriesDescription,
	EntryKind,
	FindFilter,
	FoundBatch,
	GraphEdge,
	GraphNode,
	GraphParts,
	LabAddition,
	LabChoices,
	LazyContext,
	LeafSummary,
	PackedAnalysis,
	ParsedSession,
	PreviewParts,
	SessionEntry,
	SessionIssue,
	SnippetPart,
	TipComparison,
} from "../core";
import type { HostExportQuestion } from "./hostExport";

/*
 * Every file is opened lean. The worker keeps the file and its preview (`SessionHost`) and answers
 * the page's questions (a tip's context, an entry, a comparison, a find, the lab's entries, an
 * export, the checks, a followed file's new lines) from the file's bytes; the page holds the
 * preview's skeletons and what it asked for. A file the scan cannot read (pi's harness v4, a
 * broken first line, a header further down a file without one first) is parsed in full in the
 * worker and held whole there, the page getting the same preview of it.
 */

/** Larger files are refused: lean sessions were tried up to 2 GB; past this, memory is unknown ground. */
export const MAX_LEAN_BYTES = 4 * 1024 * 1024 * 1024;

/** Page → worker messages. `init` comes first; parse requests may follow without waiting. */
export type WorkerRequest =
	| {
			type: "init";
			/** A Web Lock the worker holds for its whole life, so the page learns when it dies. */
			lockName: string | null;
	  }
	/**
	 * A stored session is about to be reopened: its stored index (see `storage/indexStore`) is read
	 * now, while the page reads the session's bytes, for the parse request that follows.
	 */
	| { type: "prefetch-index"; contentHash: string; size: number }
	| ParseRequest
	| HostRequest;

/**
 * Questions about a session the worker holds (a large file's, from its preview on: see
 * `SessionHost`), named by the parse request that read it. Each is answered by a `HostAnswer`
 * with the same `queryId`. `release` drops the session (no answer).
 */
export type HostRequest =
	/** `leafId` null: the file's current leaf (as the page's `selectedLeafId`). */
	| {
			type: "context";
			requestId: number;
			queryId: number;
			leafId: string | null;
			/** A what-if lab's entries appended to the session (see `SessionHost.context`). */
			overlay?: SessionEntry[];
	  }
	/** A what-if lab's new entry (core `labEntryFrom`) in the session with `overlay` appended. */
	| {
			type: "lab-entry";
			requestId: number;
			queryId: number;
			parentId: string;
			addition: LabAddition;
			now: string;
			overlay: SessionEntry[];
	  }
	/** What the lab's pickers offer under `parentId` (core `labChoices`). */
	| { type: "lab-choices"; requestId: number; queryId: number; parentId: string | null; overlay: SessionEntry[] }
	| { type: "entries-at"; requestId: number; queryId: number; positions: number[] }
	/** What graph nodes of these entries show (their kind and preview), read whole in the worker. */
	| { type: "faces"; requestId: number; queryId: number; positions: number[] }
	/** Two tips' payloads compared (core `compareTips`); a null leaf is the empty path, as there. */
	| {
			type: "compare";
			requestId: number;
			queryId: number;
			leafA: string | null;
			leafB: string | null;
			overlay?: SessionEntry[];
	  }
	/** Answered by `found` batches, the last with `done` (a newer find of the session stops it). */
	| {
			type: "find";
			requestId: number;
			queryId: number;
			query: string;
			filter: FindFilter;
			/** Split the search with a helper from this file size on (absent: `FIND_SPLIT_BYTES`). */
			splitFrom?: number;
	  }
	/** What find's rows show of the hits at `positions` that came without an excerpt (see `FoundBatch.snippets`). */
	| { type: "snippets"; requestId: number; queryId: number; positions: number[]; query: string }
	/** A file of the session as the export dialog makes it (see `exportFromHost`). */
	| ({ type: "export"; requestId: number; queryId: number } & HostExportQuestion)
	/**
	 * A followed file grew: `bytes` are its complete lines after those the worker holds, the first
	 * of them line `firstLine` (see `SessionHost.append`).
	 */
	| { type: "append"; requestId: number; queryId: number; bytes: ArrayBuffer; firstLine: number }
	| { type: "release"; requestId: number };

/** About how many bytes of lines each part of a context's whole entries carries (see `context-part`). */
export const CONTEXT_PART_BYTES = 1024 * 1024;

export type HostAnswer =
	/**
	 * A context's whole entries come in parts of about `CONTEXT_PART_BYTES` of their lines, each
	 * taken in by the page in a task of its own (one 10 MB message took 20 ms and more to read),
	 * and the analysis with the last part: `entries` of the `context` answer follow its parts'.
	 */
	| { type: "context-part"; queryId: number; entries: SessionEntry[] }
	| { type: "context"; queryId: number; context: Omit<LazyContext, "analysis"> & { analysis: PackedAnalysis } }
	| { type: "entries-at"; queryId: number; entries: SessionEntry[] }
	| { type: "faces"; queryId: number; kinds: EntryKind[]; previews: string[] }
	| { type: "lab-entry"; queryId: number; entry: SessionEntry }
	| { type: "lab-choices"; queryId: number; choices: LabChoices }
	| { type: "compare"; queryId: number; comparison: TipComparison }
	| { type: "found"; queryId: number; batch: FoundBatch; done: boolean }
	| { type: "snippets"; queryId: number; kinds: EntryKind[]; snippets: SnippetPart[][] }
	| { type: "export"; queryId: number; blob: Blob }
	/** Null: the file cannot grow this way (an older version, another dialect): read it again. */
	| { type: "append"; queryId: number; growth: HostGrowth | null }
	| { type: "host-error"; queryId: number; message: string };

export interface ParseRequest {
	type: "parse";
	requestId: number;
	blob: Blob;
	/**
	 * Split the preview's scan between this worker and a helper from this size on (absent: by the
	 * machine's cores, see `ParseHelper.splitFrom`).
	 */
	splitFrom?: number;
	/** The file's content hash, when the page knows it (a stored session): its stored index is used. */
	contentHash?: string;
	/** Store the scan's index for the next open (not for what came from a link: nothing is stored unasked). */
	keepIndex?: boolean;
}

/** What the view shows of a session: its tips and its graph. */
export interface SessionView {
	/** `summarizeLeaves` of the entries (`contextTokens` null where not counted yet). */
	leaves: LeafSummary[];
	/** `graphParts(buildGraph(index))`: nothing expanded, nothing pinned. */
	graph: GraphParts;
}

/**
 * What lines appended to a followed file changed in the session a worker holds (see
 * `SessionHost.append`): the page's entries stay the worker's, whole where the worker's are.
 */
export interface HostGrowth {
	/** The new entries: whole, or skeletons of long lines (read from the file when shown). */
	added: SessionEntry[];
	/** Earlier positions the view now shows the content of (they were skeletons), and their entries. */
	wholeAt: number[];
	whole: SessionEntry[];
	/** The grown session's graph and tips (counted, but for old tips not counted yet). */
	view: SessionView;
	/** The new lines' issues and the tree's issues about the new entries, with their line numbers. */
	issues: SessionIssue[];
	leafId: string | null;
}

/**
 * Worker → page messages, per request: `progress`, the preview (its whole entries first, in
 * slices), `done`, then in the background the counted tips (`leaves`) and the checks
 * (`diagnostics`); or an `error`.
 */
export type ParseResponse =
	/** The worker's script ran: from now on a failure is a crash, not a missing worker. */
	| { type: "ready" }
	/** The worker holds the lock named in `init` until it ends. */
	| { type: "locked" }
	| { type: "progress"; requestId: number; loaded: number; total: number }
	/**
	 * Before the preview, in order: the entries it holds whole, a slice at a time (so that the page
	 * takes in no single message of megabytes); the preview's own `full` is then empty.
	 */
	| { type: "preview-whole"; requestId: number; entries: SessionEntry[] }
	/**
	 * The preview's graph nodes and edges, some at a time, ahead of the preview (whose graph has
	 * none of its own then): thousands of node objects in one message are a long task to take in.
	 */
	| { type: "preview-graph"; requestId: number; nodes: GraphNode[]; edges: GraphEdge[] }
	/**
	 * The preview's id and parentId columns, a piece at a time, ahead of the preview (whose
	 * `pieces` say how many entries a piece holds): a 2 GB session's ids are 20 MB, one string
	 * that took the page 40 ms to receive.
	 */
	| { type: "preview-ids"; requestId: number; ids: string; parentIds: string }
	/** The session as the page shows it: the graph and the tips, skeletons of the other entries. */
	| { type: "preview"; requestId: number; preview: PreviewParts }
	| {
			type: "done";
			requestId: number;
			/** The session's fields; its entries are the preview's, the worker keeps the file for the rest. */
			session: Omit<ParsedSession, "entries">;
			size: number;
			contentHash: string;
			/** Entries in all (the preview's). */
			entryCount: number;
			/**
			 * The checks run in the background: a `diagnostics` message follows with all of the
			 * session's issues (what a full parse has in `session.issues`, the lean notice not among them).
			 */
			checks?: boolean;
			/** What the library says of the entries, worked out here (the page holds skeletons). */
			described: EntriesDescription;
	  }
	/** After every `done`: the tips again, with their context tokens counted. */
	| { type: "leaves"; requestId: number; leaves: LeafSummary[] }
	| { type: "diagnostics"; requestId: number; issues: SessionIssue[] }
	| { type: "error"; requestId: number; message: string; notASession: boolean }
	| HostAnswer;
