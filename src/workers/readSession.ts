import {
	createContentHasher,
	createSessionParser,
	KNOWN_ENTRY_TYPES,
	type ParsedSession,
	paced,
	type SessionIssue,
} from "../core";
import { yieldToPage } from "../core/util/yield";

export interface ReadProgress {
	loaded: number;
	total: number;
}

export interface ReadOptions {
	/** Hash the bytes (default true); without, `contentHash` is "" (the caller hashes, or knows it). */
	hash?: boolean;
	/** Run the semantic checks (`collectDiagnostics`) before resolving (default true). */
	diagnostics?: boolean;
	/** See core `ParserOptions.shrinkStringsOver` (for a reader of the entries' shapes only). */
	shrinkStringsOver?: number;
	/**
	 * Called before each chunk is taken in: a promise it gives holds the reading until it settles
	 * (background work that gives way to the open session's, see `indexSessionBlob`).
	 */
	pause?: () => Promise<void> | undefined;
}

export interface ReadResult {
	parsed: ParsedSession;
	size: number;
	contentHash: string;
}

/** Thrown for input that is not a session at all; its message is shown to the user. */
export class NotASessionError extends Error {}

/**
 * Files above this size are not parsed in full (one the scan can read opens from it, see
 * `openFile` in `service/open.ts`; another is refused). Parsed entries take a few times the file's size, and in Chromium a
 * worker that runs out of memory takes the whole tab with it; refusing is kinder than a crash.
 */
export const MAX_SESSION_BYTES = 512 * 1024 * 1024;

/** Refuses a file too large to parse in full; `why` may add why it cannot be opened from its scan either. */
export function tooLargeToParse(size: number, why: string): NotASessionError {
	return new NotASessionError(
		`The file is ${formatBytes(size)}; this explorer parses sessions up to ${formatBytes(MAX_SESSION_BYTES)} in full (a larger one would exhaust the tab's memory)${why}`,
	);
}

const SNIFF_BYTES = 4096;
/** What the start of a file says about its kind, for input that is clearly not UTF-8 JSONL text. */
function sniff(bytes: Uint8Array): string | null {
	const n = Math.min(bytes.length, SNIFF_BYTES);
	const starts = (...magic: number[]) => n >= magic.length && magic.every((b, i) => bytes[i] === b);
	if (starts(0x25, 0x50, 0x44, 0x46)) return "This is a PDF file, not a JSONL session";
	if (starts(0x1f, 0x8b)) return "This is a gzip-compressed file: decompress it first and open the .jsonl inside";
	if (starts(0x50, 0x4b, 0x03, 0x04)) return "This is a ZIP archive (or a document built on ZIP), not a JSONL session";
	if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) {
		return "This file is UTF-16 text; sessions are UTF-8 (save it again as UTF-8)";
	}
	let control = 0;
	for (let i = 0; i < n; i++) {
		const b = bytes[i];
		if (b === 0) return "This is a binary file (it contains NUL bytes), not a JSONL session";
		if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
	}
	if (n > 0 && control / n > 0.05) return "This is a binary file (full of control bytes), not a JSONL session";
	return null;
}

/** What the first text of a file says, when no line of it was a session entry. */
interface TextClues {
	/** Up to the first 256 characters (BOM removed). */
	head: string;
	/** The file had bytes that are not UTF-8. */
	invalidUtf8: boolean;
	/** Bytes in the file. */
	size: number;
	/** Lines the parser saw. */
	lineCount: number;
}

const HTML_START = /^<(!doctype\s+html|html|head|body|meta|title|script|div|\?xml|svg)\b/i;

/**
 * Why a parsed file cannot be opened as a session, or null when it can. A file opens when it has
 * a session header or at least one entry of a type pi defines (with all its issues); anything
 * else fails with the most specific reason found, which the page shows next to the file name.
 */
