import { type ContentHasher, createContentHasher } from "../core";
import { yieldToPage } from "../core/util/yield";

/** Bytes before the read offset that are read again to tell a grown file from a replaced one. */
export const TAIL_BYTES = 4096;
/** Bytes read (and hashed) at once. */
const READ_CHUNK = 1 << 20;
/** Read bytes are put in the copy's blob by this many at a time. */
const BODY_STEP = 64 << 20;
const NEWLINE = 10;

/** The last bytes of `a` followed by `b`, at most `TAIL_BYTES`. */
export function nextTail(a: Uint8Array, b: Uint8Array): Uint8Array {
	if (b.length >= TAIL_BYTES) return b.slice(b.length - TAIL_BYTES);
	const keep = Math.min(a.length, TAIL_BYTES - b.length);
	const out = new Uint8Array(keep + b.length);
	out.set(a.subarray(a.length - keep));
	out.set(b, keep);
	return out;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
}

export function countNewlines(bytes: Uint8Array): number {
	let n = 0;
	for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) n++;
	return n;
}

/** The complete lines at the start of `bytes` (through the last newline); empty when none ends. */
export function completeLines<T extends ArrayBufferLike>(bytes: Uint8Array<T>): Uint8Array<T> {
	const nl = bytes.lastIndexOf(NEWLINE);
	return bytes.subarray(0, nl + 1);
}

/** What a follower knows of the file's start: read once, in chunks (so the page stays responsive). */
export interface ReadStart {
	/** The complete lines of the file, in memory (a snapshot the library stores). */
	body: Blob;
	/** Bytes through the last newline. */
	offset: number;
	lines: number;
	tail: Uint8Array;
	hasher: ContentHasher;
}

/**
 * Reads the complete lines of `file` a chunk at a time (never the whole file in one buffer: a
 * followed file may be of any size), hashing and counting them, into a copy in memory
 * (a `File` read later fails once the file on disk changes).
 */
export async function readStart(file: Blob): Promise<ReadStart> {
	const hasher = createContentHasher();
	let lines = 0;
	let offset = 0;
	let tail: Uint8Array = new Uint8Array();
	let body = new Blob([], { type: "application/jsonl" });
	/** Complete lines not yet in `body`, and the bytes after the last newline read so far. */
	let done: Uint8Array<ArrayBuffer>[] = [];
	let doneBytes = 0;
	let carry: Uint8Array<ArrayBuffer>[] = [];
	const complete = (bytes: Uint8Array<ArrayBuffer>) => {
		hasher.update(bytes);
		lines += countNewlines(bytes);
		offset += bytes.length;
		tail = nextTail(tail, bytes);
		done.push(bytes);
		doneBytes += bytes.length;
	};
	for (let at = 0; at < file.size; at += READ_CHUNK) {
		const part = new Uint8Array(await file.slice(at, Math.min(file.size, at + READ_CHUNK)).arrayBuffer());
		const nl = part.lastIndexOf(NEWLINE);
		if (nl === -1) carry.push(part);
		else {
			for (const bytes of carry) complete(bytes);
			complete(part.subarray(0, nl + 1));
			carry = [part.slice(nl + 1)];
		}
		if (doneBytes >= BODY_STEP) {
			body = new Blob([body, ...done], { type: "application/jsonl" });
			done = [];
			doneBytes = 0;
		}
		if (at + READ_CHUNK < file.size) await yieldToPage();
	}
	body = new Blob([body, ...done], { type: "application/jsonl" });
	return { body, offset, lines, tail, hasher };
}
