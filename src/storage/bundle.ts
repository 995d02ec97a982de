import { utf8Length } from "../core";
import { fieldOf, isRecord } from "../core/util/fields";
import type { SessionMeta } from "./repository";

/**
 * The library as one file: JSON Lines, a header line then one line per session holding its
 * metadata and its file's text.
 *
 *     {"type":"session-explorer-library","version":1,"exportedAt":"…","sessions":2}
 *     {"type":"session","meta":{"id":"…","fileName":"…","displayName":"…",…},"body":"…jsonl text…"}
 *
 * The format carries a version: a reader of version 1 refuses other versions rather than
 * guessing. Written as Blob parts (one per session, folded into Blobs as they grow) so a large
 * library never becomes one giant string; read line by line from a stream.
 */
export const BUNDLE_TYPE = "session-explorer-library";
export const BUNDLE_VERSION = 1;
/** The name a bundle is downloaded under: `session-explorer-library-2026-01-31.jsonl`. */
export const bundleFileName = (date: Date) => `${BUNDLE_TYPE}-${date.toISOString().slice(0, 10)}.jsonl`;

export interface BundleHeader {
	type: typeof BUNDLE_TYPE;
	version: number;
	exportedAt: string;
	/** Session lines that follow. */
	sessions: number;
}

/** Metadata as exported: what the explorer keeps about a session, without storage details. */
export type BundleMeta = Omit<SessionMeta, "bodyKey">;

/** A session read back from a bundle: the fields an import uses, checked. */
export interface BundleSession {
	id: string;
	fileName: string;
	displayName?: string;
	sourceUrl?: string;
	addedAt?: number;
	/** The content hash the bundle claims (the import hashes the text itself). */
	contentHash?: string;
	body: string;
}

export function bundleHeaderLine(sessions: number, exportedAt: Date): string {
	const header: BundleHeader = {
		type: BUNDLE_TYPE,
		version: BUNDLE_VERSION,
		exportedAt: exportedAt.toISOString(),
		sessions,
	};
	return `${JSON.stringify(header)}\n`;
}

export function bundleSessionLine(meta: SessionMeta, body: string): string {
	const { bodyKey: _internal, ...exported } = meta;
	return `${JSON.stringify({ type: "session", meta: exported satisfies BundleMeta, body })}\n`;
}

/** Whether a file starts like a bundle (its first bytes), before reading it as a session file. */
export function looksLikeBundle(start: string): boolean {
	return /^\uFEFF?\s*\{\s*"type"\s*:\s*"session-explorer-library"/.test(start);
}

/** Whether `blob` is a bundle (reads its first bytes only). */
export async function isBundleFile(blob: Blob): Promise<boolean> {
	try {
		return looksLikeBundle(await blob.slice(0, 96).text());
	} catch {
		return false;
	}
}

/** The header of a bundle, or why the line is not one. */
export function readBundleHeader(line: string): { header: BundleHeader } | { problem: string } {
	let value: unknown;
	try {
		value = JSON.parse(line.replace(/^\uFEFF/, ""));
	} catch {
		return { problem: "This is not a Session Explorer library file (its first line is not JSON)." };
	}
	const v = value;
	if (!v || typeof v !== "object" || fieldOf(v, "type") !== BUNDLE_TYPE) {
		return { problem: "This is not a Session Explorer library file (use Open or Import folder for session files)." };
	}
	const version = fieldOf(v, "version");
	if (version !== BUNDLE_VERSION) {
		return {
			problem: `This library file has format version ${String(version)}; this page reads version ${BUNDLE_VERSION} only.`,
		};
	}
	const count = fieldOf(v, "sessions");
	const sessions = typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : 0;
	const exportedAt = fieldOf(v, "exportedAt");
	return {
		header: {
			type: BUNDLE_TYPE,
			version: BUNDLE_VERSION,
			exportedAt: typeof exportedAt === "string" ? exportedAt : "",
			sessions,
		},
	};
}

const optionalString = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

/** One session line of a bundle, or why it cannot be used. */
export function readBundleLine(line: string): { session: BundleSession } | { problem: string } {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		return { problem: "the line is not valid JSON (the file may be cut short or damaged)" };
	}
	if (!isRecord(value)) return { problem: "the line is not a session record" };
	const v = value;
	if (v.type !== "session") return { problem: `unknown record type ${JSON.stringify(v.type ?? null)}` };
	const meta = v.meta;
	if (!isRecord(meta)) return { problem: "the session has no metadata" };
	const id = optionalString(meta.id);
	if (!id) return { problem: "the session has no id" };
	if (typeof v.body !== "string") return { problem: "the session's file content is missing" };
	if (v.body.trim() === "") return { problem: "the session's file content is empty" };
	const displayName = optionalString(meta.displayName);
	const sourceUrl = optionalString(meta.sourceUrl);
	const contentHash = optionalString(meta.contentHash);
	const addedAt = typeof meta.addedAt === "number" && Number.isFinite(meta.addedAt) ? meta.addedAt : undefined;
	return {
		session: {
			id,
			fileName: optionalString(meta.fileName) ?? `${id}.jsonl`,
			...(displayName ? { displayName } : {}),
			...(sourceUrl ? { sourceUrl } : {}),
			...(addedAt !== undefined ? { addedAt } : {}),
			...(contentHash ? { contentHash } : {}),
			body: v.body,
		},
	};
}