export function whyNotASession(parsed: ParsedSession, clues: TextClues): string | null {
	if (parsed.header !== null) return null;
	if (parsed.entries.some((e) => typeof e?.type === "string" && KNOWN_ENTRY_TYPES.has(e.type))) return null;
	const head = clues.head.trimStart();
	if (clues.size === 0) return "The file is empty";
	if (head === "" && parsed.entries.length === 0) {
		return clues.lineCount > 1
			? `The file holds only blank lines (${clues.lineCount.toLocaleString("en-US")} of them), no JSON`
			: "The file holds only blank space, no JSON";
	}
	if (clues.invalidUtf8 && parsed.entries.length === 0) {
		return "This is not UTF-8 text (a binary file?), not a JSONL session";
	}
	if (HTML_START.test(head)) {
		return "This is an HTML or XML page, not a JSONL session (a saved web page or an HTML export? open the .jsonl file itself)";
	}
	if (head.startsWith("[")) return "This is a JSON array, not JSONL: a session has one JSON object per line";
	if (head.startsWith("{") && parsed.entries.length === 0) {
		return "This looks like JSON spread over several lines (pretty-printed?): a session has one complete JSON object per line";
	}
	if (parsed.entries.length > 0) {
		const n = parsed.entries.length;
		return `No session here: ${n} line${n === 1 ? " is a JSON object" : "s are JSON objects"}, but none is a pi session header or entry, a Claude Code transcript line or a Codex rollout line`;
	}
	const first = parsed.issues.find((i) => i.severity === "error");
	return first ? `No session entries found (line ${first.line ?? "?"}: ${first.message})` : "No session entries found";
}

/** How many of the last bytes seen start a UTF-8 sequence that is not complete yet (0–3). */
export function incompleteUtf8Tail(tail: readonly number[]): number {
	const n = tail.length;
	for (let k = 1; k <= Math.min(3, n); k++) {
		const b = tail[n - k];
		if ((b & 0xc0) === 0x80) continue;
		const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
		return need > k ? k : 0;
	}
	return 0;
}

/**
 * A streaming UTF-8 decoder that notices invalid bytes. It decodes strictly until the first bad
 * sequence, then re-decodes that chunk (with the bytes still pending from earlier chunks) leniently,
 * turning bad bytes into U+FFFD as browsers do, and stays lenient from there on.
 */
function createUtf8Decoder() {
	let strict: TextDecoder | null = new TextDecoder("utf-8", { fatal: true });
	let lenient: TextDecoder | null = null;
	/** The last (up to 3) bytes decoded strictly: the start of a sequence split across chunks. */
	let tail: number[] = [];
	const switchToLenient = (bytes: Uint8Array | null): string => {
		strict = null;
		lenient = new TextDecoder("utf-8");
		const pending = tail.slice(tail.length - incompleteUtf8Tail(tail));
		const joined = new Uint8Array(pending.length + (bytes?.length ?? 0));
		joined.set(pending, 0);
		if (bytes) joined.set(bytes, pending.length);
		return bytes ? lenient.decode(joined, { stream: true }) : lenient.decode(joined);
	};
	return {
		/** Text of the next chunk, and whether this chunk is where the first invalid byte was found. */
		decode(bytes: Uint8Array): { text: string; firstInvalid: boolean } {
			if (lenient) return { text: lenient.decode(bytes, { stream: true }), firstInvalid: false };
			try {
				const text = (strict as TextDecoder).decode(bytes, { stream: true });
				const keep = Math.min(3, bytes.length);
				tail = tail.concat(Array.from(bytes.subarray(bytes.length - keep))).slice(-3);
				return { text, firstInvalid: false };
			} catch {
				return { text: switchToLenient(bytes), firstInvalid: true };
			}
		},
		/** The end of the input: a sequence cut off by the end of the file is invalid too. */
		end(): { text: string; firstInvalid: boolean } {
			if (lenient) return { text: lenient.decode(), firstInvalid: false };
			try {
				return { text: (strict as TextDecoder).decode(), firstInvalid: false };
			} catch {
				return { text: switchToLenient(null), firstInvalid: true };
			}
		},
	};
}

