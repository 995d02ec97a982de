import { escapeInvisible, safeHref } from "./safeUrl";

/**
 * A small Markdown parser for rendering session text: CommonMark's block structure (paragraphs,
 * ATX and setext headings, thematic breaks, fenced and indented code, block quotes, lists) plus
 * GFM tables, task items and strikethrough; inlines: code spans, emphasis (CommonMark's delimiter
 * rules), links, images (as links, never loaded), autolinks and hard breaks.
 *
 * It never produces HTML: raw HTML in the text stays literal text. Links keep only http(s) and
 * mailto targets; any other link is turned back into its literal source text. The parser is
 * total: every input yields an AST, nesting is bounded and work is close to linear.
 */

export type Inline =
	| { type: "text"; text: string }
	| { type: "code"; text: string }
	| { type: "emphasis"; children: Inline[] }
	| { type: "strong"; children: Inline[] }
	| { type: "strike"; children: Inline[] }
	| { type: "link"; href: string; title?: string; children: Inline[] }
	/** An image reference: shown as a link to `href`, never fetched. */
	| { type: "image"; href: string; alt: string; title?: string }
	| { type: "break" };

export type Align = "left" | "center" | "right" | null;

export interface ListItem {
	/** Task list state: `null` when the item is not a task. */
	checked: boolean | null;
	children: Block[];
}

export type Block =
	| { type: "paragraph"; children: Inline[] }
	| { type: "heading"; level: number; children: Inline[] }
	| { type: "code"; lang: string; text: string }
	| { type: "quote"; children: Block[] }
	| { type: "list"; ordered: boolean; start: number; tight: boolean; items: ListItem[] }
	| { type: "rule" }
	| { type: "table"; align: Align[]; head: Inline[][]; rows: Inline[][][] };

/** Nesting beyond this is kept as plain text (hostile input must not blow the stack). */
const MAX_BLOCK_DEPTH = 16;
const MAX_INLINE_DEPTH = 8;

/** A link's text with its bidi controls and invisible characters shown (see `escapeInvisible`). */
function escapeInlines(nodes: Inline[]): Inline[] {
	return nodes.map((n) => {
		switch (n.type) {
			case "text":
			case "code":
				return { ...n, text: escapeInvisible(n.text) };
			case "emphasis":
			case "strong":
			case "strike":
			case "link":
				return { ...n, children: escapeInlines(n.children) };
			case "image":
				return { ...n, alt: escapeInvisible(n.alt) };
			case "break":
				return n;
			default: {
				const never: never = n;
				return never;
			}
		}
	});
}

/** Parses Markdown text into blocks. Never throws. */
export function parseMarkdown(text: string): Block[] {
	if (typeof text !== "string" || text === "") return [];
	const lines = text.replace(/\r\n?/g, "\n").split("\n");
	return parseBlocks(lines, 0);
}

// ---------------------------------------------------------------------------------------------
// Lines

function isBlank(line: string): boolean {
	return /^[ \t]*$/.test(line);
}

/** Columns of leading whitespace (tabs advance to the next multiple of 4). */
function indentOf(line: string): number {
	let col = 0;
	for (let i = 0; i < line.length; i++) {
		const c = line[i];
		if (c === " ") col++;
		else if (c === "\t") col += 4 - (col % 4);
		else break;
	}
	return col;
}

/** Removes `n` columns of leading whitespace; a tab that is only partly removed leaves spaces. */
function stripIndent(line: string, n: number): string {
	let col = 0;
	let i = 0;
	while (i < line.length && col < n) {
		const c = line[i];
		if (c === " ") col++;
		else if (c === "\t") {
			const next = col + 4 - (col % 4);
			if (next > n) return " ".repeat(next - n) + line.slice(i + 1);
			col = next;
		} else break;
		i++;
	}
	return line.slice(i);
}

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-+*]|\d{1,9}[.)])([ \t]+|$)/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const TASK = /^\[([ xX])\](?:[ \t]+|$)/;

function fenceOpen(line: string): { indent: number; fence: string; info: string } | null {
	const m = FENCE_OPEN.exec(line);
	if (!m) return null;
	if (m[2][0] === "`" && m[3].includes("`")) return null;
	return { indent: m[1].length, fence: m[2], info: m[3].trim() };
}

