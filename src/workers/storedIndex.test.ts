import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../test/fixtures";
import { hashText } from "../core";
import { readIndex } from "../storage/indexStore";
import { prefetchIndex, runParse } from "./parseJob";
import type { ParseRequest, ParseResponse } from "./protocol";

/** Everything `runParse` posts for `blob` opened lean (its index kept under `contentHash`). */
async function openLean(blob: Blob, contentHash: string, requestId: number): Promise<ParseResponse[]> {
	const out: ParseResponse[] = [];
	const request: ParseRequest = {
		type: "parse",
		requestId,
		blob,
		keepIndex: true,
		contentHash,
	};
	await runParse(request, (m, transfer) => out.push(structuredClone(m, { transfer })), undefined);
	return out;
}

const previewOf = (messages: ParseResponse[]) => {
	expect(messages.filter((m) => m.type === "error")).toEqual([]);
	const preview = messages.find((m) => m.type === "preview");
	if (!preview) throw new Error("no preview");
	return preview;
};

async function stored(contentHash: string, size: number) {
	for (let i = 0; i < 200; i++) {
		const index = await readIndex(contentHash, size);
		if (index) return index;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error("the index was not stored");
}

describe("a stored session's index, read ahead of its reopening", () => {
	const text = readFixture("golden/compaction-heavy.jsonl");
	const hash = hashText(text);
	const size = new Blob([text]).size;
	// Bytes of the same size that are not the session: a preview from them is the stored index's.
	const blank = new Blob([" ".repeat(size)]);

	it("is the index the reopening uses, whether read ahead or not", async () => {
		const first = previewOf(await openLean(new Blob([text]), hash, 1));
		await stored(hash, size);
		// Read when the parse request comes.
		expect(previewOf(await openLean(blank, hash, 2))).toEqual({ ...first, requestId: 2 });
		// Read ahead.
		prefetchIndex(hash, size);
		expect(previewOf(await openLean(blank, hash, 3))).toEqual({ ...first, requestId: 3 });
	});

	it("is not used for another session: that one's own index is read", async () => {
		const other = readFixture("golden/branchy-legacy.jsonl");
		const otherHash = hashText(other);
		const otherSize = new Blob([other]).size;
		const theirs = previewOf(await openLean(new Blob([other]), otherHash, 4));
		await stored(otherHash, otherSize);
		await stored(hash, size);
		prefetchIndex(hash, size);
		expect(previewOf(await openLean(new Blob([" ".repeat(otherSize)]), otherHash, 5))).toEqual({
			...theirs,
			requestId: 5,
		});
		// What was read ahead for the first is dropped: its next reopening reads its index again.
		const again = previewOf(await openLean(blank, hash, 6));
		expect(again.type).toBe("preview");
	});

	it("read ahead for a session with no index stored: the file is scanned", async () => {
		const fresh = `${text}\n`;
		const freshHash = hashText(fresh);
		prefetchIndex(freshHash, new Blob([fresh]).size);
		const messages = await openLean(new Blob([fresh]), freshHash, 7);
		expect(previewOf(messages).requestId).toBe(7);
		expect(messages.some((m) => m.type === "done")).toBe(true);
	});
});
