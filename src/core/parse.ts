import { collectDiagnostics } from "./diagnostics";
import { migrateEntries } from "./migrate";
import { getTreeIndex } from "./tree";
import type { ParsedSession, SessionEntry, SessionHeader, SessionIssue } from "./types";
import { KNOWN_ENTRY_TYPES, KNOWN_ROLES } from "./types";

/** The newest session format version this explorer understands. */
export const CURRENT_VERSION = 3;

const MAX_REASON_CHARS = 200;
/** Per-code cap on line issues so a flood of bad lines cannot flood memory; a summary follows. */
const MAX_ISSUES_PER_CODE = 1000;

/** Incremental JSONL session parser: feed text chunks in file order, then `finish()`. */
export interface SessionParser {
	push(chunk: string): void;
	/** Bytes or characters seen so far is the caller's business; this reports lines. */
	readonly lineCount: number;
	finish(): ParsedSession;
}

/**
 * Creates an incremental parser. Lines may be split across chunks anywhere; CRLF line ends and
 * a leading BOM are accepted. Nothing is thrown for bad input: every problem becomes an issue
 * with its line number, and every good line is kept.
 */
export function createSessionParser(): SessionParser {
	let rest = "";
	let lineNo = 0;
	let started = false;
	let header: SessionHeader | null = null;
	let headerLine = 0;
	const entries: SessionEntry[] = [];
	const lines: number[] = [];
	/** For v1 migration: every parsed object in order (header included), as pi indexes them. */
	const objectOrder: (SessionEntry | SessionHeader)[] = [];
	const issues: SessionIssue[] = [];
	const issueCounts = new Map<string, number>();
	let blankLines = 0;
	let lastNonBlankLine = 0;

	const report = (issue: SessionIssue) => {
		const n = (issueCounts.get(issue.code) ?? 0) + 1;
		issueCounts.set(issue.code, n);
		if (n <= MAX_ISSUES_PER_CODE) issues.push(issue);
	};

	const handleLine = (raw: string, isLast: boolean) => {
		lineNo++;
		let line = raw;
		if (!started) {
			started = true;
			if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
		}
		const len = line.length;
		if (len > 0 && line.charCodeAt(len - 1) === 13) line = line.slice(0, len - 1);
		const first = line.charCodeAt(0);
		if (first !== 123 /* { */) {
			if (line.trim() === "") {
				blankLines++;
				return;
			}
		}
		lastNonBlankLine = lineNo;
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch (err) {
			const reason = err instanceof Error ? err.message : String(err);
			report({
				line: lineNo,
				severity: "error",
				code: isLast ? "truncated-line" : "malformed-json",
				message: `${isLast ? "Last line is incomplete or malformed (truncated file?)" : "Malformed JSON"}: ${clip(reason)}`,
			});
			return;
		}
		if (value === null || typeof value !== "object" || Array.isArray(value)) {
			report({
				line: lineNo,
				severity: "error",
				code: "not-an-object",
				message: `Line is JSON but not an object (${describeJson(value)}); each line must be one entry object`,
			});
			return;
		}
		const obj = value as Record<string, unknown>;
		if (obj.type === "session") {
			if (header === null) {
				header = obj as SessionHeader;
				headerLine = lineNo;
				objectOrder.push(header);
			} else {
				report({
					line: lineNo,
					severity: "warning",
					code: "duplicate-header",
					message: `A second session header (first on line ${headerLine}) was ignored`,
				});
			}
			return;
		}
		const entry = obj as unknown as SessionEntry;
		entries.push(entry);
		lines.push(lineNo);
		objectOrder.push(entry);
		const type = obj.type;
		if (typeof type !== "string") {
			report({ line: lineNo, severity: "error", code: "missing-type", message: "Entry has no string `type`" });
		} else if (!KNOWN_ENTRY_TYPES.has(type)) {
			report({
				line: lineNo,
				entryId: typeof obj.id === "string" ? obj.id : undefined,
				severity: "warning",
				code: "unknown-entry-type",
				message: `Unknown entry type "${clip(type, 60)}": kept and shown, not sent to the model`,
			});
		} else if (type === "message") {
			const message = obj.message as { role?: unknown } | null | undefined;
			const role = message && typeof message === "object" ? message.role : undefined;
			if (typeof role !== "string" || !(KNOWN_ROLES.has(role) || role === "hookMessage")) {
				report({
					line: lineNo,
					entryId: typeof obj.id === "string" ? obj.id : undefined,
					severity: "warning",
					code: message && typeof message === "object" ? "unknown-role" : "missing-message",
					message:
						message && typeof message === "object"
							? `Unknown message role ${JSON.stringify(role)}`
							: "Message entry without a `message` object",
				});
			}
		}
	};

	return {
		get lineCount() {
			return lineNo;
		},
		push(chunk: string) {
			if (chunk.length === 0) return;
			let start = 0;
			let nl = chunk.indexOf("\n");
			if (nl === -1) {
				rest += chunk;
				return;
			}
			handleLine(rest + chunk.slice(0, nl), false);
			rest = "";
			start = nl + 1;
			nl = chunk.indexOf("\n", start);
			while (nl !== -1) {
				handleLine(chunk.slice(start, nl), false);
				start = nl + 1;
				nl = chunk.indexOf("\n", start);
			}
			rest = chunk.slice(start);
		},
		finish(): ParsedSession {
			if (rest.length > 0) {
				handleLine(rest, true);
				rest = "";
			}
			if (blankLines > 0 && lineNo > lastNonBlankLine + blankLines) {
				// only trailing blank lines: normal for files that end in newlines; not worth an issue
			} else if (blankLines > 0) {
				report({
					severity: "info",
					code: "blank-lines",
					message: `${blankLines} blank line${blankLines === 1 ? "" : "s"} skipped`,
				});
			}
			for (const [code, n] of issueCounts) {
				if (n > MAX_ISSUES_PER_CODE) {
					issues.push({
						severity: "warning",
						code: "too-many-issues",
						message: `${n - MAX_ISSUES_PER_CODE} more "${code}" issues not listed`,
					});
				}
			}
			return finishSession(header, headerLine, entries, lines, objectOrder, issues);
		},
	};
}

