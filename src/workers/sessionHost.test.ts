import { describe, expect, it } from "vitest";
import { goldenNames, readGolden } from "../../test/fixtures";
import { convertToLlm, parseSession, previewSession, previewToParts, type SessionPreview } from "../core";
import { type LineTable, SessionHost } from "./sessionHost";

/** JSON round trip: compare what would be serialised (undefined fields vanish, NaN → null). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Where each entry line is: every non-blank line after the header (the golden files are clean). */
function lineTable(bytes: Uint8Array): LineTable {
	const offset: number[] = [];
	const length: number[] = [];
	let start = 0;
	let header = true;
	while (start < bytes.length) {
		let end = bytes.indexOf(0x0a, start);
		if (end === -1) end = bytes.length;
		let stop = end;
		if (stop > start && bytes[stop - 1] === 0x0d) stop--;
		if (stop > start) {
			if (header) header = false;
			else {
				offset.push(start);
				length.push(stop - start);
			}
		}
		start = end + 1;
	}
	return { offset: Float64Array.from(offset), length: Float64Array.from(length) };
}

function hostOf(text: string): { host: SessionHost; preview: SessionPreview } {
	const bytes = new TextEncoder().encode(text);
	const preview = previewSession([bytes]);
	if (!preview) throw new Error("not previewed");
	const full = Uint8Array.from(previewToParts(preview).shape, (s) => (s === -1 ? 1 : 0));
	return { host: new SessionHost(new Blob([bytes]), preview, lineTable(bytes), full), preview };
}

describe.each(goldenNames())("golden session %s through the worker's host", (name) => {
	const { text, expected } = readGolden(name);
	const parsed = parseSession(text);
	const previewable = parsed.version >= 3;

	const cases: [string, string | null | undefined, typeof expected.defaultLeaf][] = [
		["default leaf", undefined, expected.defaultLeaf],
		["null leaf", null, expected.nullLeaf],
		...Object.entries(expected.leaves).map(([id, exp]): [string, string, typeof exp] => [`leaf ${id}`, id, exp]),
	];

	it.runIf(previewable).each(cases)("%s matches pi, reading only what it needs", async (_label, leafId, exp) => {
		const { host, preview } = hostOf(text);
		const skeletons = previewToParts(preview).shape.filter((s) => s !== -1).length;
		const { analysis, positions, entries, passes } = await host.context(leafId);
		// The first guess of what to read held (structure decides which entries are read).
		expect(passes).toBe(2);
		expect(analysis.selected.map((e) => e.id)).toEqual(exp.contextEntryIds);
		const context = { messages: analysis.messages, thinkingLevel: analysis.thinkingLevel, model: analysis.model };
		expect(plain(context)).toEqual(exp.context);
		expect(plain(convertToLlm(analysis.messages))).toEqual(exp.llm);
		// What it read whole is what a full parse holds there.
		for (let i = 0; i < positions.length; i++) expect(entries[i]).toEqual(parsed.entries[positions[i]]);
		// Nothing off the path was read.
		const path = new Set(analysis.path);
		for (const p of positions) expect(path.has(p)).toBe(true);
		if (skeletons > 0) expect(positions.length).toBeLessThanOrEqual(analysis.path.length);
	});
});

describe("SessionHost", () => {
	const { text } = readGolden(goldenNames()[0]);

	it("reads entries from their bytes, the same as a full parse, in any order", async () => {
		const { host } = hostOf(text);
		const parsed = parseSession(text);
		const n = parsed.entries.length;
		const order = Array.from({ length: n }, (_, i) => (i * 7) % n);
		const got = await host.load(order);
		expect(got).toEqual(order.map((p) => parsed.entries[p]));
		// Again, from the cache.
		expect(await host.load([n - 1, 0])).toEqual([parsed.entries[n - 1], parsed.entries[0]]);
	});

	it("says so when the file no longer holds the entry it had", async () => {
		const { preview } = hostOf(text);
		const bytes = new TextEncoder().encode(text);
		const table = lineTable(bytes);
		const other = new TextEncoder().encode(text.replace(/"id":"/g, '"id":"x'));
		const host = new SessionHost(new Blob([other]), preview, table, new Uint8Array(preview.entries.length));
		await expect(host.load([0])).rejects.toThrow(/changed|JSON/);
	});
});