function countNewlines(text: string, end: number): number {
	let n = 0;
	for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) n++;
	return n;
}

export function formatBytes(bytes: number): string {
	if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
	return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** A reading or memory failure worded for the person who dropped the file. */
function explainFailure(err: unknown): Error {
	if (err instanceof NotASessionError) return err;
	if (err instanceof RangeError) {
		return new Error(`The file is too large for this browser to parse (${err.message})`);
	}
	const message = err instanceof Error ? err.message : String(err);
	const name = err instanceof Error ? err.name : "";
	if (name === "NotReadableError" || name === "NotFoundError") {
		return new Error(`The file could not be read (was it moved or changed after it was chosen?): ${message}`);
	}
	return new Error(`The file could not be read: ${message}`);
}

/**
 * Reads a session file as a stream (never one giant string), hashing the bytes and feeding the
 * incremental parser. Works in a worker, on the main thread and in Node. Never crashes on bad
 * input: a file that is partly a session opens with issues (bad UTF-8 becomes an
 * `invalid-encoding` issue, a header without entries a `no-entries` one), and a file that is
 * no session at all rejects with a `NotASessionError` whose message says what it is instead.
 */
export async function readSessionBlob(
	blob: Blob,
	onProgress?: (p: ReadProgress) => void,
	options: ReadOptions = {},
): Promise<ReadResult> {
	if (blob.size > MAX_SESSION_BYTES) throw tooLargeToParse(blob.size, "");
	try {
		return await readSessionStream(blob.stream(), blob.size, onProgress, options);
	} catch (err) {
		throw explainFailure(err);
	}
}

/**
 * How often a read reports its progress (ms). Each report redraws the page's progress row: more
 * often, the drawing takes a share of the cores the reading and the scan need (measured: at every
 * 50 ms, the GPU process's compositor thread was busy a third of the time during a 100 MB scan,
 * in software rendering).
 */
export const PROGRESS_EVERY_MS = 250;

/**
 * Reads all of a file's bytes as a stream, handing each chunk to `onBytes` as it comes (it may
 * keep it), and reporting progress; resolves to the chunks in order (none when `keep` is false:
 * the bytes are then only seen once). Fails like `readSessionBlob`, but takes files of any size.
 */
export async function readBlobChunks(
	blob: Blob,
	onBytes: (bytes: Uint8Array) => void,
	onProgress?: (p: ReadProgress) => void,
	keep = true,
): Promise<Uint8Array[]> {
	const chunks: Uint8Array[] = [];
	let loaded = 0;
	let lastReport = 0;
	try {
		const reader = blob.stream().getReader();
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			if (value.length === 0) continue;
			if (keep) chunks.push(value);
			onBytes(value);
			loaded += value.length;
			const now = Date.now();
			if (onProgress && now - lastReport > PROGRESS_EVERY_MS) {
				lastReport = now;
				onProgress({ loaded, total: blob.size });
			}
		}
	} catch (err) {
		throw explainFailure(err);
	}
	return chunks;
}

/** The content hash (core `createContentHasher`) of a blob, read as a stream: the digest `readSessionBlob` gives. */
export async function hashBlob(blob: Blob): Promise<string> {
	const hasher = createContentHasher();
	await readBlobChunks(blob, (bytes) => hasher.update(bytes), undefined, false);
	return hasher.digest();
}

/**
 * How long hashing bytes already read runs before the thread serves other messages: shorter than
 * a parse's turn (`YIELD_AFTER_MS`), as it runs right after the preview, when the first clicks come.
 */
const HASH_SLICE_MS = 8;

/**
 * The content hash of bytes already read (`readBlobChunks` with `keep`), the digest `hashBlob`
 * gives the blob; serves other messages now and then.
 */