function finishSession(
	header: SessionHeader | null,
	headerLine: number,
	entries: SessionEntry[],
	lines: number[],
	objectOrder: (SessionEntry | SessionHeader)[],
	issues: SessionIssue[],
): ParsedSession {
	const declared = header && typeof header.version === "number" ? header.version : undefined;
	let version = declared ?? 1;
	if (header === null) {
		if (entries.length > 0 || issues.length > 0) {
			issues.unshift({
				line: 1,
				severity: "warning",
				code: "missing-header",
				message: 'No session header (a first line with type "session"): loaded anyway',
			});
		}
		// Without a header pi would assume v1. A file whose entries carry ids lost only its header,
		// so treat it as current rather than re-numbering every entry.
		const first = entries[0] as { id?: unknown } | undefined;
		if (first && typeof first.id === "string") version = CURRENT_VERSION;
	} else {
		if (headerLine !== 1 && headerLine !== 0) {
			issues.push({
				line: headerLine,
				severity: "warning",
				code: "header-not-first",
				message: `The session header is on line ${headerLine}, not line 1`,
			});
		}
		if (typeof header.id !== "string") {
			issues.push({ line: headerLine, severity: "warning", code: "header-missing-id", message: "Header has no id" });
		}
		if (declared !== undefined && (!Number.isInteger(declared) || declared > CURRENT_VERSION || declared < 1)) {
			issues.push({
				line: headerLine,
				severity: "warning",
				code: "unknown-version",
				message: `Header declares version ${JSON.stringify(header.version)}; this explorer knows up to ${CURRENT_VERSION}: loaded as ${CURRENT_VERSION}`,
			});
		}
	}
	const migrated = migrateEntries(version, entries, lines, objectOrder, issues);
	if (migrated) {
		issues.push({
			severity: "info",
			code: "migrated",
			message: `Migrated from version ${version} to ${CURRENT_VERSION} on load (as pi does); the file is unchanged`,
		});
	}
	assignMissingIds(entries, lines, issues);
	const leafId = entries.length > 0 ? entries[entries.length - 1].id : null;
	const index = getTreeIndex(entries);
	for (const issue of index.issues) {
		const pos = issue.position;
		issues.push({ ...issue.issue, line: pos !== undefined ? lines[pos] : undefined });
	}
	collectDiagnostics(entries, index, lines, issues);
	return { header, entries, leafId, version: declared ?? 1, issues, lines, migrated };
}

/**
 * v2+ entries must carry `id` and `parentId`. A missing id gets a stable synthetic one
 * (`line-N`) so the entry can still be shown and linked; a missing parentId is read as null.
 */
function assignMissingIds(entries: SessionEntry[], lines: number[], issues: SessionIssue[]): void {
	for (let i = 0; i < entries.length; i++) {
		const e = entries[i] as { id?: unknown; parentId?: unknown };
		if (typeof e.id !== "string" || e.id === "") {
			const id = `line-${lines[i]}`;
			issues.push({
				line: lines[i],
				entryId: id,
				severity: "error",
				code: "missing-id",
				message: `Entry has no string id; shown as "${id}"`,
			});
			e.id = id;
		}
		if (e.parentId === undefined) {
			issues.push({
				line: lines[i],
				entryId: e.id as string,
				severity: "warning",
				code: "missing-parent-id",
				message: "Entry has no parentId: treated as a root",
			});
			e.parentId = null;
		} else if (e.parentId !== null && typeof e.parentId !== "string") {
			issues.push({
				line: lines[i],
				entryId: e.id as string,
				severity: "error",
				code: "bad-parent-id",
				message: `parentId is ${describeJson(e.parentId)}, not a string or null: treated as a root`,
			});
			e.parentId = null;
		}
	}
}

/** Parses a whole session file (see `createSessionParser`). */
export function parseSession(text: string): ParsedSession {
	const parser = createSessionParser();
	parser.push(text);
	return parser.finish();
}

function clip(text: string, max = MAX_REASON_CHARS): string {
	return text.length > max ? `${text.slice(0, max)}…` : text;
}

function describeJson(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return `a ${typeof value}`;
}
