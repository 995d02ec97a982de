import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../bench/generate";
import { FIXTURES_DIR, readFixture } from "../../test/fixtures";
import { buildGraph, graphParts } from "./graph";
import { summarizeLeaves } from "./leaves";
import { parseSession } from "./parse";
import { previewFromParts, previewSession, previewToParts } from "./preview";
import { getTreeIndex } from "./tree";

/** Cuts `bytes` into chunks at pseudo-random places (lines and characters split anywhere). */
function chunked(bytes: Uint8Array, seed: number, most: number): Uint8Array[] {
	const chunks: Uint8Array[] = [];
	let s = seed;
	for (let at = 0; at < bytes.length; ) {
		s = (Math.imul(s, 1103515245) + 12345) | 0;
		const len = 1 + ((s >>> 8) % most);
		chunks.push(bytes.subarray(at, at + len));
		at += len;
	}
	return chunks;
}

/** The preview equals the full parse in everything the view takes from it. */
function expectPreviewOf(text: string, name: string) {
	const full = parseSession(text);
	const index = getTreeIndex(full.entries);
	const bytes = new TextEncoder().encode(text);
	for (const chunks of [[bytes], chunked(bytes, 1, 4000), chunked(bytes, 99, 40)]) {
		const preview = previewSession(chunks);
		if (!preview) throw new Error(`no preview for ${name}`);
		expect(preview.header, name).toEqual(full.header);
		expect(preview.entries.length, name).toBe(full.entries.length);
		preview.entries.forEach((e, i) => {
			const f = full.entries[i];
			expect({ type: e.type, id: e.id, parentId: e.parentId }, name).toEqual({
				type: f.type,
				id: f.id,
				parentId: f.parentId,
			});
			const role = (x: unknown) => (x as { message?: { role?: unknown } }).message?.role;
			expect(role(e), name).toBe(role(f));
		});
		expect(preview.graph, name).toEqual(graphParts(buildGraph(index)));
		expect(preview.leaves, name).toEqual(summarizeLeaves(full.entries, index, { tokens: false }));
		// What the graph and the tips show the content of is the full entry.
		for (const node of preview.graph.nodes) expect(preview.entries[node.first], name).toEqual(full.entries[node.first]);
		for (const leaf of preview.leaves) {
			if (leaf.lastUser >= 0) expect(preview.entries[leaf.lastUser], name).toEqual(full.entries[leaf.lastUser]);
		}
		// Packed for the trip to the page and unpacked there: the same preview.
		const parts = structuredClone(previewToParts(preview));
		expect(previewFromParts(parts), name).toEqual(preview);
	}
}

describe("previewSession", () => {
	const current = ["golden", "share", "project", "project-update", "hostile", "bad", "broken"]
		.flatMap((dir) =>
			readdirSync(join(FIXTURES_DIR, dir))
				.filter((f) => f.endsWith(".jsonl"))
				.map((f) => `${dir}/${f}`),
		)
		.filter((f) => /"version":\s*3/.test(readFixture(f).slice(0, 400)))
		// Entries the full parse repairs (no id, a parent that is not a string): shown as they are.
		.filter((f) => f !== "bad/mixed.jsonl");

	it("gives the full parse's graph and tips for every session of the current version", () => {
		expect(current.length).toBeGreaterThan(15);
		for (const f of current) expectPreviewOf(readFixture(f), f);
	});

	it("does so on generated sessions with branches, compactions, labels and huge outputs", () => {
		for (const spec of [
			{ ...WORKLOADS.bushy, maxEntries: 1500 },
			{ ...WORKLOADS.medium, targetBytes: 1_500_000, branchEvery: 300, compactEvery: 200 },
		]) {
			const text = `${[...generateSessionLines(spec)].join("\n")}\n`;
			expectPreviewOf(text, spec.name);
		}
	});

	it("takes lines that do not start the usual way in full, and skips what is not an entry", () => {
		const text = [
			'\ufeff{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/"}',
			"",
			'{"id":"a","type":"message","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}',
			'{"type":"message","id":"b\\u0041","parentId":"a","timestamp":"t","message":{"content":"x","role":"assistant"}}',
			"not json",
			"[1,2]",
			'{"type":"session","version":3,"id":"again","timestamp":"t","cwd":"/"}',
			'{"type":"label","id":"c","parentId":"bA","timestamp":"t","targetId":"a","label":"start"}',
			"   ",
		].join("\r\n");
		expectPreviewOf(text, "odd lines");
	});

	it("is not made for older versions, for files without a header, or without any line", () => {
		const bytes = (text: string) => [new TextEncoder().encode(text)];
		expect(previewSession(bytes(readFixture("pi-mono/large-session.jsonl")))).toBeNull();
		expect(previewSession(bytes('{"type":"message","id":"a","parentId":null,"timestamp":"t"}\n'))).toBeNull();
		expect(previewSession(bytes(""))).toBeNull();
		expect(previewSession(bytes("\n\n  \n"))).toBeNull();
	});
});
