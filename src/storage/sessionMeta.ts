import { archiveKey, type EntriesDescription, readArchiveName, type SessionHeader } from "../core";
import type { SessionMeta } from "./repository";

/** What the library record of a session is made from: the file's facts and where it is from. */
export interface RecordedSession {
	key: string;
	fileName: string;
	size: number;
	contentHash: string;
	header: SessionHeader | null;
	/** The version the file declared. */
	version: number;
	/** oh-my-pi's title slot, or the header's title. */
	title?: string;
	sourceUrl?: string;
	/** What the worker that read the entries says of them. */
	description: EntriesDescription;
	/** How many tips the session has. */
	tips: number;
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
function archiveOf(s: RecordedSession): Pick<SessionMeta, "archive"> {
	const archive = readArchiveName(s.fileName);
	if (!archive) return {};
	const live = sessionKey(s.header?.id, s.contentHash);
	if (s.key === live) return {};
	return { archive: { of: live, reason: archive.reason, ...(archive.time ? { time: archive.time } : {}) } };
}

/** Library metadata for a session (computed when it is stored). */
export function describeSession(s: RecordedSession, displayName?: string): SessionMeta {
	const described = s.description;
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
		entries: described.entries,
		leaves: s.tips,
		compactions: described.compactions,
		size: s.size,
		contentHash: s.contentHash,
		...(described.usage ? { usage: described.usage } : {}),
		version: s.version,
		...(typeof header?.parentSession === "string" ? { parentSession: header.parentSession } : {}),
		...(s.sourceUrl ? { sourceUrl: s.sourceUrl } : {}),
		...archiveOf(s),
	};
}
