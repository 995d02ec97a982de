import type { ParsedSession, SessionEntry } from "../core";

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
}

/** Worker → page messages. Entries cross in chunks so no single message blocks the page long. */
export type ParseResponse =
	/** The worker's script ran: from now on a failure is a crash, not a missing worker. */
	| { type: "ready" }
	/** The worker holds the lock named in `init` until it ends. */
	| { type: "locked" }
	| { type: "progress"; requestId: number; loaded: number; total: number }
	| { type: "entries"; requestId: number; entries: SessionEntry[] }
	| {
			type: "done";
			requestId: number;
			session: Omit<ParsedSession, "entries">;
			size: number;
			contentHash: string;
	  }
	| { type: "error"; requestId: number; message: string; notASession: boolean };
