import { claimFile, dialectOf, type LineReader, markedBy, type ReadSession, rulesOf } from "../dialects/index";
import { fieldOf, isRecord, stringField } from "../util/fields";
import { collectDiagnostics } from "./diagnostics";
import { migrateEntries } from "./migrate";
import { buildTreeIndex } from "./tree";
import type { Dialect, ParsedSession, SessionEntry, SessionHeader, SessionIssue } from "./types";
import { entryOfObject, isHeaderLine, KNOWN_ENTRY_TYPES, KNOWN_ROLES } from "./types";

/** The newest session format version this explorer understands. */
export const CURRENT_VERSION = 3;

const MAX_REASON_CHARS = 200;
/** Per-code cap on line issues so a flood of bad lines cannot flood memory; a summary follows. */
const MAX_ISSUES_PER_CODE = 1000;

export interface FinishOptions {
	/**
	 * Run the semantic checks (`collectDiagnostics`) and add their issues (default true). A loader
	 * that wants the entries sooner passes false and runs `collectDiagnostics` itself afterwards:
	 * its issues are then exactly the ones a full `finish()` would have appended.
	 */
	diagnostics?: boolean;
}

/** Incremental JSONL session parser: feed text chunks in file order, then `finish()`. */
export interface SessionParser {
	push(chunk: string): void;
	/** Bytes or characters seen so far is the caller's business; this reports lines. */
	readonly lineCount: number;
	finish(options?: FinishOptions): ParsedSession;
}

export interface ParserOptions {
	/**
	 * Once a line is taken in (its issues reported), each string in it longer than this is cut to a
	 * copy of its first `SHRUNK_CHARS` characters. For a reader of the entries' shapes, not their
	 * text (the checks): a 100 MB session parsed so for them takes a fraction of the memory.
	 * 0 (the default): nothing is cut.
	 */
	shrinkStringsOver?: number;
}

/** What a cut string keeps: more than any issue quotes of a value (see `clip` in diagnostics). */
export const SHRUNK_CHARS = 64;

/**
 * Creates an incremental parser. Lines may be split across chunks anywhere; CRLF line ends and
 * a leading BOM are accepted. Nothing is thrown for bad input: every problem becomes an issue
 * with its line number, and every good line is kept.
 */
export function createSessionParser(options: ParserOptions = {}): SessionParser {
	return new LineParser(options.shrinkStringsOver ?? 0);
}

/** A flat copy of the start of `text` (a slice would keep the whole string alive). */
function flatPrefix(text: string): string {
	return Array.from(text.slice(0, SHRUNK_CHARS)).join("");
}

/** Members whose strings are never cut: ids (`id`, `parentId`, `toolCallId`…), which are compared whole. */
const ID_KEY = /ids?$/i;

/**
 * Cuts each string member longer than `over` inside `value` (a parsed line) to its start, in
 * place. Left whole: ids (see `ID_KEY`), strings that are array items, and members named
 * `__proto__` (writing one would set the prototype).
 */
export function shrinkStrings(value: unknown, over: number): void {
	const stack: unknown[] = [value];
	while (stack.length > 0) {
		const v = stack.pop();
		if (Array.isArray(v)) {
			for (const x of v) if (x !== null && typeof x === "object") stack.push(x);
			continue;
		}
		if (!isRecord(v)) continue;
		const record = v;
		for (const key of Object.keys(record)) {
			const x = record[key];
			if (typeof x === "string") {
				if (x.length > over && key !== "__proto__" && !ID_KEY.test(key)) record[key] = flatPrefix(x);
			} else if (x !== null && typeof x === "object") stack.push(x);
		}
	}
}

/**
 * A class rather than closures: one shape and one set of call targets for every parser, so
 * optimised code is shared across parsers instead of being thrown away for each new one. The
 * shape (a V8 map reached by adding the fields) is only held weakly: once no parser is alive a GC
 * drops it, and with it the optimised `push`, so the next file would start cold. One empty
 * parser that is never fed (`shapeKeeper`) holds it.
 */
