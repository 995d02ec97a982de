/**
 * A byte-level look at one JSON object line of a session file: the few small fields the preview
 * needs (`type`, `id`, `parentId`, `message.role` and `customType`), read without parsing the line.
 *
 * Top-level keys and the keys of `message` may come in any order, with JSON whitespace between
 * any two tokens. Keys and the wanted values with escapes or non-ASCII bytes are decoded as
 * `JSON.parse` decodes them; of duplicate keys the last counts, as in `JSON.parse`. Every other
 * value is skipped by a string-aware bracket scanner: it reads a short string byte by byte and
 * searches the rest of a long one with `indexOf`, looking back over the backslashes before each
 * quote it finds (a run of backslashes is never looked at twice, so even a single 50 MB string
 * skips in linear time). The whole line is scanned: a key later in the line may repeat one.
 *
 * The scan checks the line's structure: the top-level object and `message` member by member,
 * the brackets and strings of every nested value (matching and closed), the literals `true`,
 * `false`, `null`, the characters of numbers, and nothing but whitespace after the object. It
 * does not check what a skipped value holds inside (commas, colons, escapes, control characters
 * in skipped strings): a line broken only there is read as if it were whole, and `JSON.parse`,
 * which the full parse runs on every line, reports it.
 */

import { KNOWN_ENTRY_TYPES, KNOWN_ROLES } from "./types";