/** Strings are folded into a Blob once this many characters are pending. */
const FOLD_CHARS = 4 * 1024 * 1024;

/**
 * Collects a file as parts: strings are folded into Blobs as they pile up, so the text of a
 * large library is never held as one string (the browser may keep Blob data out of the JS heap).
 */
export class BlobParts {
	private parts: BlobPart[] = [];
	private pending: string[] = [];
	private pendingChars = 0;

	add(text: string): void {
		this.pending.push(text);
		this.pendingChars += text.length;
		if (this.pendingChars >= FOLD_CHARS) this.fold();
	}

	private fold(): void {
		if (this.pending.length === 0) return;
		this.parts.push(new Blob(this.pending));
		this.pending = [];
		this.pendingChars = 0;
	}

	/** The collected parts, after `prefix`, as one Blob. */
	toBlob(prefix: string, type: string): Blob {
		this.fold();
		return new Blob([prefix, ...this.parts], { type });
	}
}

/** A session that could not be put in a bundle, and why. */
export interface BundleSkip {
	meta: SessionMeta;
	reason: string;
}

/**
 * The bundle of `sessions`, each body read by `readBody` (one at a time; a body it cannot give,
 * by throwing, is skipped and reported). The header, written last, counts the sessions actually in.
 */
export async function buildBundle(
	sessions: readonly SessionMeta[],
	readBody: (meta: SessionMeta) => Promise<Blob | string>,
	now: Date,
): Promise<{ blob: Blob; sessions: number; skipped: BundleSkip[] }> {
	const parts = new BlobParts();
	const skipped: BundleSkip[] = [];
	let count = 0;
	for (const meta of sessions) {
		let text: string;
		try {
			const body = await readBody(meta);
			text = typeof body === "string" ? body : await body.text();
		} catch (err) {
			skipped.push({ meta, reason: err instanceof Error ? err.message : String(err) });
			continue;
		}
		parts.add(bundleSessionLine(meta, text));
		count++;
	}
	return { blob: parts.toBlob(bundleHeaderLine(count, now), "application/jsonl"), sessions: count, skipped };
}

/** A line of a file being read, with how many bytes of the file come up to its end. */
export interface ReadLine {
	text: string;
	/** 1-based line number. */
	number: number;
	bytesRead: number;
}

/**
 * The lines of `blob`, read as a UTF-8 stream (lines end at `\n`, a `\r` before it is dropped;
 * blank lines are skipped). Only one line is held at a time, however large the file.
 */
export async function* readLines(blob: Blob): AsyncGenerator<ReadLine> {
	const reader = blob.stream().getReader();
	const decoder = new TextDecoder();
	let carry = "";
	let number = 0;
	let bytesRead = 0;
	const emit = (raw: string, newline: boolean) => {
		number++;
		bytesRead += utf8Length(raw) + (newline ? 1 : 0);
		const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
		return text.trim() === "" ? null : { text, number, bytesRead };
	};
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			carry += decoder.decode(value, { stream: true });
			let start = 0;
			for (let nl = carry.indexOf("\n"); nl !== -1; nl = carry.indexOf("\n", start)) {
				const line = emit(carry.slice(start, nl), true);
				start = nl + 1;
				if (line) yield line;
			}
			carry = carry.slice(start);
		}
		carry += decoder.decode();
		if (carry !== "") {
			const line = emit(carry, false);
			if (line) yield line;
		}
	} finally {
		reader.releaseLock();
	}
}