class LineParser implements SessionParser {
	private rest = "";
	private lineNo = 0;
	private started = false;
	private header: SessionHeader | null = null;
	private headerLine = 0;
	private headerObjectIndex = 0;
	private readonly entries: SessionEntry[] = [];
	private readonly lines: number[] = [];
	private readonly issues: SessionIssue[] = [];
	private readonly issueCounts = new Map<string, number>();
	/** Headers after the first: [entries seen before it, header]. */
	private readonly extraHeaders: [number, SessionHeader][] = [];
	private blankLines = 0;
	private lastNonBlankLine = 0;
	/** The dialect so far (see `dialects/index.ts`); `stampDialect` when known before the first entry. */
	private dialect: Dialect = "pi";
	private stampDialect = false;
	/** The title the claiming format's first line gave, and that line (oh-my-pi's title slot). */
	private claimTitle: string | undefined;
	private claimLine = 0;
	/** Set when the format that claimed the file reads its lines itself: every later line goes to it. */
	private reader: LineReader | null = null;
	static readonly shapeKeeper: LineParser = new LineParser(0);

	/** See `ParserOptions.shrinkStringsOver`. */
	constructor(private readonly shrinkOver: number) {}

	get lineCount(): number {
		return this.lineNo;
	}

	private report(issue: SessionIssue): void {
		const n = (this.issueCounts.get(issue.code) ?? 0) + 1;
		this.issueCounts.set(issue.code, n);
		if (n <= MAX_ISSUES_PER_CODE) this.issues.push(issue);
	}

	private reportBadJson(err: unknown, isLast: boolean): void {
		const reason = err instanceof Error ? err.message : String(err);
		this.report({
			line: this.lineNo,
			severity: "error",
			code: isLast ? "truncated-line" : "malformed-json",
			message: `${isLast ? "Last line is incomplete or malformed (truncated file?)" : "Malformed JSON"}: ${clip(reason)}`,
		});
	}

	/** Takes the parsed value of line `lineNo`: the header, an entry, or an issue. */
	private accept(value: unknown): void {
		if (!isRecord(value)) {
			this.report({
				line: this.lineNo,
				severity: "error",
				code: "not-an-object",
				message: `Line is JSON but not an object (${describeJson(value)}); each line must be one entry object`,
			});
			return;
		}
		const obj = value;
		if (this.reader !== null) {
			this.reader.accept(obj, this.lineNo);
			return;
		}
		if (this.header === null && this.entries.length === 0 && this.claimLine === 0) {
			const claim = claimFile(obj, this.lineNo, (issue) => this.report(issue));
			if (claim) {
				this.dialect = claim.dialect;
				this.claimLine = this.lineNo;
				if ("reader" in claim) this.reader = claim.reader;
				else {
					this.stampDialect = true;
					this.claimTitle = claim.title;
				}
				return;
			}
		}
		const type = obj.type;
		if (isHeaderLine(obj)) {
			if (this.header === null) {
				this.header = obj;
				this.headerLine = this.lineNo;
				this.headerObjectIndex = this.entries.length;
			} else {
				// pi's v1 migration counts every parsed line, later headers included.
				this.extraHeaders.push([this.entries.length, obj]);
				this.report({
					line: this.lineNo,
					severity: "warning",
					code: "duplicate-header",
					message: `A second session header (first on line ${this.headerLine}) was ignored`,
				});
			}
			return;
		}
		if (this.dialect === "pi") this.dialect = markedBy(obj) ?? "pi";
		if (this.stampDialect) obj.dialect = this.dialect;
		this.entries.push(entryOfObject(obj));
		this.lines.push(this.lineNo);
		if (type === "message") {
			const message = obj.message;
			const role = message && typeof message === "object" ? fieldOf(message, "role") : undefined;
			const known =
				typeof role === "string" &&
				(KNOWN_ROLES.has(role) || role === "hookMessage" || rulesOf(this.dialect).roles.has(role));
			if (!known) {
				this.report({
					line: this.lineNo,
					entryId: typeof obj.id === "string" ? obj.id : undefined,
					severity: "warning",
					code: message && typeof message === "object" ? "unknown-role" : "missing-message",
					message:
						message && typeof message === "object"
							? `Unknown message role ${JSON.stringify(role)}`
							: "Message entry without a `message` object",
				});
			}
		} else if (typeof type !== "string") {
			this.report({
				line: this.lineNo,
				severity: "error",
				code: "missing-type",
				message: "Entry has no string `type`",
			});
		} else if (!KNOWN_ENTRY_TYPES.has(type)) {
			this.report({
				line: this.lineNo,
				entryId: typeof obj.id === "string" ? obj.id : undefined,
				severity: "warning",
				code: "unknown-entry-type",
				message: `Unknown entry type "${clip(type, 60)}": kept and shown, not sent to the model`,
			});
		}
	}

