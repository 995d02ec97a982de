import { getFirstUserText, getSessionName, getTreeIndex } from "../core";
import type { SessionMeta } from "../storage/repository";
import type { OpenSession } from "./types";

/** The library id of a parsed file: its header id, else its content hash. */
export function sessionKey(headerId: unknown, contentHash: string): string {
	return typeof headerId === "string" && headerId !== "" ? headerId : `hash:${contentHash}`;
}

/** Library metadata for an open session (computed once, when it is stored). */
export function describeSession(s: OpenSession, displayName?: string): SessionMeta {
	const index = getTreeIndex(s.entries);
	const first = s.entries[0];
	const last = s.entries[s.entries.length - 1];
	const title = s.title ?? getSessionName(s.entries) ?? getFirstUserText(s.entries)?.slice(0, 200) ?? s.fileName;
	const header = s.header;
	return {
		id: s.key,
		fileName: s.fileName,
		...(displayName ? { displayName } : {}),
		title,
		cwd: typeof header?.cwd === "string" ? header.cwd : "",
		created: typeof header?.timestamp === "string" ? header.timestamp : String(first?.timestamp ?? ""),
		modified: String(last?.timestamp ?? header?.timestamp ?? ""),
		storedAt: Date.now(),
		entries: s.entries.length,
		leaves: index.leaves.length,
		compactions: s.entries.reduce((n, e) => (e.type === "compaction" ? n + 1 : n), 0),
		size: s.size,
		contentHash: s.contentHash,
		version: s.version,
		...(typeof header?.parentSession === "string" ? { parentSession: header.parentSession } : {}),
		...(s.sourceUrl ? { sourceUrl: s.sourceUrl } : {}),
	};
}
