import { describe, expect, it } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../bench/generate";
import { readFixture } from "../../test/fixtures";
import { reshapeSession } from "../../test/reshape";
import { hashText, type ScannedPart } from "../core";
import type { OpenEvent } from "./readerApi";
import { hashBlob } from "./readSession";
import { openFile } from "./service/open";
import { helperHere, type ParseHelper, planSplit } from "./splitScan";

const encoder = new TextEncoder();

/** What an open of `blob` tells the page (`ready`) and holds (the entries, their lines), and its content hash. */
async function openLean(blob: Blob, helper?: ParseHelper, splitFrom?: number) {
	const events: OpenEvent[] = [];
	const opened = await openFile(
		{ blob, ...(splitFrom !== undefined ? { splitFrom } : {}) },
		(e) => events.push(structuredClone(e)),
		() => undefined,
		helper,
	);
	return { events, opened, hash: await opened.contentHash() };
}

/** What the page is told and the worker holds, comparable across opens. */
function told({ events, opened, hash }: Awaited<ReturnType<typeof openLean>>) {
	const ready = events.find((e) => e.type === "ready");
	if (!ready) throw new Error("no ready");
	const { held } = opened;
	return { ready, entries: held.entries, lines: held.lines, full: held.full, hash };
}

/** A helper that counts what it is asked, failing on purpose where told to. */
function countingHelper(fail: { scan?: boolean; hash?: boolean } = {}) {
	const here = helperHere(0);
	const asked = { scans: 0, hashes: 0 };
	const helper: ParseHelper = {
		splitFrom: 0,
		scanPart: (blob, plan, onProgress): Promise<ScannedPart> => {
			asked.scans++;
			return fail.scan ? Promise.reject(new Error("no helper")) : here.scanPart(blob, plan, onProgress);
		},
		hash: (blob) => {
			asked.hashes++;
			return fail.hash ? Promise.reject(new Error("no helper")) : here.hash(blob);
		},
	};
	return { helper, asked };
}

const generated = `${[...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 1500 })].join("\n")}\n`;
const sources: [string, string][] = [
	["bushy", generated],
	[
		"bushy reshaped",
		reshapeSession(generated, { shuffle: true, whitespace: true, headerWithoutId: true, crlf: true, seed: 9 }),
	],
	["v1", readFixture("pi-mono/large-session.jsonl")],
	["compaction-heavy", readFixture("golden/compaction-heavy.jsonl")],
];

describe("planSplit", () => {
	it("cuts at a line start near the middle, after the header", async () => {
		const blob = new Blob([generated]);
		const plan = await planSplit(blob, 0);
		if (!plan) throw new Error("no plan");
		expect(encoder.encode(generated)[plan.cut - 1]).toBe(0x0a);
		expect(plan.cut).toBeGreaterThan(encoder.encode(generated).indexOf(0x0a));
		expect(Math.abs(plan.cut - blob.size / 2)).toBeLessThan(20_000);
		expect(plan.version).toBe(3);
		expect((await planSplit(new Blob([readFixture("pi-mono/large-session.jsonl")]), 0))?.version).toBe(1);
	});

	it("does not cut a small file, one without a header (or a v4 one), or a single line", async () => {
		expect(await planSplit(new Blob([generated]))).toBeNull();
		expect(await planSplit(new Blob([readFixture("dialects/pi-v4.jsonl")]), 0)).toBeNull();
		const noHeader = generated.slice(generated.indexOf("\n") + 1);
		expect(await planSplit(new Blob([noHeader]), 0)).toBeNull();
		expect(await planSplit(new Blob([generated.split("\n")[0]]), 0)).toBeNull();
		expect(await planSplit(new Blob(["not json\n", generated]), 0)).toBeNull();
	});

	it("cuts past a giant line in the middle, before or after it", async () => {
		const lines = generated.trimEnd().split("\n");
		const giant = JSON.stringify({
			type: "message",
			id: "giant",
			parentId: null,
			message: { role: "user", content: "x".repeat(3_000_000) },
		});
		const before = `${lines.slice(0, 200).join("\n")}\n`;
		const text = `${before}${giant}\n${lines.slice(200).join("\n")}\n`;
		const plan = await planSplit(new Blob([text]), 0);
		if (!plan) throw new Error("no plan");
		const bytes = encoder.encode(text);
		expect(bytes[plan.cut - 1]).toBe(0x0a);
		const giantAt = encoder.encode(before).length;
		expect(plan.cut <= giantAt || plan.cut >= giantAt + giant.length).toBe(true);
	});
});

describe("an open with a helper", () => {
	it("tells the page what a scan on one thread tells it, the scan split in two", async () => {
		for (const [name, text] of sources) {
			const blob = new Blob([text]);
			const alone = told(await openLean(blob));
			const { helper, asked } = countingHelper();
			const split = told(await openLean(blob, helper));
			expect(asked.scans, name).toBe(1);
			expect(split, name).toEqual(alone);
		}
	});

	it("hashes a file opened from its scan as it reads it, or (split) has the helper hash it after its part: the file's content hash", async () => {
		for (const [name, text] of sources) {
			const bytes = encoder.encode(text);
			const alone = countingHelper();
			alone.helper.splitFrom = Number.POSITIVE_INFINITY;
			const read = told(await openLean(new Blob([bytes]), alone.helper));
			expect(alone.asked, name).toEqual({ scans: 0, hashes: 0 });
			expect(read.hash, name).toBe(hashText(text));
			const split = countingHelper();
			const asked = told(await openLean(new Blob([bytes]), split.helper));
			expect(split.asked, name).toEqual({ scans: 1, hashes: 1 });
			expect(asked.hash, name).toBe(hashText(text));
			expect(await hashBlob(new Blob([bytes])), name).toBe(hashText(text));
		}
	});

	it("does the helper's work itself when the helper fails, with the same result", async () => {
		const blob = new Blob([generated]);
		const alone = told(await openLean(blob));
		const { helper, asked } = countingHelper({ scan: true, hash: true });
		const rescued = told(await openLean(blob, helper));
		expect(asked).toMatchObject({ scans: 1, hashes: 1 });
		expect(rescued).toEqual(alone);
	});

	it("splits by the page's size when it gives one, and not below it", async () => {
		const blob = new Blob([generated]);
		const never = countingHelper();
		never.helper.splitFrom = Number.POSITIVE_INFINITY;
		told(await openLean(blob, never.helper, 0));
		expect(never.asked.scans).toBe(1);
		const above = countingHelper();
		told(await openLean(blob, above.helper, blob.size + 1));
		expect(above.asked.scans).toBe(0);
	});
});
