import { describe, expect, it } from "vitest";
import {
	BlobParts,
	BUNDLE_VERSION,
	buildBundle,
	bundleFileName,
	isBundleFile,
	readBundleHeader,
	readBundleLine,
	readLines,
} from "./bundle";
import { testMeta } from "./testMeta";

const meta = testMeta;

async function lines(blob: Blob) {
	const out: { text: string; number: number }[] = [];
	for await (const l of readLines(blob)) out.push({ text: l.text, number: l.number });
	return out;
}

const NOW = new Date("2026-03-04T05:06:07.000Z");

describe("library bundle", () => {
	it("writes a header counting the sessions in, then one line per session; unreadable ones are reported", async () => {
		const body = '{"type":"session","id":"a"}\n{"type":"message","text":"line\\nbreak ✓"}\n';
		const out = await buildBundle(
			[meta("a", { displayName: "Mine", sourceUrl: "https://x/a.jsonl", bodyKey: "a@k-1" }), meta("gone"), meta("b")],
			async (m) => {
				if (m.id === "gone") throw new Error("the stored file content is missing");
				return m.id === "a" ? new Blob([body]) : "b body";
			},
			NOW,
		);
		expect(out.sessions).toBe(2);
		expect(out.skipped).toEqual([{ meta: meta("gone"), reason: "the stored file content is missing" }]);
		const text = await out.blob.text();
		const [head, a, b, ...rest] = text.split("\n");
		expect(rest).toEqual([""]);
		expect(JSON.parse(head)).toEqual({
			type: "session-explorer-library",
			version: BUNDLE_VERSION,
			exportedAt: NOW.toISOString(),
			sessions: 2,
		});
		const lineA = JSON.parse(a);
		expect(lineA.body).toBe(body);
		expect(lineA.meta).toMatchObject({ id: "a", displayName: "Mine", sourceUrl: "https://x/a.jsonl" });
		expect("bodyKey" in lineA.meta).toBe(false);
		expect(readBundleLine(b)).toEqual({
			session: { id: "b", fileName: "b.jsonl", contentHash: "hash-b", body: "b body" },
		});
		expect(bundleFileName(NOW)).toBe("session-explorer-library-2026-03-04.jsonl");
		expect(await isBundleFile(out.blob)).toBe(true);
		expect(await isBundleFile(new Blob(['{"type":"session","version":3}']))).toBe(false);
	});

	it("reads the header, refusing other files and other versions", () => {
		expect(readBundleHeader('{"type":"session-explorer-library","version":1,"sessions":3}')).toMatchObject({
			header: { sessions: 3 },
		});
		expect(readBundleHeader('\uFEFF{"type":"session-explorer-library","version":1}')).toMatchObject({
			header: { sessions: 0 },
		});
		expect(readBundleHeader('{"type":"session","version":3,"id":"x"}')).toEqual({
			problem: expect.stringContaining("not a Session Explorer library file"),
		});
		expect(readBundleHeader("garbage")).toEqual({ problem: expect.stringContaining("first line is not JSON") });
		expect(readBundleHeader('{"type":"session-explorer-library","version":2}')).toEqual({
			problem: "This library file has format version 2; this page reads version 1 only.",
		});
	});

	it("says what is wrong with each damaged session line", () => {
		const problem = (line: string) => {
			const read = readBundleLine(line);
			return "problem" in read ? read.problem : null;
		};
		expect(problem('{"type":"session","meta":{"id":"a"},"bo')).toMatch(/not valid JSON/);
		expect(problem("[1,2]")).toBe("the line is not a session record");
		expect(problem('{"type":"note"}')).toBe('unknown record type "note"');
		expect(problem('{"type":"session","body":"x"}')).toBe("the session has no metadata");
		expect(problem('{"type":"session","meta":{"id":""},"body":"x"}')).toBe("the session has no id");
		expect(problem('{"type":"session","meta":{"id":"a"}}')).toBe("the session's file content is missing");
		expect(problem('{"type":"session","meta":{"id":"a"},"body":42}')).toBe("the session's file content is missing");
		expect(problem('{"type":"session","meta":{"id":"a"},"body":"  "}')).toBe("the session's file content is empty");
		// Wrong-typed optional fields are left out, not fatal.
		expect(readBundleLine('{"type":"session","meta":{"id":"a","displayName":5,"addedAt":"x"},"body":"b"}')).toEqual({
			session: { id: "a", fileName: "a.jsonl", body: "b" },
		});
	});

	it("reads lines from a stream: CRLF, blank lines, no final newline, characters split across chunks", async () => {
		// Blob parts become separate stream chunks: split a multi-byte character between two.
		const check = new TextEncoder().encode("✓");
		const blob = new Blob(["one\r\n\r\ntw", check.slice(0, 1), check.slice(1), "o\n", "  \nthree"]);
		expect(await lines(blob)).toEqual([
			{ text: "one", number: 1 },
			{ text: "tw✓o", number: 3 },
			{ text: "three", number: 5 },
		]);
		expect(await lines(new Blob([]))).toEqual([]);
		// A large line arrives whole, and the byte count reaches the file size.
		const big = "x".repeat(300_000);
		const read: number[] = [];
		for await (const l of readLines(new Blob([`${big}\nend\n`]))) read.push(l.text.length, l.bytesRead);
		expect(read).toEqual([300_000, 300_001, 3, 300_005]);
		const counts: number[] = [];
		for await (const l of readLines(new Blob(["é✓\r\n", "\n😀x"]))) counts.push(l.bytesRead);
		expect(counts).toEqual([7, 13]);
	});

	it("folds parts into Blobs without changing the text", async () => {
		const parts = new BlobParts();
		const chunk = "y".repeat(1024 * 1024);
		for (let i = 0; i < 6; i++) parts.add(`${i}${chunk}\n`);
		const blob = parts.toBlob("head\n", "application/jsonl");
		expect(blob.size).toBe(5 + 6 * (chunk.length + 2));
		const text = await blob.text();
		expect(text.startsWith("head\n0yyy")).toBe(true);
		expect(text.split("\n").map((l) => l[0])).toEqual(["h", "0", "1", "2", "3", "4", "5", undefined]);
	});
});