export async function hashChunks(chunks: readonly Uint8Array[]): Promise<string> {
	const hasher = createContentHasher();
	const pauseIfDue = paced(yieldToPage, HASH_SLICE_MS);
	for (const chunk of chunks) {
		await pauseIfDue();
		hasher.update(chunk);
	}
	return hasher.digest();
}

/** How long a parse of bytes already read runs before the thread serves other messages. */
const YIELD_AFTER_MS = 25;

/** `readSessionBlob` of bytes already read (see `readBlobChunks`); serves other messages now and then. */
export async function readSessionChunks(
	chunks: readonly Uint8Array[],
	onProgress?: (p: ReadProgress) => void,
	options: ReadOptions = {},
): Promise<ReadResult> {
	const total = chunks.reduce((n, c) => n + c.length, 0);
	let next = 0;
	const pauseIfDue = paced(yieldToPage, YIELD_AFTER_MS);
	const stream = new ReadableStream<Uint8Array>({
		async pull(controller) {
			// Now and then the thread takes other messages (questions about a session it holds).
			await pauseIfDue();
			if (next < chunks.length) controller.enqueue(chunks[next++]);
			else controller.close();
		},
	});
	try {
		return await readSessionStream(stream, total, onProgress, options);
	} catch (err) {
		throw explainFailure(err);
	}
}

/** `readSessionBlob` over any byte stream (chunks may split lines and characters anywhere). */
export async function readSessionStream(
	stream: ReadableStream<Uint8Array>,
	total: number,
	onProgress?: (p: ReadProgress) => void,
	options: ReadOptions = {},
): Promise<ReadResult> {
	const parser = createSessionParser({ shrinkStringsOver: options.shrinkStringsOver ?? 0 });
	const hasher = options.hash === false ? null : createContentHasher();
	const decoder = createUtf8Decoder();
	const reader = stream.getReader();
	let loaded = 0;
	let head = "";
	let lastReport = 0;
	let invalidLine = 0;
	const push = ({ text, firstInvalid }: { text: string; firstInvalid: boolean }) => {
		if (firstInvalid) {
			const at = text.indexOf("\uFFFD");
			invalidLine = parser.lineCount + 1 + countNewlines(text, at === -1 ? text.length : at);
		}
		if (head.length < 256) head += text.slice(0, 256);
		parser.push(text);
	};
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		if (value.length === 0) continue;
		const held = options.pause?.();
		if (held) await held;
		if (loaded === 0) {
			const reason = sniff(value);
			if (reason) {
				await reader.cancel().catch(() => undefined);
				throw new NotASessionError(reason);
			}
		}
		loaded += value.length;
		hasher?.update(value);
		push(decoder.decode(value));
		const now = Date.now();
		if (onProgress && now - lastReport > PROGRESS_EVERY_MS) {
			lastReport = now;
			onProgress({ loaded, total });
		}
	}
	push(decoder.end());
	const parsed = parser.finish({ diagnostics: options.diagnostics !== false });
	const reason = whyNotASession(parsed, {
		head: head.charCodeAt(0) === 0xfeff ? head.slice(1) : head,
		invalidUtf8: invalidLine > 0,
		size: loaded,
		lineCount: parser.lineCount,
	});
	if (reason) throw new NotASessionError(reason);
	const byteIssues: SessionIssue[] = [];
	if (invalidLine > 0) {
		byteIssues.push({
			line: invalidLine,
			severity: "warning",
			code: "invalid-encoding",
			message: `The file is not valid UTF-8 (first bad byte on line ${invalidLine}): bad bytes were read as "\uFFFD"`,
		});
	}
	if (parsed.entries.length === 0) {
		byteIssues.push({
			severity: "info",
			code: "no-entries",
			message: "The file has a session header but no entries: there is nothing to explore yet",
		});
	}
	if (byteIssues.length > 0) parsed.issues.unshift(...byteIssues);
	onProgress?.({ loaded, total });
	return { parsed, size: loaded, contentHash: hasher ? hasher.digest() : "" };
}
