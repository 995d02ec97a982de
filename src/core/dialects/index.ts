/**
 * The formats the explorer reads, one record of rules each (`DialectRules`), and how a session's
 * dialect is told.
 *
 * The parser asks each format in turn whether it claims a file by its first line (oh-my-pi's
 * title slot, a v4 header); a claimed file is stamped (`dialect` on every entry, so it survives
 * copies, worker messages and storage) or read by the format's own line reader. An unclaimed file
 * is pi's, unless an entry only another format writes turns up (older oh-my-pi files have no
 * title slot): `dialectOf` finds that from the entries. pi files are never stamped, so their
 * entries stay exactly as pi wrote them.
 *
 * Adding a format: a folder beside `pi/` with its record, and one line in `DIALECTS`.
 */
import type { TreeIndex } from "../session/tree";
import type { Dialect, SessionEntry, SessionIssue } from "../session/types";
import { derivedKey } from "../util/derived";
import { claudeRules } from "./claude/index";
import { codexRules } from "./codex/index";
import { ompRules } from "./omp/index";
import { piRules } from "./pi/index";
import type { DialectRules, Fields, FileClaim, MarkerFields } from "./rules";
import { v4Rules } from "./v4/index";

export { OMP_TITLE_SLOT_BYTES, type OmpTitleSlot, readOmpTitleSlot } from "./omp/recognise";
export type { DialectRules, Fields, FileClaim, LineReader, MarkerFields, ProviderPayload, ReadSession } from "./rules";
export { isV4Header } from "./v4/reader";

/** Every format, pi's first (the one a file is read as when no other claims it). */
export const DIALECTS: readonly DialectRules[] = [piRules, ompRules, v4Rules, claudeRules, codexRules];

/** The rules of `dialect`. */
export function rulesOf(dialect: Dialect): DialectRules {
	for (const rules of DIALECTS) if (rules.name === dialect) return rules;
	return piRules;
}

/** Whether `value` names a registered format. */
export function isDialect(value: unknown): value is Dialect {
	return DIALECTS.some((rules) => rules.name === value);
}

/** The claim of the first format that claims a file by its first object line, or null. */
export function claimFile(first: Fields, line: number, report: (issue: SessionIssue) => void): FileClaim | null {
	for (const rules of DIALECTS) {
		const claim = rules.claim?.(first, line, report);
		if (claim) return claim;
	}
	return null;
}

/** The format one entry line of an unclaimed file shows wrote it (see `DialectRules.marks`), or null. */
export function markedBy(line: MarkerFields): Dialect | null {
	for (const rules of DIALECTS) if (rules.marks?.(line)) return rules.name;
	return null;
}

const DIALECT = derivedKey<Dialect>("dialect");

/**
 * The dialect of a session's entries: the parser's stamp on the first entry, else the format an
 * entry shows wrote them (`markedBy`), else pi. O(1) for stamped entries; else one pass, kept with
 * `index` when given (a scratch copy of its entries shares it).
 */
export function dialectOf(entries: readonly SessionEntry[], index?: TreeIndex): Dialect {
	const stamp = entries[0]?.dialect;
	if (stamp !== undefined && stamp !== "pi") return stamp;
	const find = (): Dialect => {
		for (const e of entries) {
			const by = e ? markedBy(e) : null;
			if (by) return by;
		}
		return "pi";
	};
	return index && index.entries.length === entries.length ? index.derived.get(DIALECT, find) : find();
}

/**
 * The dialect of an index whose entries are preview skeletons (each only a type and a role) but
 * for those in `whole`, from the shapes met rather than entry by entry: kept with the index.
 */
export function noteSkeletonDialect(
	index: TreeIndex,
	shapes: readonly { type: string; role?: string }[],
	whole: readonly SessionEntry[],
): void {
	let dialect: Dialect | null = null;
	for (const s of shapes) {
		dialect = markedBy(s.role === undefined ? { type: s.type } : { type: s.type, message: { role: s.role } });
		if (dialect) break;
	}
	for (let i = 0; dialect === null && i < whole.length; i++) dialect = markedBy(whole[i]);
	index.derived.set(DIALECT, dialect ?? "pi");
}

/**
 * One line for the session header view: "oh-my-pi session, format 3"; for another agent's file,
 * its version as the file records it ("Claude Code 2.1.17 session").
 */
export function describeDialect(dialect: Dialect, version: number, agentVersion?: string): string {
	const { label, note } = rulesOf(dialect);
	const line = agentVersion ? `${label} ${agentVersion} session` : `${label} session, format ${version}`;
	return note ? `${line} (${note})` : line;
}
