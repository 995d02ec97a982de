import { describe, expect, it } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../../../bench/generate";
import { buildGraph, buildTreeIndex, NODE_HEIGHT, NODE_WIDTH, parseSession } from "../../../core";
import { edgeEnds, elementsIn, grownRect, stillServes, viewRect } from "./onScreen";

const session = parseSession([...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 800 })].join("\n"));
const graph = buildGraph(buildTreeIndex(session.entries));
const ends = edgeEnds(graph);

/** Each edge's ends looked up by id, as the edges say. */
const lookedUp = (g: typeof graph) => ({
	source: Int32Array.from(g.edges, (e) => g.indexOf.get(e.source) ?? -1),
	target: Int32Array.from(g.edges, (e) => g.indexOf.get(e.target) ?? -1),
});

describe("edge ends", () => {
	it("are each edge's source and target node, as its ids say", () => {
		expect(graph.edges.length).toBeGreaterThan(100);
		expect(ends).toEqual(lookedUp(graph));
	});

	it("are looked up where the edges are not in the order buildGraph writes them", () => {
		const shuffled = { ...graph, edges: [...graph.edges].reverse() };
		expect(edgeEnds(shuffled)).toEqual(lookedUp(shuffled));
		const fewer = { ...graph, edges: graph.edges.slice(1) };
		expect(edgeEnds(fewer)).toEqual(lookedUp(fewer));
	});
});

describe("elements on screen", () => {
	it("picks everything for a rectangle around the whole tree, in graph order", () => {
		const all = elementsIn(graph, ends, { left: -1, top: -1, right: graph.width + 1, bottom: graph.height + 1 });
		expect(all.nodes).toEqual(graph.nodes.map((_, i) => i));
		expect(all.edges).toEqual(graph.edges.map((_, j) => j));
	});

	it("picks the nodes meeting a rectangle, and both ends of every edge it picks", () => {
		expect(graph.nodes.length).toBeGreaterThan(100);
		const mid = graph.nodes[Math.floor(graph.nodes.length / 2)];
		const rect = { left: mid.x - 300, top: mid.y - 200, right: mid.x + 300, bottom: mid.y + 200 };
		const { nodes, edges } = elementsIn(graph, ends, rect);
		expect(nodes.length).toBeGreaterThan(0);
		expect(nodes.length).toBeLessThan(graph.nodes.length);
		const picked = new Set(nodes);
		// Every node whose box meets the rectangle is there.
		graph.nodes.forEach((n, i) => {
			const meets =
				n.x < rect.right && n.x + NODE_WIDTH > rect.left && n.y < rect.bottom && n.y + NODE_HEIGHT > rect.top;
			if (meets) expect(picked.has(i)).toBe(true);
		});
		// An edge is only given with the nodes it joins; an edge between two picked nodes is given.
		const given = new Set(edges);
		graph.edges.forEach((e, j) => {
			const s = graph.indexOf.get(e.source) as number;
			const t = graph.indexOf.get(e.target) as number;
			if (given.has(j)) expect(picked.has(s) && picked.has(t)).toBe(true);
			const inside = (i: number) => {
				const n = graph.nodes[i];
				return n.x < rect.right && n.x + NODE_WIDTH > rect.left && n.y < rect.bottom && n.y + NODE_HEIGHT > rect.top;
			};
			if (inside(s) || inside(t)) expect(given.has(j)).toBe(true);
		});
	});

	it("gives an edge that crosses the rectangle with neither end in it, with its ends", () => {
		// A parent far above its child (as after a run of hidden entries), the view between them.
		const far = buildGraph(buildTreeIndex(session.entries));
		const [a, b] = far.nodes;
		b.x = a.x + NODE_WIDTH * 3;
		b.y = a.y + NODE_HEIGHT * 20;
		const j = far.edges.findIndex((e) => e.source === a.id && e.target === b.id);
		expect(j).toBeGreaterThanOrEqual(0);
		const rect = { left: a.x, top: a.y + NODE_HEIGHT * 5, right: b.x + NODE_WIDTH, bottom: a.y + NODE_HEIGHT * 6 };
		const { nodes, edges } = elementsIn(far, edgeEnds(far), rect);
		expect(edges).toContain(j);
		expect(nodes).toContain(0);
		expect(nodes).toContain(1);
	});

	it("picks again only when the view leaves what was picked or zooms far in", () => {
		const view = viewRect([-100, -200, 0.5], 800, 600);
		expect(view).toEqual({ left: 200, top: 400, right: 1800, bottom: 1600 });
		expect(viewRect([0, 0, 1], 0, 600)).toBeNull();
		const picked = grownRect(view as NonNullable<typeof view>, 0.5);
		expect(picked).toEqual({ left: -600, top: -200, right: 2600, bottom: 2200 });
		expect(stillServes(picked, view as NonNullable<typeof view>)).toBe(true);
		// Panned a little: still inside.
		expect(stillServes(picked, viewRect([-500, -200, 0.5], 800, 600) as NonNullable<typeof view>)).toBe(true);
		// Panned past the picked area.
		expect(stillServes(picked, viewRect([-1500, -200, 0.5], 800, 600) as NonNullable<typeof view>)).toBe(false);
		// Zoomed far in on the middle.
		expect(
			stillServes(picked, viewRect([-900 * 8 + 400, -1200 * 8 + 300, 8], 800, 600) as NonNullable<typeof view>),
		).toBe(false);
	});
});