interface ListMarker {
	indent: number;
	marker: string;
	/** Spaces between the marker and the content. */
	gap: number;
	/** The content column: continuation lines indented this far belong to the item. */
	width: number;
	empty: boolean;
}

function listMarker(line: string): ListMarker | null {
	const m = LIST_ITEM.exec(line);
	if (!m) return null;
	const rest = line.slice(m[0].length);
	const empty = isBlank(rest);
	const spaces = indentOf(line.slice(m[1].length + m[2].length));
	// One to four spaces after the marker set the content column; more means indented code.
	const gap = empty || spaces > 4 ? 1 : spaces;
	return { indent: m[1].length, marker: m[2], gap, width: m[1].length + m[2].length + gap, empty };
}

/** Whether `line` ends a paragraph by starting another block. */
function interruptsParagraph(line: string): boolean {
	if (fenceOpen(line) || ATX.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
	const item = listMarker(line);
	if (!item || item.empty) return false;
	return /^[-+*]$/.test(item.marker) || /^1[.)]$/.test(item.marker);
}

// ---------------------------------------------------------------------------------------------
// Blocks

function parseBlocks(lines: string[], depth: number): Block[] {
	const blocks: Block[] = [];
	if (depth > MAX_BLOCK_DEPTH) {
		const text = lines.join("\n").trim();
		if (text) blocks.push({ type: "paragraph", children: [{ type: "text", text }] });
		return blocks;
	}
	const n = lines.length;
	let i = 0;
	while (i < n) {
		const line = lines[i];
		if (isBlank(line)) {
			i++;
			continue;
		}
		const fence = fenceOpen(line);
		if (fence) {
			i = parseFence(lines, i, fence, blocks);
			continue;
		}
		if (indentOf(line) >= 4) {
			i = parseIndentedCode(lines, i, blocks);
			continue;
		}
		const atx = ATX.exec(line);
		if (atx) {
			blocks.push({ type: "heading", level: atx[1].length, children: parseInlines(atxText(line, atx[0].length)) });
			i++;
			continue;
		}
		if (RULE.test(line)) {
			blocks.push({ type: "rule" });
			i++;
			continue;
		}
		if (QUOTE.test(line)) {
			i = parseQuote(lines, i, depth, blocks);
			continue;
		}
		const item = listMarker(line);
		if (item) {
			i = parseList(lines, i, depth, blocks);
			continue;
		}
		if (i + 1 < n && isTableStart(line, lines[i + 1])) {
			i = parseTable(lines, i, blocks);
			continue;
		}
		i = parseParagraph(lines, i, blocks);
	}
	return blocks;
}

function atxText(line: string, start: number): string {
	let text = line.slice(start).trim();
	// An optional closing sequence of #s, preceded by a space (or the whole content).
	let end = text.length;
	while (end > 0 && text[end - 1] === "#") end--;
	if (end === 0) return "";
	if (end < text.length && (text[end - 1] === " " || text[end - 1] === "\t")) text = text.slice(0, end).trimEnd();
	return text;
}

function parseFence(
	lines: string[],
	start: number,
	open: { indent: number; fence: string; info: string },
	out: Block[],
) {
	const ch = open.fence[0];
	const body: string[] = [];
	let i = start + 1;
	for (; i < lines.length; i++) {
		const line = lines[i];
		const m = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
		if (m && m[1][0] === ch && m[1].length >= open.fence.length) {
			i++;
			break;
		}
		body.push(open.indent > 0 ? stripIndent(line, Math.min(open.indent, indentOf(line))) : line);
	}
	const lang = open.info.split(/[ \t]/)[0] ?? "";
	out.push({ type: "code", lang: unescapeMd(lang), text: body.join("\n") });
	return i;
}

function parseIndentedCode(lines: string[], start: number, out: Block[]): number {
	const body: string[] = [];
	let i = start;
	for (; i < lines.length; i++) {
		const line = lines[i];
		if (isBlank(line)) body.push(stripIndent(line, 4));
		else if (indentOf(line) >= 4) body.push(stripIndent(line, 4));
		else break;
	}
	while (body.length && isBlank(body[body.length - 1])) body.pop();
	out.push({ type: "code", lang: "", text: body.join("\n") });
	return i;
}

