import { createContentHasher, createSessionParser, type ParsedSession } from "../core";

export interface ReadProgress {
	loaded: number;
	total: number;
}

export interface ReadResult {
	parsed: ParsedSession;
	size: number;
	contentHash: string;
}

/** Thrown for input that is not a session at all; its message is shown to the user. */
export class NotASessionError extends Error {}

const SNIFF_BYTES = 4096;

function sniff(bytes: Uint8Array): string | null {
	const n = Math.min(bytes.length, SNIFF_BYTES);
	if (n >= 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) {
		return "This is a PDF file, not a JSONL session";
	}
	for (let i = 0; i < n; i++) {
		if (bytes[i] === 0) return "This is a binary file (it contains NUL bytes), not a JSONL session";
	}
	return null;
}

/**
 * Why a parsed file cannot be opened as a session, or null when it can. A file with at least a
 * header or one entry opens (with its issues); anything else fails with the first reason found.
 */
export function whyNotASession(parsed: ParsedSession, firstText: string): string | null {
	if (parsed.entries.length > 0 || parsed.header !== null) return null;
	const trimmed = firstText.trimStart();
	if (trimmed === "") return "The file is empty";
	if (trimmed.startsWith("[")) {
		return "This is a JSON array, not JSONL: a session has one JSON object per line";
	}
	const first = parsed.issues.find((i) => i.severity === "error");
	return first ? `No session entries found (line ${first.line ?? "?"}: ${first.message})` : "No session entries found";
}

/**
 * Reads a session file as a stream (never one giant string), hashing the bytes and feeding the
 * incremental parser. Works in a worker, on the main thread and in Node.
 */
export async function readSessionBlob(blob: Blob, onProgress?: (p: ReadProgress) => void): Promise<ReadResult> {
	const total = blob.size;
	const parser = createSessionParser();
	const hasher = createContentHasher();
	const decoder = new TextDecoder("utf-8");
	const reader = blob.stream().getReader();
	let loaded = 0;
	let firstText = "";
	let lastReport = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		if (loaded === 0) {
			const reason = sniff(value);
			if (reason) {
				await reader.cancel();
				throw new NotASessionError(reason);
			}
		}
		loaded += value.length;
		hasher.update(value);
		const text = decoder.decode(value, { stream: true });
		if (firstText.length < 256) firstText += text.slice(0, 256);
		parser.push(text);
		const now = Date.now();
		if (onProgress && now - lastReport > 50) {
			lastReport = now;
			onProgress({ loaded, total });
		}
	}
	parser.push(decoder.decode());
	const parsed = parser.finish();
	const reason = whyNotASession(parsed, firstText);
	if (reason) throw new NotASessionError(reason);
	onProgress?.({ loaded: total, total });
	return { parsed, size: total, contentHash: hasher.digest() };
}
