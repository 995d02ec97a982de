/**
 * Archived sessions. OpenClaw (which embeds pi's SessionManager) keeps an agent's live session as
 * `<id>.jsonl` and, when the session is reset, renames the old file to `<id>.jsonl.reset.<time>`
 * beside it (other suffixes the same way: `<name>.jsonl.<reason>.<time>`). Such a file is a
 * session of the same agent, with the same header id as the live one.
 */

/** What an archive's file name says. */
export interface ArchiveName {
	/** The live session's file name (`<id>.jsonl`). */
	liveFileName: string;
	/** Why it was archived: the suffix after `.jsonl` (`reset`, …). */
	reason: string;
	/** When, as ISO time when the name holds one (`2026-04-01T09-30-00.000Z` → `…T09:30:00.000Z`). */
	time?: string;
	/** The name's time part as written. */
	stamp: string;
}

const ARCHIVE = /^(.+\.jsonl)\.([A-Za-z][A-Za-z0-9_-]*)\.([^/\\]+)$/i;
const FILE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2})[-:](\d{2})[-:](\d{2})([.,]\d+)?(Z|[+-]\d{2}[-:]?\d{2})?$/;

/** The archive a file name names, or null for any other name (a plain `.jsonl` included). */
export function readArchiveName(fileName: string): ArchiveName | null {
	const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
	const m = ARCHIVE.exec(base);
	if (!m) return null;
	const [, liveFileName, reason, stamp] = m;
	const t = FILE_TIME.exec(stamp);
	let time: string | undefined;
	if (t) {
		const zone = (t[6] ?? "Z").replace(/^([+-]\d{2})-?(\d{2})$/, "$1:$2");
		const parsed = Date.parse(`${t[1]}T${t[2]}:${t[3]}:${t[4]}${(t[5] ?? "").replace(",", ".")}${zone}`);
		if (!Number.isNaN(parsed)) time = new Date(parsed).toISOString();
	}
	return { liveFileName, reason, stamp, ...(time ? { time } : {}) };
}

/** Whether a path names a session file: `.jsonl`, or an archived one (`.jsonl.<reason>.<time>`). */
export function isSessionFileName(path: string): boolean {
	return /\.jsonl$/i.test(path) || readArchiveName(path) !== null;
}

/**
 * The library id of an archive: its header id (the live session's) with the reason and time, so
 * it is stored beside the live session rather than over it.
 */
export function archiveKey(liveId: string, archive: ArchiveName): string {
	return `${liveId}:${archive.reason}:${archive.stamp}`;
}
