import { rulesOf } from "../dialects/index";
import { CURRENT_VERSION, createSessionParser, currentLeafId } from "./parse";
import { buildTreeIndex, extendTreeIndex, TREE_ISSUE_CODES, type TreeIndex } from "./tree";
import type { ParsedSession, SessionEntry, SessionHeader, SessionIssue } from "./types";

/**
 * Whether lines appended to this session can be read on their own (`appendSessionText`): a pi
 * file of the current version, whose entries are never migrated or renumbered. Other files
 * (v1/v2, oh-my-pi, v4) are read again in full when they grow.
 */
export function canAppend(session: Pick<ParsedSession, "header" | "dialect" | "migrated" | "version">): boolean {
	return (
		session.header !== null &&
		rulesOf(session.dialect ?? "pi").appends &&
		!session.migrated &&
		session.version >= CURRENT_VERSION
	);
}

/**
 * `session` with the complete lines `text` (ending in a newline) appended, the first of them line
 * `firstLine` of the file: only `text` is parsed (by the same parser, after the session's header),
 * the tree index is extended (`extendTreeIndex`), and the new lines' problems become issues with
 * their line numbers. The tree's own issues are worked out again for the whole tree; the semantic
 * checks (`collectDiagnostics`) are not rerun. Null when the session cannot grow this way
 * (`canAppend`). The result equals a full parse of the grown file in entries, lines, leaf and
 * line issues.
 */
export function appendSessionText(
	session: ParsedSession,
	text: string,
	firstLine: number,
	index: TreeIndex = buildTreeIndex(session.entries),
): ParsedSession | null {
	if (!canAppend(session) || session.header === null) return null;
	const piece = parseAppended(session.header, text, firstLine);
	const entries = piece.entries.length === 0 ? session.entries : [...session.entries, ...piece.entries];
	const grown = extendTreeIndex(index, entries);
	const lines = [...session.lines, ...piece.lines];
	const issues: SessionIssue[] = session.issues.filter((i) => !TREE_ISSUE_CODES.has(i.code));
	issues.push(...piece.issues);
	for (const { position, issue } of grown.issues) {
		issues.push({ ...issue, line: position !== undefined ? lines[position] : undefined });
	}
	return { ...session, entries, lines, issues, leafId: currentLeafId(entries) };
}

/** Lines appended to a file, parsed (see `parseAppended`). */
export interface AppendedLines {
	entries: SessionEntry[];
	/** Each entry's line number in the file. */
	lines: number[];
	/** The lines' own problems, with their line numbers (the tree's issues are the index's to find). */
	issues: SessionIssue[];
}

/**
 * The complete lines `text` (ending in a newline) of a file whose header is `header`, the first
 * of them line `firstLine`: parsed by the same parser as the whole file, after the header.
 */
export function parseAppended(header: SessionHeader, text: string, firstLine: number): AppendedLines {
	const parser = createSessionParser();
	parser.push(`${JSON.stringify(header)}\n`);
	parser.push(text);
	const piece = parser.finish({ diagnostics: false });
	// Parser line 2 is the first appended line.
	const line = (l: number) => l - 2 + firstLine;
	const issues: SessionIssue[] = [];
	for (const issue of piece.issues) {
		if (TREE_ISSUE_CODES.has(issue.code) || issue.code === "blank-lines") continue;
		issues.push(issue.line !== undefined ? { ...issue, line: line(issue.line) } : issue);
	}
	return { entries: piece.entries, lines: piece.lines.map(line), issues };
}
