import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../test/fixtures";
import {
	analyzeContext,
	appendEntry,
	buildGraph,
	buildTreeIndex,
	getTreeIndex,
	labEntry,
	parseSession,
	summarizeLeaves,
} from "../core";
import { initialState, type OpenSession, useStore } from ".";
import { copiedView, grownView, localView, prepareView, viewFromWorker, withCountedLeaves } from "./view";

const parsed = () => parseSession(readFixture("golden/branchy-legacy.jsonl"));

/** The worker's view parts for `entries`, as `SessionView` carries them. */
function workerParts(entries: ReturnType<typeof parsed>["entries"], tokens = true) {
	const index = buildTreeIndex(entries);
	const { nodeOf: _n, indexOf: _i, ...graph } = buildGraph(index);
	return { leaves: summarizeLeaves(entries, index, { tokens }), graph };
}

describe("the store's view of the open session", () => {
	it("takes the worker's tips and graph as they came, or works them out here", () => {
		const { entries } = parsed();
		const index = getTreeIndex(entries);
		const parts = workerParts(entries);
		const fromWorker = viewFromWorker(entries, index, parts);
		expect(fromWorker.index).toBe(index);
		expect(fromWorker.leaves).toBe(parts.leaves);
		expect(fromWorker.graph.nodes).toBe(parts.graph.nodes);
		expect(fromWorker.graph.nodeOf.size).toBe(buildGraph(index).nodeOf.size);

		const here = localView(entries);
		expect(here.index).toBe(index);
		expect(here.leaves).toEqual(summarizeLeaves(entries, index));
		expect(here.graph.nodes).toEqual(buildGraph(index).nodes);
	});

	it("no selection and the current leaf share one analysis; another leaf gets its own", () => {
		const { entries } = parsed();
		const view = localView(entries);
		const { index } = view;
		const current = entries[index.currentLeaf].id;
		const none = view.analysis(null);
		expect(none).toEqual(analyzeContext(entries, undefined, index));
		expect(view.analysis(current)).toBe(none);
		const tip = index.leaves.find((p) => p !== index.currentLeaf) as number;
		const other = view.analysis(entries[tip].id);
		expect(other).not.toBe(none);
		expect(other).toEqual(analyzeContext(entries, entries[tip].id, index));
		// The counted tips do not make the analysis again.
		const counted = withCountedLeaves(view, summarizeLeaves(entries, index));
		expect(counted.analysis(entries[tip].id)).toBe(other);
		expect(counted.index).toBe(index);
	});

	it("a lab's copy keeps the view; an added entry extends it to what a full build gives", () => {
		const { entries } = parsed();
		const view = localView(entries);
		const copy = [...entries];
		const copied = copiedView(view, copy);
		expect(copied.entries).toBe(copy);
		expect(copied.leaves).toBe(view.leaves);
		const tip = entries[view.index.leaves[0]].id;
		const added = appendEntry(
			copy,
			labEntry(copy, tip, { kind: "message", role: "user", text: "and then?" }, { now: "2026-01-01T00:00:00Z" }),
		);
		const grown = grownView(copied, added);
		const built = buildTreeIndex(added);
		expect(Array.from(grown.index.parent)).toEqual(Array.from(built.parent));
		expect(grown.index.leaves).toEqual(built.leaves);
		expect(grown.leaves).toEqual(summarizeLeaves(added, built));
		expect(grown.graph.nodes).toEqual(buildGraph(built).nodes);
	});

	it("prepareView keeps the view on screen for the same entries, else makes one (the worker's, if it sent it)", async () => {
		const { entries } = parsed();
		const shown = localView(entries);
		expect(await prepareView(entries, shown)).toBe(shown);

		const other = parsed().entries;
		const parts = workerParts(other, false);
		const fromWorker = await prepareView(other, shown, undefined, Promise.resolve(parts), true);
		expect(fromWorker.entries).toBe(other);
		expect(fromWorker.leaves).toBe(parts.leaves);

		const here = await prepareView(other, null, undefined, Promise.resolve(null));
		expect(here.leaves).toEqual(summarizeLeaves(other, getTreeIndex(other)));
		// Worked out ahead of the first render: asking again gives the same analysis.
		expect(here.analysis(null)).toBe(here.analysis(null));
	});

	it("the store shows a session with its view, and takes the counted tips only for the index on screen", () => {
		useStore.setState(initialState, false);
		const session = parsed();
		const open: OpenSession = { ...session, key: "k", fileName: "k.jsonl", size: 0, contentHash: "", stored: false };
		const uncounted = viewFromWorker(
			session.entries,
			getTreeIndex(session.entries),
			workerParts(session.entries, false),
		);
		expect(uncounted.leaves.every((l) => l.contextTokens === null)).toBe(true);
		useStore.getState().openSession(open, uncounted);
		expect(useStore.getState().shown).toBe(uncounted);

		const counted = summarizeLeaves(session.entries, uncounted.index);
		// The counted tips of another index (a session no longer open) are not taken.
		useStore.getState().takeCountedLeaves(buildTreeIndex(session.entries), counted);
		expect(useStore.getState().shown).toBe(uncounted);
		useStore.getState().takeCountedLeaves(uncounted.index, null);
		expect(useStore.getState().shown).toBe(uncounted);
		useStore.getState().takeCountedLeaves(uncounted.index, counted);
		expect(useStore.getState().shown?.leaves).toBe(counted);
		expect(useStore.getState().shown?.graph).toBe(uncounted.graph);

		useStore.getState().closeSession();
		expect(useStore.getState().shown).toBeNull();
	});
});
