import {
	archiveKey,
	describeFurther,
	type EntriesDescription,
	getTreeIndex,
	type ParsedSession,
	readArchiveName,
} from "../core";
import type { SessionMeta } from "./repository";

/** What the library says of a session is worked out from: the file's facts and where it is from. */
export interface DescribedSession extends ParsedSession {
	key: string;
	fileName: string;
	size: number;
	contentHash: string;
	sourceUrl?: string;
	/** What the worker that holds the file said of its entries (the page holds skeletons). */
	described?: EntriesDescription;
}

/**
 * The library id of a parsed file: its header id, else its content hash. An archive
 * (`<id>.jsonl.reset.<time>`, named by `fileName`) shares its live session's header id, so it gets
 * that id with its reason and time instead (`archiveKey`), and is stored beside the live one.
 */
export function sessionKey(headerId: unknown, contentHash: string, fileName?: string): string {
	const key = typeof headerId === "string" && headerId !== "" ? headerId : `hash:${contentHash}`;
	const archive = fileName === undefined ? null : readArchiveName(fileName);
	return archive ? archiveKey(key, archive) : key;
}

/** What an archive's metadata says about it: whose archive, why and when (from its file name). */
function archiveOf(s: DescribedSession): Pick<SessionMeta, "archive"> {
	const archive = readArchiveName(s.fileName);
	if (!archive) return {};
	const live = sessionKey(s.header?.id, s.contentHash);
	if (s.key === live) return {};
	return { archive: { of: live, reason: archive.reason, ...(archive.time ? { time: archive.time } : {}) } };
}

/** Library metadata for an open session (computed once, when it is stored). */
export function describeSession(s: DescribedSession, displayName?: string): SessionMeta {
	const index = getTreeIndex(s.entries);
	// A lean session's worker described its entries; those after (a followed file's growth) are whole.
	const held = s.described && s.described.entries <= s.entries.length ? s.described : null;
	const described = describeFurther(held, held ? s.entries.slice(held.entries) : s.entries);
	const title = s.title ?? described.name ?? described.firstUserText?.slice(0, 200) ?? s.fileName;
	const header = s.header;
	return {
		id: s.key,
		fileName: s.fileName,
		...(displayName ? { displayName } : {}),
		title,
		cwd: typeof header?.cwd === "string" ? header.cwd : "",
		created: typeof header?.timestamp === "string" ? header.timestamp : String(described.firstTimestamp ?? ""),
		modified: String(described.lastTimestamp ?? header?.timestamp ?? ""),
		storedAt: Date.now(),
		entries: s.entries.length,
		leaves: index.leaves.length,
		compactions: described.compactions,
		size: s.size,
		contentHash: s.contentHash,
		version: s.version,
		...(typeof header?.parentSession === "string" ? { parentSession: header.parentSession } : {}),
		...(s.sourceUrl ? { sourceUrl: s.sourceUrl } : {}),
		...archiveOf(s),
	};
}
