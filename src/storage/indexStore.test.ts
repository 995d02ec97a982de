import "fake-indexeddb/auto";
import { del, keys } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../test/fixtures";
import { type PreviewParts, previewSession, previewToParts } from "../core";
import { openStore } from "./idb";
import { deleteIndex, INDEX_FORMAT, readIndex, type StoredIndex, writeIndex } from "./indexStore";

const raw = openStore("session-explorer-index", "previews");

/** A fixture's index, its array members made long enough to be stored in several pieces. */
function bigIndex(contentHash: string): StoredIndex {
	const scanned = previewSession([new TextEncoder().encode(readFixture("golden/compaction-heavy.jsonl"))]);
	if (!scanned) throw new Error("the fixture does not scan");
	const parts: PreviewParts = previewToParts(scanned);
	const many = <T>(items: readonly T[], n: number): T[] =>
		Array.from({ length: n }, (_, i) => ({ ...items[i % items.length], copy: i }) as T);
	const n = parts.shape.length;
	return {
		format: INDEX_FORMAT,
		size: 1234,
		contentHash,
		parts: {
			...parts,
			full: many(parts.full, 2500),
			graph: { ...parts.graph, nodes: many(parts.graph.nodes, 3001), edges: [] },
		},
		lineOffset: Float64Array.from({ length: n }, (_, i) => i * 10),
		lineLength: Float64Array.from({ length: n }, () => 9),
		version: 3,
		dialect: "pi",
		title: "a title",
	};
}

describe("a stored index", () => {
	it("is read back equal, stored in pieces under its key", async () => {
		const index = bigIndex("h1");
		await writeIndex(index);
		const stored = (await keys<string>(raw)).filter((key) => key.startsWith("h1:1234"));
		// Full entries in 3 pieces, nodes in 3, no edges, and 10 members whole: 16 pieces and the head.
		expect(stored).toHaveLength(17);
		expect(await readIndex("h1", 1234)).toEqual(index);
		expect(await readIndex("h1", 1235)).toBeNull();
	});

	it("with a piece missing is not read", async () => {
		await writeIndex(bigIndex("h2"));
		await del("h2:1234/4", raw);
		expect(await readIndex("h2", 1234)).toBeNull();
	});

	it("of another format is not read", async () => {
		await writeIndex({ ...bigIndex("h3"), format: INDEX_FORMAT - 1 });
		expect(await readIndex("h3", 1234)).toBeNull();
	});

	it("is forgotten whole, and no other index with it", async () => {
		await writeIndex(bigIndex("h4"));
		await writeIndex(bigIndex("h5"));
		await deleteIndex("h4", 1234);
		const left = await keys<string>(raw);
		expect(left.filter((key) => key.startsWith("h4:"))).toEqual([]);
		expect(await readIndex("h5", 1234)).toEqual(bigIndex("h5"));
	});
});