function parseQuote(lines: string[], start: number, depth: number, out: Block[]): number {
	const inner: string[] = [];
	let i = start;
	for (; i < lines.length; i++) {
		const line = lines[i];
		const m = QUOTE.exec(line);
		if (m) {
			inner.push(line.slice(m[0].length));
			continue;
		}
		// A lazy continuation line carries on the quoted paragraph.
		const prev = inner[inner.length - 1];
		if (!isBlank(line) && prev !== undefined && !isBlank(prev) && !interruptsParagraph(line) && !fenceOpen(prev)) {
			inner.push(line);
			continue;
		}
		break;
	}
	out.push({ type: "quote", children: parseBlocks(inner, depth + 1) });
	return i;
}

function sameListType(a: string, b: string): boolean {
	const ordered = /\d/.test(a);
	if (ordered !== /\d/.test(b)) return false;
	return ordered ? a[a.length - 1] === b[b.length - 1] : a === b;
}

function parseList(lines: string[], start: number, depth: number, out: Block[]): number {
	const first = listMarker(lines[start]);
	if (!first) return start + 1;
	const ordered = /\d/.test(first.marker);
	const items: ListItem[] = [];
	let tight = true;
	let i = start;
	while (i < lines.length) {
		const marker = listMarker(lines[i]);
		if (!marker || !sameListType(marker.marker, first.marker) || RULE.test(lines[i])) break;
		const width = marker.width;
		const body: string[] = [stripIndent(lines[i].slice(marker.indent + marker.marker.length), marker.gap)];
		let j = i + 1;
		for (; j < lines.length; j++) {
			const line = lines[j];
			if (isBlank(line)) {
				// An item may start with at most one blank line.
				if (marker.empty && body.length === 1 && isBlank(body[0])) break;
				body.push("");
				continue;
			}
			if (indentOf(line) >= width) {
				body.push(stripIndent(line, width));
				continue;
			}
			const prev = lines[j - 1];
			if (!isBlank(prev) && !interruptsParagraph(line) && !listMarker(line) && !fenceOpen(body[0])) {
				body.push(line);
				continue;
			}
			break;
		}
		let trailingBlank = false;
		while (body.length > 1 && isBlank(body[body.length - 1])) {
			body.pop();
			trailingBlank = true;
		}
		let checked: boolean | null = null;
		const task = TASK.exec(body[0]);
		if (task) {
			checked = task[1] !== " ";
			body[0] = body[0].slice(task[0].length);
		}
		const children = parseBlocks(body, depth + 1);
		if (children.length > 1 && body.some((l, k) => k > 0 && isBlank(l))) tight = false;
		items.push({ checked, children });
		i = j;
		if (trailingBlank && i < lines.length) {
			const next = listMarker(lines[i]);
			if (next && sameListType(next.marker, first.marker)) tight = false;
		}
	}
	out.push({ type: "list", ordered, start: ordered ? Number.parseInt(first.marker, 10) : 1, tight, items });
	return i;
}

function splitRow(line: string): string[] {
	let s = line.trim();
	if (s.startsWith("|")) s = s.slice(1);
	if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
	const cells: string[] = [];
	let cell = "";
	for (let i = 0; i < s.length; i++) {
		const c = s[i];
		if (c === "\\" && s[i + 1] === "|") {
			cell += "|";
			i++;
		} else if (c === "|") {
			cells.push(cell.trim());
			cell = "";
		} else cell += c;
	}
	cells.push(cell.trim());
	return cells;
}

function delimiterRow(line: string): Align[] | null {
	if (!line.includes("-") || !/^[\s|:-]+$/.test(line)) return null;
	const cells = splitRow(line);
	const align: Align[] = [];
	for (const c of cells) {
		if (!/^:?-+:?$/.test(c)) return null;
		const left = c.startsWith(":");
		const right = c.endsWith(":");
		align.push(left && right ? "center" : right ? "right" : left ? "left" : null);
	}
	return align;
}

function isTableStart(line: string, next: string): boolean {
	if (!line.includes("|") || indentOf(line) >= 4) return false;
	const align = delimiterRow(next);
	return align !== null && splitRow(line).length === align.length;
}

