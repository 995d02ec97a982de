import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../test/fixtures";
import { getTreeIndex } from "../core";
import { EntryMaker } from "./entryMaker";
import { readSessionStream } from "./readSession";

/** A stream that hands out `bytes` in chunks of the given sizes, cycled (lines and characters split anywhere). */
function chunked(bytes: Uint8Array, sizes: readonly number[]): ReadableStream<Uint8Array> {
	let at = 0;
	let k = 0;
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			if (at >= bytes.length) controller.close();
			else {
				const size = sizes[k++ % sizes.length];
				controller.enqueue(bytes.slice(at, at + size));
				at += size;
			}
		},
	});
}

/** Seeded sizes, so a failure repeats. */
function randomSizes(seed: number, n: number, max: number): number[] {
	let x = seed;
	return Array.from({ length: n }, () => {
		x = (Math.imul(x, 1103515245) + 12345) >>> 0;
		return 1 + (x % max);
	});
}

/**
 * Reads `bytes` as the parse worker does and makes the entries on the "page" side as the client
 * does (each chunk taken in parts), then adds the rest as objects: the page must end with the
 * same entries, id map and hash as the full parse.
 */
async function viaPage(bytes: Uint8Array, sizes: readonly number[], part: number) {
	const maker = new EntryMaker();
	const result = await readSessionStream(chunked(bytes, sizes), bytes.length, undefined, {
		diagnostics: false,
		onChunk: (chunk, plan) => {
			const copy = chunk.slice();
			for (let at = 0; at < copy.length || at === 0; at += part) {
				maker.add(copy.subarray(at, at + part), at === 0 ? plan : { entryLines: [], linesThrough: plan.linesThrough });
				if (copy.length === 0) break;
			}
		},
	});
	const made = maker.entries.length;
	maker.addEntries(result.parsed.entries.slice(made));
	return { maker, result, made };
}

const enc = (s: string) => new TextEncoder().encode(s);
const goodText = readFileSync(join(FIXTURES_DIR, "golden", "compaction-heavy.jsonl"), "utf8");
const goodLines = goodText.trimEnd().split("\n");

/** Variants of a good v3 session that stress the plan: each says how far streaming may get. */
const VARIANTS: { name: string; bytes: Uint8Array; streams: "all" | "some" | "none" }[] = [
	{ name: "as is", bytes: enc(goodText), streams: "all" },
	{ name: "CRLF", bytes: enc(goodText.replace(/\n/g, "\r\n")), streams: "all" },
	{ name: "BOM", bytes: enc(`\ufeff${goodText}`), streams: "all" },
	{
		name: "blank and malformed lines",
		bytes: enc(goodLines.flatMap((l, i) => (i % 5 === 3 ? [l, "", "{oops"] : [l])).join("\n")),
		streams: "all",
	},
	{ name: "no final newline", bytes: enc(goodText.trimEnd()), streams: "all" },
	{ name: "truncated last line", bytes: enc(`${goodText}${goodLines[3].slice(0, 40)}`), streams: "all" },
	{
		name: "an entry without an id midway",
		bytes: enc(
			goodLines.map((l, i) => (i === Math.floor(goodLines.length / 2) ? l.replace(/"id":"[^"]*",/, "") : l)).join("\n"),
		),
		streams: "some",
	},
	{
		name: "header on line 3",
		bytes: enc([goodLines[1], goodLines[2], goodLines[0], ...goodLines.slice(3)].join("\n")),
		streams: "none",
	},
	{
		name: "a bad byte midway",
		bytes: (() => {
			const half = Math.floor(goodLines.length / 2);
			const a = enc(`${goodLines.slice(0, half).join("\n")}\n`);
			const b = enc(`${goodLines.slice(half).join("\n")}\n`);
			const out = new Uint8Array(a.length + 2 + b.length);
			out.set(a, 0);
			out.set([0xff, 0xfe], a.length);
			out.set(b, a.length + 2);
			return out;
		})(),
		streams: "some",
	},
	{
		name: "multi-byte text everywhere",
		bytes: enc(goodText.replace(/"content":"/g, '"content":"日本語 🌲 ünï ')),
		streams: "all",
	},
];

describe("EntryMaker: the page makes the worker's entries from the bytes", () => {
	for (const variant of VARIANTS) {
		it(`${variant.name}: same entries, id map and hash however the file is cut`, async () => {
			for (const [sizes, part] of [
				[[1], 1],
				[[7, 3, 64], 5],
				[randomSizes(variant.bytes.length, 40, 400), 97],
				[[1 << 20], 1 << 20],
			] as const) {
				const { maker, result, made } = await viaPage(variant.bytes, sizes, part);
				const { entries } = result.parsed;
				expect(maker.entries, variant.name).toEqual(entries);
				expect(maker.digest()).toBe(result.contentHash);
				expect([...maker.byId]).toEqual([...getTreeIndex(entries).byId]);
				// The last line is only known to be whole at the end: it comes as an object when the file
				// does not end in a newline.
				if (variant.streams === "all") expect(made).toBeGreaterThanOrEqual(entries.length - 1);
				if (variant.streams === "some") expect(made).toBeLessThan(entries.length);
				if (variant.streams === "some" && sizes[0] < 1024) expect(made).toBeGreaterThan(0);
				if (variant.streams === "none") expect(made).toBe(0);
			}
		});
	}

	it("every fixture, in odd chunks: older versions are never made on the page (they are migrated)", async () => {
		const files = ["golden", "bad", "broken", "hostile", "pi-mono", "project", "share"]
			.flatMap((dir) => readdirSync(join(FIXTURES_DIR, dir)).map((f) => join(dir, f)))
			.filter((f) => f.endsWith(".jsonl"));
		for (const f of files) {
			const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, f)));
			let outcome: Awaited<ReturnType<typeof viaPage>>;
			try {
				outcome = await viaPage(bytes, randomSizes(bytes.length, 50, 3000), 1000);
			} catch {
				continue; // not a session at all
			}
			const { maker, result, made } = outcome;
			expect(maker.entries, f).toEqual(result.parsed.entries);
			expect(maker.digest(), f).toBe(result.contentHash);
			if (result.parsed.migrated) expect(made, f).toBe(0);
		}
	});
});