	/**
	 * The common case, checked inline: a message entry with a known role. Takes it and returns
	 * true, or returns false and leaves the value to `accept` (which would find nothing to report).
	 */
	private acceptMessage(value: unknown, lineNo: number): boolean {
		if (this.stampDialect || this.reader !== null) return false;
		if (!isRecord(value) || value.type !== "message") return false;
		const message = value.message;
		if (!isRecord(message)) return false;
		const role = message.role;
		if (typeof role !== "string" || !KNOWN_ROLES.has(role)) return false;
		this.entries.push(entryOfObject(value));
		this.lines.push(lineNo);
		return true;
	}

	/** Any line in full generality: the first, one spanning chunks, the last, blank or odd ones. */
	private handleLine(raw: string, isLast: boolean): void {
		this.lineNo++;
		let line = raw;
		if (!this.started) {
			this.started = true;
			if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
		}
		const len = line.length;
		if (len > 0 && line.charCodeAt(len - 1) === 13) line = line.slice(0, len - 1);
		if (line.charCodeAt(0) !== 123 /* { */ && line.trim() === "") {
			this.blankLines++;
			return;
		}
		this.lastNonBlankLine = this.lineNo;
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch (err) {
			this.reportBadJson(err, isLast);
			return;
		}
		this.accept(value);
		if (this.shrinkOver > 0) shrinkStrings(value, this.shrinkOver);
	}

	push(chunk: string): void {
		if (chunk.length === 0) return;
		let nl = chunk.indexOf("\n");
		if (nl === -1) {
			this.rest += chunk;
			return;
		}
		const rest = this.rest;
		this.handleLine(rest.length > 0 ? rest + chunk.slice(0, nl) : chunk.slice(0, nl), false);
		this.rest = "";
		let start = nl + 1;
		nl = chunk.indexOf("\n", start);
		// The hot loop: a whole line that starts with "{" (CRLF allowed) goes straight to JSON.parse.
		while (nl !== -1) {
			let end = nl;
			if (end > start && chunk.charCodeAt(end - 1) === 13) end--;
			if (chunk.charCodeAt(start) === 123 /* { */) {
				const lineNo = ++this.lineNo;
				this.lastNonBlankLine = lineNo;
				let value: unknown;
				try {
					value = JSON.parse(chunk.slice(start, end));
				} catch (err) {
					this.reportBadJson(err, false);
					value = undefined;
				}
				if (value !== undefined && !this.acceptMessage(value, lineNo)) this.accept(value);
				if (this.shrinkOver > 0) shrinkStrings(value, this.shrinkOver);
			} else {
				this.handleLine(chunk.slice(start, nl), false);
			}
			start = nl + 1;
			nl = chunk.indexOf("\n", start);
		}
		this.rest = chunk.slice(start);
	}

	/** Every parsed object in file order, headers included, as pi's v1 migration indexes them. */
	private objectOrder(): (SessionEntry | SessionHeader)[] {
		const headers: [number, SessionHeader][] = [...this.extraHeaders];
		if (this.header !== null) headers.unshift([this.headerObjectIndex, this.header]);
		if (headers.length === 0) return this.entries;
		const out: (SessionEntry | SessionHeader)[] = [];
		let h = 0;
		for (let i = 0; i <= this.entries.length; i++) {
			while (h < headers.length && headers[h][0] === i) out.push(headers[h++][1]);
			if (i < this.entries.length) out.push(this.entries[i]);
		}
		return out;
	}

