import type { ParsedSession, SessionEntry } from "../core";

export interface ParseRequest {
	type: "parse";
	requestId: number;
	blob: Blob;
}

/** Worker → page messages. Entries cross in chunks so no single message blocks the page long. */
export type ParseResponse =
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