/** What `JSON.parse` of the line gives for the fields, where they are strings (or a null parent). */
export interface ScannedLine {
	/** `type`, when it is a string. */
	type: string | undefined;
	/** `id`, when it is a string. */
	id: string | undefined;
	/** `parentId`, when it is a string or null. */
	parentId: string | null | undefined;
	/** `message.role`, when `message` is an object and its role a string. */
	role: string | undefined;
	/** `customType`, when it is a string (which extension's state a `custom` entry holds). */
	customType: string | undefined;
	/** `message.stopReason`, when `message` is an object and its stopReason a string (newer pi defers replies). */
	stopReason: string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const COMMA = 0x2c;
const COLON = 0x3a;

const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const KEY_TYPE = bytesOf("type");
const KEY_ID = bytesOf("id");
const KEY_PARENT = bytesOf("parentId");
const KEY_MESSAGE = bytesOf("message");
const KEY_ROLE = bytesOf("role");
const KEY_CUSTOM_TYPE = bytesOf("customType");
const KEY_STOP_REASON = bytesOf("stopReason");
const TRUE = bytesOf("true");
const FALSE = bytesOf("false");
const NULL = bytesOf("null");

const decoder = new TextDecoder();

function isSpace(c: number): boolean {
	return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(b: Uint8Array, p: number, end: number): number {
	while (p < end && isSpace(b[p])) p++;
	return p;
}

/** Bytes of a string read one by one before the rest is searched with `indexOf`. */
const SHORT_STRING = 48;

/**
 * The position just after the closing quote of the string whose contents start at `from` (just
 * after its opening quote), or -1 when it does not close before `end`. Most strings are short:
 * their bytes are read one by one (an escape's second byte skipped). Past that, the next quote
 * is searched with `indexOf`; it is escaped when an odd number of backslashes precede it, and
 * then the bytes after it are read one by one again (text full of `\"` costs no more than a
 * byte loop). The backward count stops at the first byte that is not a backslash, which is
 * after any byte read before, so no byte is counted twice: linear in the string's length.
 */
export function skipString(b: Uint8Array, from: number, end: number): number {
	let i = from;
	for (;;) {
		const short = Math.min(i + SHORT_STRING, end);
		while (i < short) {
			const c = b[i];
			if (c === QUOTE) return i + 1;
			i += c === BACKSLASH ? 2 : 1;
		}
		if (i >= end) return -1;
		const q = b.indexOf(QUOTE, i);
		if (q === -1 || q >= end) return -1;
		let k = q - 1;
		while (b[k] === BACKSLASH) k--;
		if (((q - 1 - k) & 1) === 0) return q + 1;
		i = q + 1;
	}
}

/**
 * The position after the array or object that opens at `p`, or -1 when its brackets do not
 * match or it does not close before `end`.
 */
function skipNested(b: Uint8Array, p: number, end: number): number {
	// The open brackets, innermost last (1: object, 0: array).
	const stack: number[] = [b[p] === OPEN_OBJECT ? 1 : 0];
	let i = p + 1;
	while (i < end) {
		const c = b[i];
		if (c === QUOTE) {
			i = skipString(b, i + 1, end);
			if (i === -1) return -1;
			continue;
		}
		i++;
		// `[` and `{`, `]` and `}` differ in one bit.
		const folded = c | 0x20;
		if (folded === OPEN_OBJECT) stack.push(c === OPEN_OBJECT ? 1 : 0);
		else if (folded === CLOSE_OBJECT) {
			if (stack.pop() !== (c === CLOSE_OBJECT ? 1 : 0)) return -1;
			if (stack.length === 0) return i;
		}
	}
	return -1;
}

function matches(b: Uint8Array, p: number, end: number, literal: Uint8Array): boolean {
	if (p + literal.length > end) return false;
	for (let i = 0; i < literal.length; i++) if (b[p + i] !== literal[i]) return false;
	return true;
}

function isNumberByte(c: number): boolean {
	return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}

/** The position after the value that starts at `p` (not whitespace), or -1 when it is malformed. */
function skipValue(b: Uint8Array, p: number, end: number): number {
	const c = b[p];
	if (c === QUOTE) return skipString(b, p + 1, end);
	if (c === OPEN_OBJECT || c === OPEN_ARRAY) return skipNested(b, p, end);
	if (c === 0x74) return matches(b, p, end, TRUE) ? p + 4 : -1;
	if (c === 0x66) return matches(b, p, end, FALSE) ? p + 5 : -1;
	if (c === 0x6e) return matches(b, p, end, NULL) ? p + 4 : -1;
	if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
		let i = p + 1;
		while (i < end && isNumberByte(b[i])) i++;
		return i;
	}
	return -1;
}

/**
 * The values `type` and `role` usually have, by length: a plain value equal to one of them is
 * given as that string (no new string for each line).
 */
const COMMON: { text: string; bytes: Uint8Array }[][] = [];
for (const text of [...KNOWN_ENTRY_TYPES, ...KNOWN_ROLES, "hookMessage"]) {
	const list = COMMON[text.length] ?? [];
	COMMON[text.length] = list;
	list.push({ text, bytes: bytesOf(text) });
}

/** The plain (ASCII, no escape) string `b[from, to)`. */
function plainString(b: Uint8Array, from: number, to: number): string {
	const n = to - from;
	const common = COMMON[n];
	if (common !== undefined) {
		for (const c of common) if (matches(b, from, to, c.bytes)) return c.text;
	}
	if (n > 64) return decoder.decode(b.subarray(from, to));
	codes.length = n;
	for (let i = 0; i < n; i++) codes[i] = b[from + i];
	return String.fromCharCode.apply(null, codes);
}
/** The char codes of a short string, in one array used again (the fastest way to make it). */
const codes: number[] = [];

// The readers below return their value and leave where they stopped in these (no allocation).
/** After the closing quote of the string `readString` read. */
let readEnd = 0;

/**
 * The value of the string whose opening quote is at `p`, decoded as `JSON.parse` would; null
 * when it is malformed. Sets `readEnd` to the position after its closing quote.
 */
function readString(b: Uint8Array, p: number, end: number): string | null {
	let plain = true;
	let i = p + 1;
	for (; i < end; i++) {
		const c = b[i];
		if (c === QUOTE) break;
		if (c < 0x20) return null;
		if (c === BACKSLASH) {
			plain = false;
			i++;
		} else if (c >= 0x80) plain = false;
	}
	if (i >= end) return null;
	readEnd = i + 1;
	if (plain) return plainString(b, p + 1, i);
	try {
		const value: unknown = JSON.parse(decoder.decode(b.subarray(p, i + 1)));
		return typeof value === "string" ? value : null;
	} catch {
		return null;
	}
}

/** Which wanted key a key token names. */
const OTHER = 0;
const TYPE = 1;
const ID = 2;
const PARENT = 3;
const MESSAGE = 4;
const ROLE = 5;
const CUSTOM_TYPE = 6;
const STOP_REASON = 7;
/** A key with a backslash: `escapedKey` decodes it. */
const ESCAPED = -1;
let keyEnd = 0;

/**
 * Reads the key whose opening quote is at `p` (sets `keyEnd` after its closing quote): one of
 * the wanted keys of the level (`inMessage`: `role`, `stopReason`; else `type`, `id`, `parentId`, `message`,
 * `customType`),
 * OTHER, ESCAPED (a key with a backslash), or -2 when the key does not close.
 */
function readKey(b: Uint8Array, p: number, end: number, inMessage: boolean): number {
	const close = skipString(b, p + 1, end);
	if (close === -1) return -2;
	keyEnd = close;
	const from = p + 1;
	const len = close - 1 - from;
	// The longest escaped spelling of a wanted key: 6 bytes (`\u0070`) a character.
	if (len > 6 * 10) return OTHER;
	for (let i = from; i < from + len; i++) if (b[i] === BACKSLASH) return ESCAPED;
	if (len > 10) return OTHER;
	if (inMessage) {
		if (len === 4) return matches(b, from, end, KEY_ROLE) ? ROLE : OTHER;
		return len === 10 && matches(b, from, end, KEY_STOP_REASON) ? STOP_REASON : OTHER;
	}
	if (len === 10) return matches(b, from, end, KEY_CUSTOM_TYPE) ? CUSTOM_TYPE : OTHER;
	if (len === 4) return matches(b, from, end, KEY_TYPE) ? TYPE : OTHER;
	if (len === 2) return matches(b, from, end, KEY_ID) ? ID : OTHER;
	if (len === 8) return matches(b, from, end, KEY_PARENT) ? PARENT : OTHER;
	if (len === 7) return matches(b, from, end, KEY_MESSAGE) ? MESSAGE : OTHER;
	return OTHER;
}

/** Which wanted key the key token `b[p, close)` with escapes names, decoded; null when malformed. */
function escapedKey(b: Uint8Array, p: number, close: number, inMessage: boolean): number | null {
	let key: unknown;
	try {
		key = JSON.parse(decoder.decode(b.subarray(p, close)));
	} catch {
		return null;
	}
	if (inMessage) return key === "role" ? ROLE : key === "stopReason" ? STOP_REASON : OTHER;
	if (key === "type") return TYPE;
	if (key === "id") return ID;
	if (key === "parentId") return PARENT;
	if (key === "message") return MESSAGE;
	if (key === "customType") return CUSTOM_TYPE;
	return OTHER;
}

/** Where the object member list scanned last ended (after its closing brace). */
let objectEnd = 0;
/** The role read from the last `message` object scanned (undefined: none, or not a string). */
let scannedRole: string | undefined;
/** The stopReason read from the last `message` object scanned (undefined: none, or not a string). */
let scannedStopReason: string | undefined;

/**
 * Scans the `message` object that opens at `p` for its role and stopReason (the last of each, as
 * `JSON.parse` keeps); sets `objectEnd`, `scannedRole` and `scannedStopReason`. False when it is
 * malformed.
 */
function scanMessage(b: Uint8Array, p: number, end: number): boolean {
	let role: string | undefined;
	let stopReason: string | undefined;
	let i = skipSpace(b, p + 1, end);
	if (i >= end) return false;
	if (b[i] !== CLOSE_OBJECT) {
		for (;;) {
			if (i >= end || b[i] !== QUOTE) return false;
			let key = readKey(b, i, end, true);
			if (key === -2) return false;
			if (key === ESCAPED) {
				const decoded = escapedKey(b, i, keyEnd, true);
				if (decoded === null) return false;
				key = decoded;
			}
			i = skipSpace(b, keyEnd, end);
			if (i >= end || b[i] !== COLON) return false;
			i = skipSpace(b, i + 1, end);
			if (i >= end) return false;
			if (key !== OTHER && b[i] === QUOTE) {
				const value = readString(b, i, end);
				if (value === null) return false;
				if (key === ROLE) role = value;
				else stopReason = value;
				i = readEnd;
			} else {
				if (key === ROLE) role = undefined;
				else if (key === STOP_REASON) stopReason = undefined;
				i = skipValue(b, i, end);
				if (i === -1) return false;
			}
			i = skipSpace(b, i, end);
			if (i >= end) return false;
			if (b[i] === COMMA) {
				i = skipSpace(b, i + 1, end);
				continue;
			}
			if (b[i] === CLOSE_OBJECT) break;
			return false;
		}
	}
	objectEnd = i + 1;
	scannedRole = role;
	scannedStopReason = stopReason;
	return true;
}

/**
 * The wanted fields of the JSON object line `b[start, end)`, as `JSON.parse` of the line would
 * give them (duplicate keys: the last one counts); null when the line is not a well-formed
 * object (see the module's note on what is checked). Keys and values with escapes or non-ASCII
 * bytes are decoded as `JSON.parse` decodes them. `out`: an object to fill and return instead of
 * a new one (a caller scanning many lines saves the garbage).
 */
export function scanLine(b: Uint8Array, start: number, end: number, out?: ScannedLine): ScannedLine | null {
	let type: string | undefined;
	let id: string | undefined;
	let parentId: string | null | undefined;
	let role: string | undefined;
	let stopReason: string | undefined;
	let customType: string | undefined;
	let i = skipSpace(b, start, end);
	if (i >= end || b[i] !== OPEN_OBJECT) return null;
	i = skipSpace(b, i + 1, end);
	if (i >= end) return null;
	if (b[i] !== CLOSE_OBJECT) {
		for (;;) {
			if (i >= end || b[i] !== QUOTE) return null;
			let key = readKey(b, i, end, false);
			if (key === -2) return null;
			if (key === ESCAPED) {
				const decoded = escapedKey(b, i, keyEnd, false);
				if (decoded === null) return null;
				key = decoded;
			}
			i = skipSpace(b, keyEnd, end);
			if (i >= end || b[i] !== COLON) return null;
			i = skipSpace(b, i + 1, end);
			if (i >= end) return null;
			const c = b[i];
			if (key !== OTHER && c === QUOTE && key !== MESSAGE) {
				const value = readString(b, i, end);
				if (value === null) return null;
				if (key === TYPE) type = value;
				else if (key === ID) id = value;
				else if (key === CUSTOM_TYPE) customType = value;
				else parentId = value;
				i = readEnd;
			} else if (key === MESSAGE && c === OPEN_OBJECT) {
				if (!scanMessage(b, i, end)) return null;
				role = scannedRole;
				stopReason = scannedStopReason;
				i = objectEnd;
			} else {
				if (key === TYPE) type = undefined;
				else if (key === ID) id = undefined;
				else if (key === PARENT) parentId = c === 0x6e ? null : undefined;
				else if (key === MESSAGE) {
					role = undefined;
					stopReason = undefined;
				} else if (key === CUSTOM_TYPE) customType = undefined;
				i = skipValue(b, i, end);
				if (i === -1) return null;
			}
			i = skipSpace(b, i, end);
			if (i >= end) return null;
			if (b[i] === COMMA) {
				i = skipSpace(b, i + 1, end);
				continue;
			}
			if (b[i] === CLOSE_OBJECT) break;
			return null;
		}
	}
	if (skipSpace(b, i + 1, end) !== end) return null;
	if (out === undefined) return { type, id, parentId, role, customType, stopReason };
	out.type = type;
	out.id = id;
	out.parentId = parentId;
	out.role = role;
	out.customType = customType;
	out.stopReason = stopReason;
	return out;
}
