import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BAD_INPUTS, errorFloodText, GOOD_NAME } from "../../test/badInputs";
import { FIXTURES_DIR } from "../../test/fixtures";
import { parseSession } from "../core";
import {
	hashBlob,
	hashChunks,
	incompleteUtf8Tail,
	MAX_SESSION_BYTES,
	NotASessionError,
	type ReadProgress,
	readSessionBlob,
	readSessionStream,
} from "./readSession";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A stream that hands out `bytes` in chunks of `size` (lines and characters split anywhere). */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
	let at = 0;
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			if (at >= bytes.length) controller.close();
			else {
				controller.enqueue(bytes.slice(at, at + size));
				at += size;
			}
		},
	});
}

async function failure(promise: Promise<unknown>): Promise<Error> {
	try {
		await promise;
	} catch (err) {
		return err as Error;
	}
	throw new Error("expected the read to fail");
}

const goodText = readFileSync(join(FIXTURES_DIR, GOOD_NAME), "utf8");

describe("readSessionBlob on every bad input", () => {
	for (const input of BAD_INPUTS) {
		const { outcome } = input;
		it(`${input.name}: ${input.what} ${outcome.opens ? "opens with its issues" : "fails with a reason"}`, async () => {
			const bytes = input.bytes();
			const started = Date.now();
			if (outcome.opens) {
				const result = await readSessionBlob(new Blob([bytes]));
				expect(result.parsed.entries).toHaveLength(outcome.entries);
				const codes = new Set(result.parsed.issues.map((i) => i.code));
				for (const code of outcome.codes) expect(codes, code).toContain(code);
				for (const code of outcome.notCodes ?? []) expect(codes, code).not.toContain(code);
				expect(result.size).toBe(bytes.length);
			} else {
				const err = await failure(readSessionBlob(new Blob([bytes])));
				expect(err).toBeInstanceOf(NotASessionError);
				expect(err.message).toMatch(outcome.reason);
			}
			// 50 MB lines and floods stay well within a few seconds even on a slow, shared machine.
			expect(Date.now() - started).toBeLessThan(20_000);
		});
	}

	it("the committed fixtures are what the table makes (run scripts/make-bad-fixtures.ts)", () => {
		for (const input of BAD_INPUTS) {
			if (input.big) continue;
			const onDisk = readFileSync(join(FIXTURES_DIR, "bad", input.name));
			if (input.name.endsWith(".gz")) {
				expect(gunzipSync(onDisk).equals(gunzipSync(input.bytes())), input.name).toBe(true);
			} else {
				expect(Buffer.from(input.bytes()).equals(onDisk), input.name).toBe(true);
			}
		}
	});
});

