/**
 * Files that are not clean sessions, as one table for the unit tests (src/workers/readSession.test.ts),
 * the browser tests (e2e/bad-input.spec.ts) and the fixture writer (scripts/make-bad-fixtures.ts).
 * Small ones are committed under test/fixtures/bad; big ones (`big: true`) are made at run time.
 * Every input says what must happen: it opens with these issue codes, or it fails with a reason.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createContentHasher } from "../src/core/session/hash";
import { FIXTURES_DIR } from "./fixtures";

export type BadOutcome =
	| {
			opens: true;
			/** Issue codes that must be reported (others may be too). */
			codes: string[];
			/** Issue codes that must not be reported. */
			notCodes?: string[];
			entries: number;
			/** The library id the session gets (header id, or `hash:` for files without one). */
			sessionId: string;
	  }
	| { opens: false; reason: RegExp };

export interface BadInput {
	/** File name, also under test/fixtures/bad/ unless `big`. */
	name: string;
	what: string;
	big?: boolean;
	outcome: BadOutcome;
	bytes(): Uint8Array<ArrayBuffer>;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
};

/** The golden session every variant starts from (38 entries, no issues of its own). */
export const GOOD_NAME = "golden/small-legacy.jsonl";
export const GOOD_ID = "s11";
const good = () => readFileSync(join(FIXTURES_DIR, GOOD_NAME), "utf8");
const GOOD_ENTRIES = 38;

/** small-legacy with another header id, so each variant is its own library item. */
function goodAs(id: string): string {
	const text = good();
	const nl = text.indexOf("\n");
	const headerObj = JSON.parse(text.slice(0, nl)) as Record<string, unknown>;
	return `${JSON.stringify({ ...headerObj, id })}${text.slice(nl)}`;
}

function goodObjects(): unknown[] {
	return good()
		.split("\n")
		.filter((l) => l !== "")
		.map((l) => JSON.parse(l));
}

/** The library id of a file without a header id, as the app computes it. */
export function hashId(bytes: Uint8Array): string {
	const h = createContentHasher();
	h.update(bytes);
	return `hash:${h.digest()}`;
}

const HEADER_ONLY = `${JSON.stringify({
	type: "session",
	version: 3,
	id: "bad-header-only",
	timestamp: "2026-01-01T00:00:00.000Z",
	cwd: "/work",
})}\n`;

