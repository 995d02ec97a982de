import type { SessionEntry, SessionHeader, SessionIssue } from "./types";

/**
 * The id a v1 entry gets: its 1-based line number as 8 hex digits. Deterministic, so links
 * (`#leaf=…`) into a migrated v1 file stay valid across loads.
 */
export function v1EntryId(line: number): string {
	return line.toString(16).padStart(8, "0");
}

/**
 * Brings entries of an older format to v3 in place, as pi's chained migrations do (SPEC §1):
 * v1 → v2 gives every entry an id, chains it to the previous entry and turns a compaction's
 * `firstKeptEntryIndex` (an index into the parsed file objects, header at 0) into
 * `firstKeptEntryId`; v2 → v3 renames the `hookMessage` role to `custom`.
 * Returns whether anything was migrated.
 */
export function migrateEntries(
	version: number,
	entries: SessionEntry[],
	lines: number[],
	objectOrder: (SessionEntry | SessionHeader)[],
	issues: SessionIssue[],
): boolean {
	if (version >= 3 || entries.length === 0) return false;
	if (version < 2) migrateV1ToV2(entries, lines, objectOrder, issues);
	migrateV2ToV3(entries);
	return true;
}

function migrateV1ToV2(
	entries: SessionEntry[],
	lines: number[],
	objectOrder: (SessionEntry | SessionHeader)[],
	issues: SessionIssue[],
): void {
	let prevId: string | null = null;
	for (let i = 0; i < entries.length; i++) {
		const entry = entries[i] as SessionEntry & { id: string; parentId: string | null };
		entry.id = v1EntryId(lines[i]);
		entry.parentId = prevId;
		prevId = entry.id;
	}
	for (let i = 0; i < entries.length; i++) {
		const entry = entries[i] as SessionEntry & { firstKeptEntryIndex?: unknown; firstKeptEntryId?: string };
		if (entry.type !== "compaction" || entry.firstKeptEntryIndex === undefined) continue;
		const index = entry.firstKeptEntryIndex;
		const target = typeof index === "number" ? objectOrder[index] : undefined;
		if (target && target.type !== "session") {
			entry.firstKeptEntryId = target.id;
		} else {
			issues.push({
				line: lines[i],
				entryId: entry.id,
				severity: "warning",
				code: "bad-first-kept-index",
				message: `firstKeptEntryIndex ${JSON.stringify(index)} names no entry: the compaction keeps nothing before it`,
			});
		}
		delete entry.firstKeptEntryIndex;
	}
}

function migrateV2ToV3(entries: SessionEntry[]): void {
	for (const entry of entries) renameHookRole(entry);
}

/** The v2 → v3 migration of one entry: a message's `hookMessage` role becomes `custom`. */
function renameHookRole(entry: SessionEntry): void {
	if (entry.type !== "message") return;
	const message = (entry as { message?: { role?: unknown } }).message;
	if (message && typeof message === "object" && message.role === "hookMessage") message.role = "custom";
}

/**
 * One entry of a file of `version`, parsed again from its line, migrated in place as
 * `migrateEntries` migrated it with the rest of the file: a v1 entry takes the id and parent the
 * migration gave it (`as`, e.g. the preview's skeleton), and the v2 → v3 rename follows. Not for
 * a v1 compaction, whose kept index needs the whole file.
 */
export function migrateOneEntry(
	entry: SessionEntry,
	version: number,
	as: { id: string; parentId: string | null },
): void {
	if (version >= 3) return;
	if (version < 2) {
		const e = entry as SessionEntry & { id: string; parentId: string | null };
		e.id = as.id;
		e.parentId = as.parentId;
	}
	renameHookRole(entry);
}