describe("what loads", () => {
	it("a BOM and CRLF line ends change nothing: same entries and issues as the clean file", async () => {
		const clean = parseSession(goodText);
		for (const text of [`\ufeff${goodText}`, goodText.replace(/\n/g, "\r\n")]) {
			const { parsed } = await readSessionBlob(new Blob([text]));
			expect(parsed.entries).toEqual(clean.entries);
			expect(parsed.issues).toEqual(clean.issues);
			expect(parsed.header).toEqual(clean.header);
		}
	});

	it("a truncated last line keeps every complete entry and names the cut line", async () => {
		const lines = goodText.trimEnd().split("\n");
		const cut = `${lines.slice(0, -1).join("\n")}\n${lines[lines.length - 1].slice(0, 50)}`;
		const { parsed } = await readSessionBlob(new Blob([cut]));
		expect(parsed.entries).toHaveLength(lines.length - 2);
		const issue = parsed.issues.find((i) => i.code === "truncated-line");
		expect(issue?.line).toBe(lines.length);
	});

	it("a header-only file opens with a no-entries note", async () => {
		const { parsed } = await readSessionBlob(new Blob([`${goodText.split("\n")[0]}\n`]));
		expect(parsed.entries).toEqual([]);
		expect(parsed.header?.id).toBe("s11");
		expect(parsed.issues.map((i) => i.code)).toEqual(["no-entries"]);
	});

	it("a 50 MB line is parsed whole", async () => {
		const big = "z".repeat(50 * 1024 * 1024);
		const text = `${goodText.split("\n")[0]}\n${JSON.stringify({
			type: "message",
			id: "big00001",
			parentId: null,
			timestamp: "2026-01-01T00:00:00.000Z",
			message: { role: "user", content: big, timestamp: 1 },
		})}\n`;
		const { parsed } = await readSessionBlob(new Blob([text]));
		expect(parsed.entries).toHaveLength(1);
		const content = (parsed.entries[0] as { message: { content: string } }).message.content;
		expect(content.length).toBe(big.length);
		expect(parsed.issues).toEqual([]);
	});

	it("100,000 malformed lines are capped at 1000 issues plus a summary", async () => {
		const { parsed } = await readSessionBlob(new Blob([errorFloodText()]));
		expect(parsed.entries).toHaveLength(1);
		expect(parsed.issues.filter((i) => i.code === "malformed-json")).toHaveLength(1000);
		const summary = parsed.issues.find((i) => i.code === "too-many-issues");
		expect(summary?.message).toContain("99000 more");
		expect(parsed.issues.length).toBeLessThan(1010);
	});

	it("blank lines between entries are reported, a flood of them before a session still opens", async () => {
		const { parsed } = await readSessionBlob(new Blob(["\n".repeat(1_000_000), goodText]));
		expect(parsed.entries).toHaveLength(38);
		expect(parsed.issues.map((i) => i.code)).toContain("header-not-first");
	});
});

describe("invalid UTF-8", () => {
	const header = goodText.split("\n")[0];
	const entry = (text: string) =>
		JSON.stringify({
			type: "message",
			id: "u0000001",
			parentId: null,
			timestamp: "2026-01-01T00:00:00.000Z",
			message: { role: "user", content: text, timestamp: 1 },
		});
	const withBadByte = (): Uint8Array => {
		const [before, after] = `${header}\n${entry("héllo @@ wörld")}\n`.split("@@");
		return new Uint8Array([...utf8(before), 0xff, 0xfe, ...utf8(after)]);
	};

	it("is reported once with the line of the first bad byte, and the text keeps U+FFFD", async () => {
		for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
			const bytes = withBadByte();
			const { parsed } = await readSessionStream(chunked(bytes, size), bytes.length);
			const issues = parsed.issues.filter((i) => i.code === "invalid-encoding");
			expect(issues, `chunks of ${size}`).toHaveLength(1);
			expect(issues[0].line, `chunks of ${size}`).toBe(2);
			const content = (parsed.entries[0] as { message: { content: string } }).message.content;
			expect(content).toBe("héllo \uFFFD\uFFFD wörld");
		}
	});

	it("multi-byte characters split across chunks are not invalid", async () => {
		const bytes = utf8(`${header}\n${entry("日本語 🌲 ünïcödé ".repeat(50))}\n`);
		for (const size of [1, 2, 3, 5]) {
			const { parsed } = await readSessionStream(chunked(bytes, size), bytes.length);
			expect(parsed.issues.map((i) => i.code)).toEqual([]);
			expect((parsed.entries[0] as { message: { content: string } }).message.content).toContain("🌲 ünïcödé");
		}
	});

	it("a character cut off by the end of the file is invalid too", async () => {
		const bytes = new Uint8Array([...utf8(`${header}\n${entry("x")}\n`), 0xe6, 0x97]);
		const { parsed } = await readSessionStream(chunked(bytes, 4), bytes.length);
		expect(parsed.issues.find((i) => i.code === "invalid-encoding")?.line).toBe(3);
	});

	it("text that is not UTF-8 at all fails as not a session", async () => {
		const bytes = new Uint8Array(2000).map((_, i) => 0x80 + (i % 100));
		const err = await failure(readSessionBlob(new Blob([bytes])));
		expect(err.message).toMatch(/not UTF-8/);
	});

	it("incompleteUtf8Tail counts the bytes of an unfinished sequence", () => {
		expect(incompleteUtf8Tail([])).toBe(0);
		expect(incompleteUtf8Tail([0x61])).toBe(0);
		expect(incompleteUtf8Tail([0x61, 0xc3])).toBe(1);
		expect(incompleteUtf8Tail([0xc3, 0xa9])).toBe(0);
		expect(incompleteUtf8Tail([0x61, 0xe6, 0x97])).toBe(2);
		expect(incompleteUtf8Tail([0xe6, 0x97, 0xa5])).toBe(0);
		expect(incompleteUtf8Tail([0xf0, 0x9f, 0x8c])).toBe(3);
		expect(incompleteUtf8Tail([0x9f, 0x8c, 0xb2])).toBe(0);
	});
});

