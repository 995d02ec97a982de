import { createPreviewScanner, headerOf, headerVersion, isBlank, type ScannedPart } from "../core";
import type { FindHelper } from "./findPart";
import { hashBlob, readBlobChunks } from "./readSession";

/**
 * A large file's preview scan runs on two threads: the parse worker scans the bytes before a
 * line start near the middle, a helper worker the rest (`ScanOptions.partOf`), and the parse
 * worker absorbs the helper's part. The helper then hashes the whole file (read again) while the
 * parse worker lays out the preview. This module holds what both sides and the tests share.
 */

/** Files from this size on are scanned by two threads. */
export const SPLIT_MIN_BYTES = 16 * 1024 * 1024;
/** The header must end within this many bytes for a file to be cut (the preview reads no longer one). */
const HEADER_PEEK_BYTES = (1 << 20) + 4;
/** How far from the middle a line start is looked for (a single giant line spans the middle: no cut). */
const CUT_SEARCH_BYTES = 8 * 1024 * 1024;
/** Bytes read per step while looking for a line start. */
const CUT_STEP_BYTES = 256 * 1024;

export interface SplitPlan {
	/** The byte the second part starts at: just after a line feed, after the header's line. */
	cut: number;
	/** The header's version as the full parse reads it (no number: 1). */
	version: number;
}

/**
 * Work the parse worker hands to another thread: a large file's second part, then the content
 * hash of that file when it opens. Either promise rejects when no helper could do it; the
 * parse worker then does that work itself.
 */
export interface ParseHelper {
	/** The scan of `blob` from `plan.cut` to its end (see `ScanOptions.partOf`). */
	scanPart(blob: Blob, plan: SplitPlan, onProgress?: (loaded: number) => void): Promise<ScannedPart>;
	/** The content hash of a file, read again from it. */
	hash(blob: Blob): Promise<string>;
	/**
	 * Files from this size on have their scan split (`planSplit`); Infinity: none. Only a machine
	 * with cores to spare gains: on two, the scan and the browser's reading of the file take both.
	 */
	splitFrom: number;
	/** Searches a part of a session on another worker (see `find` in `service/find.ts`); none here. */
	findPart?: FindHelper;
}

/** The header line's version and where the line after it starts, or null (no header line within reach). */
async function readHeader(blob: Blob): Promise<{ version: number; next: number } | null> {
	const bytes = new Uint8Array(await blob.slice(0, HEADER_PEEK_BYTES).arrayBuffer());
	for (let start = 0; ; ) {
		const lf = bytes.indexOf(0x0a, start);
		if (lf === -1) return null;
		const end = lf > start && bytes[lf - 1] === 0x0d ? lf - 1 : lf;
		if (!isBlank(bytes, start, end)) {
			const header = headerOf(bytes, start, end);
			return header ? { version: headerVersion(header), next: lf + 1 } : null;
		}
		start = lf + 1;
	}
}

/** The first line start at or after `from` within `CUT_SEARCH_BYTES`, or -1. */
async function lineStartAfter(blob: Blob, from: number): Promise<number> {
	const end = Math.min(blob.size, from + CUT_SEARCH_BYTES);
	for (let at = from; at < end; at += CUT_STEP_BYTES) {
		const bytes = new Uint8Array(await blob.slice(at, Math.min(end, at + CUT_STEP_BYTES)).arrayBuffer());
		const lf = bytes.indexOf(0x0a);
		if (lf !== -1) return at + lf + 1;
	}
	return -1;
}

/** The last line start before `to` within `CUT_SEARCH_BYTES`, or -1. */
async function lineStartBefore(blob: Blob, to: number): Promise<number> {
	const end = Math.max(0, to - CUT_SEARCH_BYTES);
	for (let at = to; at > end; at -= CUT_STEP_BYTES) {
		const from = Math.max(end, at - CUT_STEP_BYTES);
		const bytes = new Uint8Array(await blob.slice(from, at).arrayBuffer());
		const lf = bytes.lastIndexOf(0x0a);
		if (lf !== -1) return from + lf + 1;
	}
	return -1;
}

/**
 * Where to cut `blob` for two scanners: a line start near the middle, after the header's line
 * (a header of a version the preview reads). Null when the file is small, has no such header
 * within reach, or no line starts near its middle (one line of many megabytes there).
 */
export async function planSplit(blob: Blob, minBytes = SPLIT_MIN_BYTES): Promise<SplitPlan | null> {
	if (blob.size < minBytes) return null;
	const header = await readHeader(blob);
	if (!header) return null;
	const mid = Math.floor(blob.size / 2);
	let cut = await lineStartAfter(blob, mid);
	if (cut === -1 || cut >= blob.size) cut = await lineStartBefore(blob, mid);
	if (cut === -1 || cut <= header.next || cut >= blob.size) return null;
	return { cut, version: header.version };
}

/** What a helper finds in `blob` from `start` on: a scanner of that part (see `ScanOptions.partOf`). */
export async function scanBlobPart(
	blob: Blob,
	start: number,
	version: number,
	onProgress?: (loaded: number) => void,
): Promise<ScannedPart> {
	const scanner = createPreviewScanner({ partOf: { version } });
	let loaded = 0;
	await readBlobChunks(
		blob.slice(start),
		(bytes) => {
			scanner.push(bytes);
			loaded += bytes.length;
		},
		onProgress ? () => onProgress(loaded) : undefined,
		false,
	);
	return scanner.finishPart();
}

/** A helper on the calling thread (tests), splitting files from `splitFrom` bytes on. */
export function helperHere(splitFrom: number): ParseHelper {
	return {
		scanPart: (blob, plan, onProgress) => scanBlobPart(blob, plan.cut, plan.version, onProgress),
		hash: (blob) => hashBlob(blob),
		splitFrom,
	};
}

/** The buffers of a part's typed arrays, to transfer it. */
export function partBuffers(part: ScannedPart): ArrayBuffer[] {
	const arrays = [part.skeleton, part.lines, part.offsets, part.lengths, part.entries.shape, part.entries.fullAt];
	return arrays.map((a) => a.buffer as ArrayBuffer);
}
