import type {
	GraphParts,
	LeafSummary,
	ParsedSession,
	PreviewParts,
	SessionEntry,
	SessionIssue,
	TreeParts,
} from "../core";
import type { ChunkPlan } from "./readSession";

/** Page → worker messages. `init` comes first; parse requests may follow without waiting. */
export type WorkerRequest =
	| {
			type: "init";
			/** A Web Lock the worker holds for its whole life, so the page learns when it dies. */
			lockName: string | null;
	  }
	| ParseRequest;

export interface ParseRequest {
	type: "parse";
	requestId: number;
	blob: Blob;
	/**
	 * Send `done` without the semantic checks' issues, then run them and send those issues in a
	 * `diagnostics` message (what a full parse would have appended to `session.issues`).
	 */
	deferDiagnostics?: boolean;
	/**
	 * For a large file: read it all first and send a `preview` (the graph and the tips from a
	 * byte scan of each line, see core `SessionPreview`) before parsing it in full.
	 */
	preview?: boolean;
	/**
	 * After `done`, work out what the view shows first and send it in a `view` message (the tips
	 * without their token counts), then the counted tips in a `leaves` message.
	 */
	view?: boolean;
}

/**
 * What the view shows first that the worker works out from its copy of the entries while the page
 * analyses the current leaf.
 */
export interface SessionView {
	/** `summarizeLeaves` of the entries, not counted (`contextTokens` null: see the `leaves` message). */
	leaves: LeafSummary[];
	/** `graphParts(buildGraph(index))`: nothing expanded, nothing pinned. */
	graph: GraphParts;
}

/**
 * Worker → page messages, per request: `bytes` for every chunk of the file as it is parsed (the
 * page makes the final entries from them, see `ChunkPlan`), then `entries` for the
 * rest as objects in chunks (so no single message blocks the page long), then `done`.
 */
export type ParseResponse =
	/** The worker's script ran: from now on a failure is a crash, not a missing worker. */
	| { type: "ready" }
	/** The worker holds the lock named in `init` until it ends. */
	| { type: "locked" }
	| { type: "progress"; requestId: number; loaded: number; total: number }
	/** Before anything else of a large file: its preview (see `ParseRequest.preview`). */
	| { type: "preview"; requestId: number; preview: PreviewParts }
	| ({ type: "bytes"; requestId: number; bytes: ArrayBuffer } & ChunkPlan)
	| { type: "entries"; requestId: number; entries: SessionEntry[] }
	| {
			type: "done";
			requestId: number;
			session: Omit<ParsedSession, "entries">;
			size: number;
			/** The content hash, when the worker hashed the bytes (else the page does). */
			contentHash?: string;
			/** Entries in all: those made from the bytes and those sent. */
			entryCount: number;
			/** The worker's tree index of the entries (`treeParts`), so the page need not build one. */
			tree?: TreeParts;
	  }
	| { type: "view"; requestId: number; view: SessionView }
	/** The tips again, with their context tokens counted (after the view and the diagnostics). */
	| { type: "leaves"; requestId: number; leaves: LeafSummary[] }
	| { type: "diagnostics"; requestId: number; issues: SessionIssue[] }
	| { type: "error"; requestId: number; message: string; notASession: boolean };