	finish(options: FinishOptions = {}): ParsedSession {
		if (this.rest.length > 0) {
			this.handleLine(this.rest, true);
			this.rest = "";
		}
		const { blankLines, lineNo, lastNonBlankLine, issues, entries, header } = this;
		if (blankLines > 0 && lineNo - lastNonBlankLine === blankLines) {
			// only trailing blank lines: normal for files that end in newlines; not worth an issue
		} else if (blankLines > 0) {
			this.report({
				severity: "info",
				code: "blank-lines",
				message: `${blankLines} blank line${blankLines === 1 ? "" : "s"} skipped`,
			});
		}
		for (const [code, n] of this.issueCounts) {
			if (n > MAX_ISSUES_PER_CODE) {
				issues.push({
					severity: "warning",
					code: "too-many-issues",
					message: `${n - MAX_ISSUES_PER_CODE} more "${code}" issues not listed`,
				});
			}
		}
		if (this.reader !== null)
			return finishRead(this.reader.finish(), this.dialect, issues, options.diagnostics !== false);
		const objectOrder = this.objectOrder();
		const session = finishSession(
			header,
			this.headerLine,
			entries,
			this.lines,
			objectOrder,
			issues,
			options.diagnostics !== false,
			this.claimLine,
		);
		// An exported session keeps the parser's stamps: its entries still say their dialect.
		session.dialect = this.dialect !== "pi" ? this.dialect : dialectOf(entries);
		const slotTitle = this.claimTitle;
		const headerTitle = header && typeof header.title === "string" && header.title !== "" ? header.title : undefined;
		const title = slotTitle ? slotTitle : headerTitle;
		if (title !== undefined) session.title = title;
		return session;
	}
}

function finishSession(
	header: SessionHeader | null,
	headerLine: number,
	entries: SessionEntry[],
	lines: number[],
	objectOrder: (SessionEntry | SessionHeader)[],
	issues: SessionIssue[],
	diagnostics: boolean,
	claimLine = 0,
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
		if (stringField(entries[0], "id") !== undefined) version = CURRENT_VERSION;
	} else {
		// oh-my-pi writes its title slot on line 1, so its header is on line 2 on purpose.
		if (headerLine !== 1 && headerLine !== 0 && !(claimLine > 0 && headerLine === claimLine + 1)) {
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
	const leafId = currentLeafId(entries);
	const index = buildTreeIndex(entries);
	for (const issue of index.issues) {
		const pos = issue.position;
		issues.push({ ...issue.issue, line: pos !== undefined ? lines[pos] : undefined });
	}
	if (diagnostics) collectDiagnostics(entries, index, lines, issues);
	return { header, entries, leafId, version: declared ?? 1, issues, lines, migrated };
}

/**
 * The leaf the agent resumes from: the last entry in file order, except that a newer pi `leaf`
 * entry moves it to its `targetId` (null: before the first entry) and is not a leaf itself.
 */
export function currentLeafId(entries: readonly SessionEntry[]): string | null {
	if (entries.length === 0) return null;
	const last = entries[entries.length - 1];
	if (last.type === "leaf") {
		const targetId = last.targetId;
		if (targetId === null || typeof targetId === "string") return targetId;
	}
	return last.id;
}

/**
 * A file its format's reader read (see `FileClaim`): its issues after the line issues, then the
 * tree's and the checks'.
 */
function finishRead(read: ReadSession, dialect: Dialect, issues: SessionIssue[], diagnostics: boolean): ParsedSession {
	const { entries, lines } = read;
	for (const issue of read.issues) issues.push(issue);
	const index = buildTreeIndex(entries);
	for (const issue of index.issues) {
		const pos = issue.position;
		issues.push({ ...issue.issue, line: pos !== undefined ? lines[pos] : undefined });
	}
	if (diagnostics) collectDiagnostics(entries, index, lines, issues);
	return {
		header: read.header,
		entries,
		leafId: read.leafId,
		version: read.version,
		issues,
		lines,
		migrated: false,
		dialect,
		...(read.title !== undefined ? { title: read.title } : {}),
		...(read.v4 !== undefined ? { v4: read.v4 } : {}),
	};
}

/**
 * v2+ entries must carry `id` and `parentId`. A missing id gets a stable synthetic one
 * (`line-N`) so the entry can still be shown and linked; a missing parentId is read as null.
 */
function assignMissingIds(entries: SessionEntry[], lines: number[], issues: SessionIssue[]): void {
	for (let i = 0; i < entries.length; i++) {
		// The types say what the file should hold; what it holds is checked here.
		const e = entries[i];
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
				entryId: e.id,
				severity: "warning",
				code: "missing-parent-id",
				message: "Entry has no parentId: treated as a root",
			});
			e.parentId = null;
		} else if (e.parentId !== null && typeof e.parentId !== "string") {
			issues.push({
				line: lines[i],
				entryId: e.id,
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