function parseTable(lines: string[], start: number, out: Block[]): number {
	const align = delimiterRow(lines[start + 1]) ?? [];
	const width = align.length;
	const cells = (line: string) => {
		const raw = splitRow(line).slice(0, width);
		while (raw.length < width) raw.push("");
		return raw.map((c) => parseInlines(c));
	};
	const head = cells(lines[start]);
	const rows: Inline[][][] = [];
	let i = start + 2;
	for (; i < lines.length; i++) {
		const line = lines[i];
		if (isBlank(line) || interruptsParagraph(line)) break;
		rows.push(cells(line));
	}
	out.push({ type: "table", align, head, rows });
	return i;
}

function parseParagraph(lines: string[], start: number, out: Block[]): number {
	const para: string[] = [lines[start].trimStart()];
	let i = start + 1;
	for (; i < lines.length; i++) {
		const line = lines[i];
		if (isBlank(line)) break;
		const setext = SETEXT.exec(line);
		if (setext) {
			const level = setext[1][0] === "=" ? 1 : 2;
			out.push({ type: "heading", level, children: parseInlines(para.join("\n").trim()) });
			return i + 1;
		}
		if (interruptsParagraph(line)) break;
		if (i + 1 < lines.length && isTableStart(line, lines[i + 1])) break;
		para.push(line.trimStart());
	}
	out.push({ type: "paragraph", children: parseInlines(para.join("\n").trimEnd()) });
	return i;
}

// ---------------------------------------------------------------------------------------------
// Inlines

interface Delim {
	type: "delim";
	ch: string;
	count: number;
	/** Length of the run as written (the rule of three uses it). */
	orig: number;
	canOpen: boolean;
	canClose: boolean;
}

type Item = Inline | Delim;

const PUNCT = /[\p{P}\p{S}]/u;
const SPACE = /\s/u;
const ESCAPABLE = /[!-/:-@[-`{-~]/;

/** Backslash escapes in link targets, titles and code fence info strings. */
function unescapeMd(s: string): string {
	return s.replace(/\\([!-/:-@[-`{-~])/g, "$1");
}

/** Parses inline Markdown. Never throws. */
export function parseInlines(text: string, depth = 0): Inline[] {
	if (depth > MAX_INLINE_DEPTH) return text ? [{ type: "text", text }] : [];
	const p = new InlineParser(text, depth);
	return p.run();
}

class InlineParser {
	private items: Item[] = [];
	private buf = "";
	private brackets: Map<number, number> | null = null;

	constructor(
		private readonly s: string,
		private readonly depth: number,
		private readonly inLink = false,
	) {}

	run(): Inline[] {
		const s = this.s;
		let i = 0;
		while (i < s.length) {
			const c = s[i];
			switch (c) {
				case "\\":
					i = this.escape(i);
					break;
				case "`":
					i = this.codeSpan(i);
					break;
				case "*":
				case "_":
				case "~":
					i = this.delimiter(i);
					break;
				case "!":
					if (s[i + 1] === "[") i = this.link(i + 1, true);
					else {
						this.buf += c;
						i++;
					}
					break;
				case "[":
					i = this.link(i, false);
					break;
				case "<":
					i = this.autolink(i);
					break;
				case "\n":
					i = this.newline(i);
					break;
				case "h":
				case "H":
					i = this.bareUrl(i);
					break;
				default:
					this.buf += c;
					i++;
			}
		}
		this.flush();
		return processEmphasis(this.items);
	}

	private flush() {
		if (this.buf) {
			this.items.push({ type: "text", text: this.buf });
			this.buf = "";
		}
	}

	private push(node: Item) {
		this.flush();
		this.items.push(node);
	}

	private escape(i: number): number {
		const next = this.s[i + 1];
		if (next === "\n") {
			this.push({ type: "break" });
			return i + 2;
		}
		if (next !== undefined && ESCAPABLE.test(next)) {
			this.buf += next;
			return i + 2;
		}
		this.buf += "\\";
		return i + 1;
	}

