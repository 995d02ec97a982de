import { fieldOf, isRecord } from "../util/fields";
import { isEntry, type SessionEntry, type SessionHeader, type SessionIssue } from "./types";

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
		const entry = entries[i];
		entry.id = v1EntryId(lines[i]);
		entry.parentId = prevId;
		prevId = entry.id;
	}
	for (let i = 0; i < entries.length; i++) {
		const entry = entries[i];
		// (`firstKeptEntryIndex` is v1's field, which no entry type of now holds.)
		const index = fieldOf(entry, "firstKeptEntryIndex");
		if (!isEntry(entry, "compaction") || index === undefined) continue;
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
		Reflect.deleteProperty(entry, "firstKeptEntryIndex");
	}
}

function migrateV2ToV3(entries: SessionEntry[]): void {
	for (const entry of entries) renameHookRole(entry);
}

/** The v2 → v3 migration of one entry: a message's `hookMessage` role becomes `custom`. */
function renameHookRole(entry: SessionEntry): void {
	if (entry.type !== "message") return;
	const message = fieldOf(entry, "message");
	if (isRecord(message) && message.role === "hookMessage") message.role = "custom";
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
		entry.id = as.id;
		entry.parentId = as.parentId;
	}
	renameHookRole(entry);
}
