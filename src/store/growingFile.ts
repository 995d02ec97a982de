import { type ContentHasher, createContentHasher } from "../core";
import { yieldToPage } from "./yieldToPage";

/** Bytes before the read offset that are read again to tell a grown file from a replaced one. */
export const TAIL_BYTES = 4096;
const CHUNK = 1 << 20;
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

export async function readStart(file: Blob): Promise<ReadStart> {
	const all = new Uint8Array(await file.arrayBuffer());
	const complete = completeLines(all);
	const hasher = createContentHasher();
	let lines = 0;
	for (let at = 0; at < complete.length; at += CHUNK) {
		const part = complete.subarray(at, Math.min(complete.length, at + CHUNK));
		hasher.update(part);
		lines += countNewlines(part);
		if (at + CHUNK < complete.length) await yieldToPage();
	}
	return {
		body: new Blob([complete], { type: "application/jsonl" }),
		offset: complete.length,
		lines,
		tail: complete.slice(Math.max(0, complete.length - TAIL_BYTES)),
		hasher,
	};
}
