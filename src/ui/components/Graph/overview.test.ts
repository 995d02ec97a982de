import { describe, expect, it } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../../../bench/generate";
import {
	analyzeContext,
	buildGraph,
	buildTreeIndex,
	NODE_HEIGHT,
	NODE_WIDTH,
	packFates,
	paintGraph,
	parseSession,
	pathRanks,
} from "../../../core";
import { nodeAt, overviewPaths, overviewSteps, pathBoxes, visibleNodeCount } from "./overview";

// A small bushy session (the benchmark's generator): a few hundred entries, many branches.
const session = parseSession([...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 600 })].join("\n"));
const index = buildTreeIndex(session.entries);
const graph = buildGraph(index);

describe("overview", () => {
	it("counts the nodes a view shows", () => {
		expect(graph.nodes.length).toBeGreaterThan(50);
		const all = visibleNodeCount(graph, [0, 0, 1], graph.width, graph.height);
		expect(all).toBe(graph.nodes.length);
		// Zoomed out, the whole tree fits in a small pane.
		expect(visibleNodeCount(graph, [0, 0, 0.01], 1000, 1000)).toBe(graph.nodes.length);
		// Asked only whether there are more than 10: it stops at the 11th.
		expect(visibleNodeCount(graph, [0, 0, 0.01], 1000, 1000, 10)).toBe(11);
		// Just the first node's box.
		const first = graph.nodes[0];
		const one = visibleNodeCount(graph, [-first.x, -first.y, 1], NODE_WIDTH, NODE_HEIGHT);
		expect(one).toBeGreaterThanOrEqual(1);
		expect(one).toBeLessThan(graph.nodes.length);
		expect(visibleNodeCount(graph, [10_000_000, 0, 1], 100, 100)).toBe(0);
		expect(visibleNodeCount(graph, [0, 0, 1], 0, 0)).toBe(0);
	});

	it("draws every node once (in its kind's path) and an edge per parent link", () => {
		const { kinds, edges } = overviewPaths(graph);
		const boxes = kinds.reduce((n, k) => n + (k.d.match(/M/g)?.length ?? 0), 0);
		expect(boxes).toBe(graph.nodes.length);
		const links = [...graph.parentNode].filter((p) => p !== -1).length;
		expect(edges.match(/M/g)?.length ?? 0).toBe(links);
		expect(new Set(kinds.map((k) => k.kind)).size).toBe(kinds.length);
	});

	it("makes the same paths a part at a time as at once", () => {
		const whole = overviewPaths(graph);
		for (const part of [1, 7, graph.nodes.length - 1]) {
			const steps = overviewSteps(graph);
			let calls = 1;
			while (!steps.step(part)) calls++;
			expect(calls).toBe(Math.max(1, Math.ceil(graph.nodes.length / part)));
			expect(steps.result()).toEqual(whole);
		}
	});

	it("outlines the selected path and its leaf, and finds the node under a point", () => {
		const analysis = analyzeContext(session.entries, undefined, index);
		const paint = paintGraph(graph, { context: { leaf: analysis.leaf, ranks: pathRanks(graph, packFates(analysis)) } });
		const { path, leaf } = pathBoxes(graph, paint);
		expect(path.match(/M/g)?.length ?? 0).toBe([...paint.values()].filter((p) => p.region !== "off").length);
		expect(leaf).toMatch(/^M/);
		const n = graph.nodes[graph.nodes.length - 1];
		expect(nodeAt(graph, n.x + 1, n.y + 1)).toBe(n);
		expect(nodeAt(graph, -50, -50)).toBeUndefined();
	});
});