	private codeSpan(i: number): number {
		const s = this.s;
		let n = 0;
		while (s[i + n] === "`") n++;
		const open = s.slice(i, i + n);
		let from = i + n;
		while (true) {
			const at = s.indexOf(open, from);
			if (at === -1) {
				this.buf += open;
				return i + n;
			}
			let m = 0;
			while (s[at + m] === "`") m++;
			if (m === n) {
				let code = s.slice(i + n, at).replace(/\n/g, " ");
				if (code.length > 2 && code.startsWith(" ") && code.endsWith(" ") && code.trim() !== "") {
					code = code.slice(1, -1);
				}
				this.push({ type: "code", text: code });
				return at + n;
			}
			from = at + m;
		}
	}

	private delimiter(i: number): number {
		const s = this.s;
		const ch = s[i];
		let n = 0;
		while (s[i + n] === ch) n++;
		if (ch === "~" && n !== 2) {
			this.buf += s.slice(i, i + n);
			return i + n;
		}
		const before = i > 0 ? s[i - 1] : " ";
		const after = i + n < s.length ? s[i + n] : " ";
		const beforeSpace = SPACE.test(before);
		const afterSpace = SPACE.test(after);
		const beforePunct = PUNCT.test(before);
		const afterPunct = PUNCT.test(after);
		const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
		const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
		const canOpen = ch === "_" ? left && (!right || beforePunct) : left;
		const canClose = ch === "_" ? right && (!left || afterPunct) : right;
		this.push({ type: "delim", ch, count: n, orig: n, canOpen, canClose });
		return i + n;
	}

	/** `[label](dest "title")` or `![alt](dest)`; `i` points at `[`. */
	private link(i: number, image: boolean): number {
		const s = this.s;
		const start = image ? i - 1 : i;
		const literal = () => {
			this.buf += image ? "![" : "[";
			return i + 1;
		};
		if (this.inLink && !image) return literal();
		this.brackets ??= matchBrackets(s);
		const close = this.brackets.get(i);
		if (close === undefined || s[close + 1] !== "(") return literal();
		const dest = parseDestination(s, close + 2);
		if (!dest) return literal();
		const label = s.slice(i + 1, close);
		const href = safeHref(dest.url);
		const source = s.slice(start, dest.end);
		if (href === null) {
			// Not a target we link to: show exactly what was written.
			this.buf += source;
			return dest.end;
		}
		const title = dest.title !== undefined ? { title: escapeInvisible(dest.title) } : {};
		if (image) {
			this.push({
				type: "image",
				href,
				alt: escapeInvisible(plainText(parseInlines(label, this.depth + 1))),
				...title,
			});
		} else {
			const children =
				this.depth + 1 > MAX_INLINE_DEPTH
					? [{ type: "text" as const, text: label }]
					: new InlineParser(label, this.depth + 1, true).run();
			this.push({ type: "link", href, ...title, children: escapeInlines(children) });
		}
		return dest.end;
	}

	private autolink(i: number): number {
		const m = /^<((?:https?:\/\/|mailto:)[^\s<>]*)>/i.exec(this.s.slice(i, i + 2050));
		const href = m ? safeHref(m[1]) : null;
		if (!m || href === null || this.inLink) {
			this.buf += "<";
			return i + 1;
		}
		this.push({ type: "link", href, children: [{ type: "text", text: escapeInvisible(m[1]) }] });
		return i + m[0].length;
	}

