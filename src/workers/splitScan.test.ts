import { describe, expect, it } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../bench/generate";
import { readFixture } from "../../test/fixtures";
import { reshapeSession } from "../../test/reshape";
import { hashText, type ScannedPart } from "../core";
import { runParse } from "./parseJob";
import type { ParseRequest, ParseResponse } from "./protocol";
import { hashBlob } from "./readSession";
import { helperHere, type ParseHelper, planSplit } from "./splitScan";

const encoder = new TextEncoder();

/** Everything `runParse` posts for `blob` opened lean, each message structured-cloned as a worker's. */
async function openLean(blob: Blob, helper?: ParseHelper, splitFrom?: number): Promise<ParseResponse[]> {
	const out: ParseResponse[] = [];
	const request: ParseRequest = {
		type: "parse",
		requestId: 1,
		blob,
		...(splitFrom !== undefined ? { splitFrom } : {}),
	};
	await runParse(request, (m, transfer) => out.push(structuredClone(m, { transfer })), helper);
	return out;
}

/** What the page is told of a lean open: the preview, the whole entries ahead of it, `done`. */
function told(messages: ParseResponse[]) {
	const errors = messages.filter((m) => m.type === "error");
	expect(errors).toEqual([]);
	const preview = messages.find((m) => m.type === "preview");
	const whole = messages.flatMap((m) => (m.type === "preview-whole" ? m.entries : []));
	const done = messages.find((m) => m.type === "done");
	if (!preview || !done) throw new Error("no preview or no done");
	return { preview, whole, done };
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

describe("runParse with a helper", () => {
	it("tells the page what a scan on one thread tells it, the scan split in two", async () => {
		for (const [name, text] of sources) {
			const blob = new Blob([text]);
			const alone = told(await openLean(blob));
			const { helper, asked } = countingHelper();
			const split = told(await openLean(blob, helper));
			expect(asked.scans, name).toBe(1);
			expect(split.preview, name).toEqual(alone.preview);
			expect(split.whole, name).toEqual(alone.whole);
			expect(split.done, name).toEqual(alone.done);
		}
	});

	it("hashes a lean file as it reads it, or (split) has the helper hash it after its part: the file's content hash", async () => {
		for (const [name, text] of sources) {
			const bytes = encoder.encode(text);
			const alone = countingHelper();
			alone.helper.splitFrom = Number.POSITIVE_INFINITY;
			const read = told(await openLean(new Blob([bytes]), alone.helper));
			expect(alone.asked, name).toEqual({ scans: 0, hashes: 0 });
			expect(read.done.type === "done" && read.done.contentHash, name).toBe(hashText(text));
			const split = countingHelper();
			const asked = told(await openLean(new Blob([bytes]), split.helper));
			expect(split.asked, name).toEqual({ scans: 1, hashes: 1 });
			expect(asked.done.type === "done" && asked.done.contentHash, name).toBe(hashText(text));
			expect(await hashBlob(new Blob([bytes])), name).toBe(hashText(text));
		}
	});

	it("does the helper's work itself when the helper fails, with the same result", async () => {
		const blob = new Blob([generated]);
		const alone = told(await openLean(blob));
		const { helper, asked } = countingHelper({ scan: true, hash: true });
		const rescued = told(await openLean(blob, helper));
		expect(asked).toMatchObject({ scans: 1, hashes: 1 });
		expect(rescued.preview).toEqual(alone.preview);
		expect(rescued.done).toEqual(alone.done);
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
