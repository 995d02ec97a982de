import { describe, expect, it } from "vitest";
import { createContentHasher } from "../core";
import { completeLines, countNewlines, nextTail, readStart, sameBytes, TAIL_BYTES } from "./growingFile";

const bytes = (s: string) => new TextEncoder().encode(s);
const hash = (s: string) => {
	const h = createContentHasher();
	h.update(bytes(s));
	return h.digest();
};

describe("reading a growing file", () => {
	it("takes only whole lines: a line still being written waits", () => {
		expect(new TextDecoder().decode(completeLines(bytes('{"a":1}\n{"b":')))).toBe('{"a":1}\n');
		expect(completeLines(bytes('{"b":')).length).toBe(0);
	});

	it("keeps the last bytes read, to tell a grown file from a replaced one", () => {
		const a = new Uint8Array(TAIL_BYTES).fill(1);
		const tail = nextTail(a, bytes("xy"));
		expect(tail.length).toBe(TAIL_BYTES);
		expect([...tail.subarray(TAIL_BYTES - 3)]).toEqual([1, 120, 121]);
		expect(sameBytes(nextTail(bytes("ab"), bytes("cd")), bytes("abcd"))).toBe(true);
	});

	it("reads the start once: complete lines, their count, their hash, which later appends continue", async () => {
		const start = await readStart(new Blob(["one\ntwo\nthr"]));
		expect(start.offset).toBe(8);
		expect(start.lines).toBe(2);
		expect(await start.body.text()).toBe("one\ntwo\n");
		expect(start.hasher.digest()).toBe(hash("one\ntwo\n"));
		start.hasher.update(bytes("three\n"));
		expect(start.hasher.digest()).toBe(hash("one\ntwo\nthree\n"));
		expect(countNewlines(bytes("a\nb\n\n"))).toBe(3);
	});

	it("reads a start of megabytes a slice at a time: a line across slices, one longer than a slice, a line still being written", async () => {
		const text = `${"a".repeat(700_000)}\n${"b".repeat(2_500_000)}\nc\n\n${"d".repeat(300_000)}\n${"e".repeat(1_200_000)}`;
		const start = await readStart(new Blob([text]));
		const complete = text.slice(0, text.lastIndexOf("\n") + 1);
		expect(start.offset).toBe(complete.length);
		expect(start.lines).toBe(5);
		expect(await start.body.text()).toBe(complete);
		expect(start.hasher.digest()).toBe(hash(complete));
		expect(sameBytes(start.tail, bytes(complete.slice(-TAIL_BYTES)))).toBe(true);
	});
});