	private bareUrl(i: number): number {
		const s = this.s;
		const prev = i > 0 ? s[i - 1] : " ";
		const head = s.slice(i, i + 8).toLowerCase();
		const candidate = !this.inLink && /[\s(*_~]/.test(prev) && (head.startsWith("http://") || head === "https://");
		const m = candidate ? /^https?:\/\/[^\s<]+/i.exec(s.slice(i, i + 2050)) : null;
		if (!m) {
			this.buf += s[i];
			return i + 1;
		}
		let url = m[0];
		// Trailing punctuation ends the sentence, not the address; so does an unbalanced ")".
		while (url.length > 0) {
			const last = url[url.length - 1];
			if (/[?!.,:;*_~'"]/.test(last)) url = url.slice(0, -1);
			else if (last === ")" && count(url, "(") < count(url, ")")) url = url.slice(0, -1);
			else break;
		}
		const href = safeHref(url);
		if (href === null) {
			this.buf += s[i];
			return i + 1;
		}
		this.push({ type: "link", href, children: [{ type: "text", text: escapeInvisible(url) }] });
		return i + url.length;
	}

	private newline(i: number): number {
		let end = this.buf.length;
		while (end > 0 && this.buf[end - 1] === " ") end--;
		const spaces = this.buf.length - end;
		if (spaces > 0) this.buf = this.buf.slice(0, end);
		if (spaces >= 2) this.push({ type: "break" });
		else this.buf += "\n";
		let j = i + 1;
		while (this.s[j] === " ") j++;
		return j;
	}
}

function count(s: string, ch: string): number {
	let n = 0;
	for (const c of s) if (c === ch) n++;
	return n;
}

/**
 * For every `[` of `s`, the index of the `]` that closes it (brackets balance; backslash escapes
 * and code spans are skipped), computed in one pass.
 */
function matchBrackets(s: string): Map<number, number> {
	const matches = new Map<number, number>();
	const open: number[] = [];
	for (let j = 0; j < s.length; j++) {
		const c = s[j];
		if (c === "\\") j++;
		else if (c === "[") open.push(j);
		else if (c === "]") {
			const at = open.pop();
			if (at !== undefined) matches.set(at, j);
		} else if (c === "`") {
			let n = 0;
			while (s[j + n] === "`") n++;
			const end = s.indexOf("`".repeat(n), j + n);
			j = end !== -1 ? end + n - 1 : j + n - 1;
		}
	}
	return matches;
}

/** The `(dest "title")` part of a link starting after `(`; `end` is just past `)`. */
function parseDestination(s: string, i: number): { url: string; title?: string; end: number } | null {
	let j = i;
	while (s[j] === " " || s[j] === "\t" || s[j] === "\n") j++;
	let url = "";
	if (s[j] === "<") {
		const end = s.indexOf(">", j + 1);
		if (end === -1) return null;
		url = s.slice(j + 1, end);
		if (url.includes("\n") || url.includes("<")) return null;
		j = end + 1;
	} else {
		const from = j;
		let parens = 0;
		for (; j < s.length; j++) {
			const c = s[j];
			if (c === "\\" && j + 1 < s.length && ESCAPABLE.test(s[j + 1])) j++;
			else if (c === "(") {
				parens++;
				if (parens > 32) return null;
			} else if (c === ")") {
				if (parens === 0) break;
				parens--;
			} else if (c === " " || c === "\t" || c === "\n") break;
		}
		url = s.slice(from, j);
	}
	let title: string | undefined;
	let k = j;
	while (s[k] === " " || s[k] === "\t" || s[k] === "\n") k++;
	const q = s[k];
	if (k > j && (q === '"' || q === "'" || q === "(")) {
		const closeCh = q === "(" ? ")" : q;
		let e = k + 1;
		while (e < s.length && s[e] !== closeCh) e += s[e] === "\\" ? 2 : 1;
		if (e >= s.length) return null;
		title = unescapeMd(s.slice(k + 1, e));
		k = e + 1;
		while (s[k] === " " || s[k] === "\t" || s[k] === "\n") k++;
	}
	if (s[k] !== ")") return null;
	return { url: unescapeMd(url), ...(title !== undefined ? { title } : {}), end: k + 1 };
}

function isDelim(item: Item | undefined): item is Delim {
	return item !== undefined && item.type === "delim";
}

/** The delimiter run a node of the delimiter stack holds (only delimiter nodes are linked there). */
function delimOf(node: Node): Delim {
	const item = node.item;
	if (!isDelim(item)) throw new Error("A node of the delimiter stack holds no delimiter");
	return item;
}

function asInline(item: Item): Inline {
	return isDelim(item) ? { type: "text", text: item.ch.repeat(item.count) } : item;
}

interface Node {
	item: Item;
	prev: Node | null;
	next: Node | null;
	/** Neighbours in the delimiter stack (delimiter nodes only). */
	prevDelim: Node | null;
	nextDelim: Node | null;
}

/**
 * CommonMark's "process emphasis": pairs delimiter runs into emphasis, strong and strike nodes.
 * Works on a linked list so each node is moved into a parent at most once (linear time apart
 * from the bounded search back for openers).
 */
function processEmphasis(items: Item[]): Inline[] {
	const head: Node = { item: { type: "text", text: "" }, prev: null, next: null, prevDelim: null, nextDelim: null };
	let tail = head;
	let firstDelim: Node | null = null;
	let lastDelim: Node | null = null;
	for (const item of items) {
		const node: Node = { item, prev: tail, next: null, prevDelim: null, nextDelim: null };
		tail.next = node;
		tail = node;
		if (isDelim(item)) {
			node.prevDelim = lastDelim;
			if (lastDelim) lastDelim.nextDelim = node;
			else firstDelim = node;
			lastDelim = node;
		}
	}
	const unlinkDelim = (d: Node) => {
		if (d.prevDelim) d.prevDelim.nextDelim = d.nextDelim;
		else firstDelim = d.nextDelim;
		if (d.nextDelim) d.nextDelim.prevDelim = d.prevDelim;
		d.prevDelim = d.nextDelim = null;
	};
	const unlink = (n: Node) => {
		if (n.prev) n.prev.next = n.next;
		if (n.next) n.next.prev = n.prev;
	};
	// Per closer kind, the delimiter below which no opener can match (saves rescanning).
	const bottom = new Map<string, Node | null>();
	let closer: Node | null = firstDelim;
	while (closer) {
		const c = delimOf(closer);
		if (!c.canClose) {
			closer = closer.nextDelim;
			continue;
		}
		const key = `${c.ch}${c.canOpen ? 1 : 0}${c.orig % 3}`;
		const floor = bottom.get(key) ?? null;
		let opener = closer.prevDelim;
		while (opener && opener !== floor) {
			const d = delimOf(opener);
			const oddMatch =
				(d.canClose || c.canOpen) && (d.orig + c.orig) % 3 === 0 && (d.orig % 3 !== 0 || c.orig % 3 !== 0);
			if (d.ch === c.ch && d.canOpen && !oddMatch && (c.ch !== "~" || d.count === c.count)) break;
			opener = opener.prevDelim;
		}
		if (!opener || opener === floor) {
			bottom.set(key, closer.prevDelim);
			const next: Node | null = closer.nextDelim;
			if (!c.canOpen) unlinkDelim(closer);
			closer = next;
			continue;
		}
		const o = delimOf(opener);
		const use = c.ch === "~" ? 2 : c.count >= 2 && o.count >= 2 ? 2 : 1;
		const children: Inline[] = [];
		for (let n = opener.next; n && n !== closer; n = n.next) children.push(asInline(n.item));
		const inner = mergeText(children);
		const item: Inline =
			c.ch === "~"
				? { type: "strike", children: inner }
				: use === 2
					? { type: "strong", children: inner }
					: { type: "emphasis", children: inner };
		const node: Node = { item, prev: opener, next: closer, prevDelim: null, nextDelim: null };
		opener.next = node;
		closer.prev = node;
		// Delimiters between the pair are now plain text inside the new node.
		opener.nextDelim = closer;
		closer.prevDelim = opener;
		o.count -= use;
		c.count -= use;
		if (o.count === 0) {
			unlinkDelim(opener);
			unlink(opener);
		}
		if (c.count === 0) {
			const next: Node | null = closer.nextDelim;
			unlinkDelim(closer);
			unlink(closer);
			closer = next;
		}
	}
	const out: Inline[] = [];
	for (let n = head.next; n; n = n.next) out.push(asInline(n.item));
	return mergeText(out);
}

function mergeText(items: Inline[]): Inline[] {
	const out: Inline[] = [];
	for (const item of items) {
		const last = out[out.length - 1];
		if (item.type === "text" && last?.type === "text")
			out[out.length - 1] = { type: "text", text: last.text + item.text };
		else if (item.type !== "text" || item.text !== "") out.push(item);
	}
	return out;
}

/** The text of inlines without markup (alt text, previews). */
export function plainText(inlines: readonly Inline[]): string {
	let out = "";
	for (const node of inlines) {
		switch (node.type) {
			case "text":
			case "code":
				out += node.text;
				break;
			case "break":
				out += "\n";
				break;
			case "image":
				out += node.alt;
				break;
			case "emphasis":
			case "strong":
			case "strike":
			case "link":
				out += plainText(node.children);
				break;
			default: {
				const never: never = node;
				void never;
			}
		}
	}
	return out;
}