/** A session mixing every kind of broken line with good entries. */
function mixed(): string {
	const e = (o: Record<string, unknown>) => JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", ...o });
	const user = (id: string, parentId: string | null, text: string) =>
		e({ type: "message", id, parentId, message: { role: "user", content: text, timestamp: 1767225600000 } });
	return [
		JSON.stringify({ type: "session", version: 3, id: "bad-mixed", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" }),
		user("a0000001", null, "first question"),
		'{"type":"message","id":"a0000002",',
		"",
		"[1,2,3]",
		'"just a string"',
		e({ type: "future_thing", id: "a0000003", parentId: "a0000001" }),
		e({ type: "message", parentId: "a0000001", message: { role: "user", content: "no id", timestamp: 1 } }),
		user("a0000004", "nowhere1", "an orphan"),
		user("a0000005", "a0000001", "second question"),
		e({
			type: "message",
			id: "a0000006",
			parentId: "a0000005",
			message: {
				role: "assistant",
				content: [{ type: "toolCall", id: "call-1", name: "bash", arguments: { command: "ls" } }],
				provider: "p",
				model: "m",
				api: "a",
				stopReason: "toolUse",
				timestamp: 1767225600000,
			},
		}),
		e({ type: "label", id: "a0000007", parentId: "a0000006", targetId: "gone0000", label: "lost" }),
		JSON.stringify({ type: "session", version: 3, id: "second-header" }),
		"not json at all",
		"",
	].join("\n");
}

/** Header, 100,000 malformed lines, then a short good chain: the per-code cap must hold. */
export function errorFloodText(lines = 100_000): string {
	const parts: string[] = [
		JSON.stringify({ type: "session", version: 3, id: "bad-flood", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" }),
	];
	const bad = "{ this line is not json }";
	for (let i = 0; i < lines; i++) parts.push(bad);
	parts.push(
		JSON.stringify({
			type: "message",
			id: "f0000001",
			parentId: null,
			timestamp: "2026-01-01T00:00:00.000Z",
			message: { role: "user", content: "after the flood", timestamp: 1767225600000 },
		}),
	);
	return `${parts.join("\n")}\n`;
}

/** Header and one user message whose text makes the line `size` bytes long. */
export function hugeLineBytes(size = 50 * 1024 * 1024): Uint8Array<ArrayBuffer> {
	const head = `${JSON.stringify({ type: "session", version: 3, id: "bad-huge-line", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" })}\n`;
	const before =
		'{"type":"message","id":"b0000001","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","timestamp":1767225600000,"content":"';
	const after = '"}}\n';
	const fill = new Uint8Array(size - before.length - after.length).fill(0x61 /* a */);
	return concat(utf8(head), utf8(before), fill, utf8(after));
}

export const BAD_INPUTS: readonly BadInput[] = [
	{
		name: "empty.jsonl",
		what: "an empty file",
		outcome: { opens: false, reason: /empty/i },
		bytes: () => new Uint8Array(0),
	},
	{
		name: "binary.jsonl",
		what: "binary data (a PNG) named .jsonl",
		outcome: { opens: false, reason: /binary/i },
		bytes: () =>
			concat(
				new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
				new Uint8Array(64).map((_, i) => (i * 37) % 256),
			),
	},
	{
		name: "document.pdf",
		what: "a PDF",
		outcome: { opens: false, reason: /PDF/ },
		bytes: () =>
			utf8(
				"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
			),
	},
	{
		name: "session.jsonl.gz",
		what: "a gzip-compressed session",
		outcome: { opens: false, reason: /gzip/i },
		bytes: () => new Uint8Array(gzipSync(goodAs("bad-gzip"))),
	},
	{
		name: "utf16.jsonl",
		what: "a session saved as UTF-16",
		outcome: { opens: false, reason: /UTF-16/ },
		bytes: () => {
			const text = `\ufeff${goodAs("bad-utf16").split("\n").slice(0, 3).join("\n")}\n`;
			const out = new Uint8Array(text.length * 2);
			for (let i = 0; i < text.length; i++) {
				out[2 * i] = text.charCodeAt(i) & 0xff;
				out[2 * i + 1] = text.charCodeAt(i) >> 8;
			}
			return out;
		},
	},
	{
		name: "array.json",
		what: "a JSON array of the session's objects on one line",
		outcome: { opens: false, reason: /JSON array/ },
		bytes: () => utf8(JSON.stringify(goodObjects())),
	},
	{
		name: "array-pretty.json",
		what: "a JSON array pretty-printed over many lines",
		outcome: { opens: false, reason: /JSON array/ },
		bytes: () => utf8(`${JSON.stringify(goodObjects().slice(0, 8), null, 2)}\n`),
	},
	{
		name: "object-pretty.json",
		what: "one pretty-printed JSON object",
		outcome: { opens: false, reason: /several lines/ },
		bytes: () => utf8(`${JSON.stringify(goodObjects()[0], null, 2)}\n`),
	},
	{
		name: "page.jsonl",
		what: "an HTML page named .jsonl",
		outcome: { opens: false, reason: /HTML/ },
		bytes: () =>
			utf8(
				'<!DOCTYPE html>\n<html lang="en">\n<head><title>Session</title></head>\n<body><pre>{"type":"session"}</pre></body>\n</html>\n',
			),
	},
	{
		name: "not-pi.jsonl",
		what: "JSON lines that are not a pi session (a log)",
		outcome: { opens: false, reason: /No session here/ },
		bytes: () =>
			utf8('{"level":"info","msg":"started"}\n{"level":"warn","msg":"slow"}\n{"level":"info","msg":"done"}\n'),
	},
	{
		name: "bom.jsonl",
		what: "a session with a UTF-8 byte order mark",
		outcome: {
			opens: true,
			codes: [],
			notCodes: ["malformed-json", "missing-header"],
			entries: GOOD_ENTRIES,
			sessionId: "bad-bom",
		},
		bytes: () => utf8(`\ufeff${goodAs("bad-bom")}`),
	},
	{
		name: "crlf.jsonl",
		what: "a session with CRLF line ends",
		outcome: {
			opens: true,
			codes: [],
			notCodes: ["malformed-json", "blank-lines"],
			entries: GOOD_ENTRIES,
			sessionId: "bad-crlf",
		},
		bytes: () => utf8(goodAs("bad-crlf").replace(/\n/g, "\r\n")),
	},
	{
		name: "truncated.jsonl",
		what: "a session whose last line is cut off",
		outcome: { opens: true, codes: ["truncated-line"], entries: GOOD_ENTRIES - 1, sessionId: "bad-truncated" },
		bytes: () => {
			const text = goodAs("bad-truncated").trimEnd();
			return utf8(text.slice(0, text.lastIndexOf("\n") + 40));
		},
	},
	{
		name: "invalid-utf8.jsonl",
		what: "a session with bytes that are not UTF-8 inside a message",
		outcome: { opens: true, codes: ["invalid-encoding"], entries: GOOD_ENTRIES, sessionId: "bad-utf8" },
		bytes: () => {
			const bytes = utf8(goodAs("bad-utf8"));
			const at = new TextDecoder().decode(bytes).indexOf("fix 日本語 the file");
			const cut = utf8(new TextDecoder().decode(bytes).slice(0, at)).length;
			return concat(bytes.subarray(0, cut), new Uint8Array([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]), bytes.subarray(cut));
		},
	},
	{
		name: "header-only.jsonl",
		what: "a session header and nothing else",
		outcome: { opens: true, codes: ["no-entries"], entries: 0, sessionId: "bad-header-only" },
		bytes: () => utf8(HEADER_ONLY),
	},
	{
		name: "no-header.jsonl",
		what: "a session without its header line",
		outcome: {
			opens: true,
			codes: ["missing-header"],
			entries: GOOD_ENTRIES,
			sessionId: hashId(utf8(good().slice(good().indexOf("\n") + 1))),
		},
		bytes: () => utf8(good().slice(good().indexOf("\n") + 1)),
	},
	{
		name: "mixed.jsonl",
		what: "a session mixing broken lines with good entries",
		outcome: {
			opens: true,
			codes: [
				"malformed-json",
				"not-an-object",
				"unknown-entry-type",
				"missing-id",
				"orphan",
				"duplicate-header",
				"label-target-missing",
				"tool-call-unanswered",
				"blank-lines",
			],
			entries: 7,
			sessionId: "bad-mixed",
		},
		bytes: () => utf8(mixed()),
	},
	{
		name: "huge-line.jsonl",
		what: "a session with one 50 MB line",
		big: true,
		outcome: {
			opens: true,
			codes: [],
			notCodes: ["malformed-json", "truncated-line"],
			entries: 1,
			sessionId: "bad-huge-line",
		},
		bytes: () => hugeLineBytes(),
	},
	{
		name: "huge-garbage.jsonl",
		what: "one 50 MB line that is not JSON",
		big: true,
		outcome: { opens: false, reason: /No session entries found \(line 1/ },
		bytes: () => new Uint8Array(50 * 1024 * 1024).fill(0x78 /* x */),
	},
	{
		name: "newline-flood.jsonl",
		what: "10 MB of newlines",
		big: true,
		outcome: { opens: false, reason: /only blank lines/ },
		bytes: () => new Uint8Array(10 * 1024 * 1024).fill(0x0a),
	},
	{
		name: "error-flood.jsonl",
		what: "100,000 malformed lines around a good entry",
		big: true,
		outcome: { opens: true, codes: ["malformed-json", "too-many-issues"], entries: 1, sessionId: "bad-flood" },
		bytes: () => utf8(errorFloodText()),
	},
];
