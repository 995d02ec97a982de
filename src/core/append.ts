import { CURRENT_VERSION, createSessionParser, currentLeafId } from "./parse";
import { extendTreeIndex, getTreeIndex, TREE_ISSUE_CODES } from "./tree";
import type { ParsedSession, SessionIssue } from "./types";

/**
 * Whether lines appended to this session can be read on their own (`appendSessionText`): a pi
 * file of the current version, whose entries are never migrated or renumbered. Other files
 * (v1/v2, oh-my-pi, v4) are read again in full when they grow.
 */
export function canAppend(session: ParsedSession): boolean {
	return (
		session.header !== null &&
		(session.dialect === undefined || session.dialect === "pi") &&
		session.v4 === undefined &&
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
export function appendSessionText(session: ParsedSession, text: string, firstLine: number): ParsedSession | null {
	if (!canAppend(session)) return null;
	const parser = createSessionParser();
	parser.push(`${JSON.stringify(session.header)}\n`);
	parser.push(text);
	const piece = parser.finish({ diagnostics: false });
	// Parser line 2 is the first appended line.
	const line = (l: number) => l - 2 + firstLine;
	const entries = piece.entries.length === 0 ? session.entries : [...session.entries, ...piece.entries];
	const index = extendTreeIndex(getTreeIndex(session.entries), entries);
	const lines = [...session.lines, ...piece.lines.map(line)];
	const issues: SessionIssue[] = session.issues.filter((i) => !TREE_ISSUE_CODES.has(i.code));
	for (const issue of piece.issues) {
		if (TREE_ISSUE_CODES.has(issue.code) || issue.code === "blank-lines") continue;
		issues.push(issue.line !== undefined ? { ...issue, line: line(issue.line) } : issue);
	}
	for (const { position, issue } of index.issues) {
		issues.push({ ...issue, line: position !== undefined ? lines[position] : undefined });
	}
	return { ...session, entries, lines, issues, leafId: currentLeafId(entries) };
}
