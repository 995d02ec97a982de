import { describe, expect, it } from "vitest";
import { readFixture } from "../../test/fixtures";
import { analyzeContext, buildGraph, getTreeIndex, parseSession, summarizeLeaves } from "../core";
import {
	adoptView,
	analysisFor,
	baseGraphFor,
	countLeavesLater,
	leafSummariesFor,
	subscribeLeafSummaries,
} from "./viewCache";

const parsed = () => parseSession(readFixture("golden/branchy-legacy.jsonl"));

describe("viewCache", () => {
	it("works each view out once per index, and takes the worker's when offered first", () => {
		const { entries } = parsed();
		const index = getTreeIndex(entries);
		const leaves = leafSummariesFor(entries, index);
		expect(leaves).toEqual(summarizeLeaves(entries, index));
		expect(leafSummariesFor(entries, index)).toBe(leaves);
		expect(baseGraphFor(index)).toBe(baseGraphFor(index));
		expect(baseGraphFor(index).nodes).toEqual(buildGraph(index).nodes);

		const other = parsed().entries;
		const otherIndex = getTreeIndex(other);
		const fromWorker = {
			leaves: summarizeLeaves(other, otherIndex),
			graph: (() => {
				const { nodeOf: _n, indexOf: _i, ...parts } = buildGraph(otherIndex);
				return parts;
			})(),
		};
		adoptView(otherIndex, fromWorker);
		expect(leafSummariesFor(other, otherIndex)).toBe(fromWorker.leaves);
		expect(baseGraphFor(otherIndex).nodes).toBe(fromWorker.graph.nodes);
	});

	it("shows the worker's uncounted tips first, then its counted ones, or counts them here when they do not come", async () => {
		for (const counted of ["worker", "none"] as const) {
			const { entries } = parsed();
			const index = getTreeIndex(entries);
			const uncounted = summarizeLeaves(entries, index, { tokens: false });
			const { nodeOf: _n, indexOf: _i, ...graph } = buildGraph(index);
			adoptView(index, { leaves: uncounted, graph });
			expect(leafSummariesFor(entries, index)).toBe(uncounted);
			let told = 0;
			const stop = subscribeLeafSummaries(() => told++);
			const full = summarizeLeaves(entries, index);
			await countLeavesLater(entries, index, Promise.resolve(counted === "worker" ? full : null));
			stop();
			expect(told).toBe(1);
			const now = leafSummariesFor(entries, index);
			expect(now).toEqual(full);
			if (counted === "worker") expect(now).toBe(full);
			expect(now.every((l) => typeof l.contextTokens === "number")).toBe(true);
		}
	});

	it("no selection and the current leaf share one analysis; another leaf gets its own", () => {
		const { entries } = parsed();
		const index = getTreeIndex(entries);
		const current = entries[index.currentLeaf].id;
		const none = analysisFor(entries, index, null);
		expect(none).toEqual(analyzeContext(entries, undefined, index));
		expect(analysisFor(entries, index, current)).toBe(none);
		const tip = index.leaves.find((p) => p !== index.currentLeaf) as number;
		const other = analysisFor(entries, index, entries[tip].id);
		expect(other).not.toBe(none);
		expect(other).toEqual(analyzeContext(entries, entries[tip].id, index));
	});
});