describe("streaming", () => {
	it("the same entries, issues and hash whatever the chunk size", async () => {
		const bytes = readFileSync(join(FIXTURES_DIR, "bad", "mixed.jsonl"));
		const whole = await readSessionBlob(new Blob([bytes]));
		for (const size of [1, 13, 4096]) {
			const part = await readSessionStream(chunked(new Uint8Array(bytes), size), bytes.length);
			expect(part.parsed).toEqual(whole.parsed);
			expect(part.contentHash).toBe(whole.contentHash);
		}
	});

	it("hashes kept chunks as it hashes the blob, wherever they are cut", async () => {
		const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, "bad", "mixed.jsonl")));
		const blob = await hashBlob(new Blob([bytes]));
		expect(blob).toBe((await readSessionBlob(new Blob([bytes]))).contentHash);
		for (const size of [1, 3, 13, 4096]) {
			const chunks: Uint8Array[] = [];
			for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
			expect(await hashChunks(chunks)).toBe(blob);
		}
		expect(await hashChunks([bytes.subarray(0, 5)])).not.toBe(blob);
	});

	it("waits while its pause holds it, between chunks, and reads the same after", async () => {
		const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, "bad", "mixed.jsonl")));
		const whole = await readSessionBlob(new Blob([bytes]));
		let release = () => {};
		let held: Promise<void> | undefined;
		let chunksSeen = 0;
		const pause = () => {
			chunksSeen++;
			return held;
		};
		held = new Promise((resolve) => {
			release = resolve;
		});
		let finished = false;
		const reading = readSessionStream(chunked(bytes, 64), bytes.length, undefined, { pause }).then((r) => {
			finished = true;
			return r;
		});
		await new Promise((resolve) => setTimeout(resolve, 20));
		// Held at its first chunk: nothing more is taken in.
		expect(chunksSeen).toBe(1);
		expect(finished).toBe(false);
		held = undefined;
		release();
		const read = await reading;
		expect(chunksSeen).toBe(Math.ceil(bytes.length / 64));
		expect(read.parsed).toEqual(whole.parsed);
		expect(read.contentHash).toBe(whole.contentHash);
	});

	it("reports progress up to the whole file", async () => {
		const seen: ReadProgress[] = [];
		await readSessionBlob(new Blob([goodText]), (p) => seen.push(p));
		const size = utf8(goodText).length;
		expect(seen.at(-1)).toEqual({ loaded: size, total: size });
	});

	it("a read failure says the file could not be read", async () => {
		const broken = {
			size: 10,
			stream: () =>
				new ReadableStream<Uint8Array>({
					pull(controller) {
						controller.error(Object.assign(new Error("gone"), { name: "NotReadableError" }));
					},
				}),
		} as unknown as Blob;
		const err = await failure(readSessionBlob(broken));
		expect(err.message).toMatch(/could not be read \(was it moved or changed.*gone/);
	});

	it("refuses a file over the size limit before reading it", async () => {
		let read = false;
		const huge = {
			size: MAX_SESSION_BYTES + 1,
			stream: () => {
				read = true;
				return new Blob([]).stream();
			},
		} as unknown as Blob;
		const err = await failure(readSessionBlob(huge));
		expect(err.message).toMatch(/512 MB/);
		expect(read).toBe(false);
	});
});
