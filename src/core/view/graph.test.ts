import { describe, expect, it } from "vitest";
import { goldenNames, readFixture } from "../../../test/fixtures";
import type { ContextAnalysis } from "../context/analysis";
import { analyzeContext } from "../context/context";
import { packFates } from "../context/lazyContext";
import { parseSession } from "../session/parse";
import { buildTreeIndex, type TreeIndex } from "../session/tree";
import type { SessionEntry } from "../session/types";
import {
	buildGraph,
	EXPAND_STEP,
	type GraphNode,
	NODE_HEIGHT,
	NODE_WIDTH,
	type NodePaint,
	type PaintInput,
	paintGraph,
	pathRanks,
	type SessionGraph,
	segmentKinds,
} from "./graph";

/** What the page paints for an analysis: its fates as columns, the issues and focus placed by id. */
function paintFor(
	graph: SessionGraph,
	index: TreeIndex,
	input: {
		analysis?: ContextAnalysis;
		hitPositions?: number[];
		issues?: NonNullable<PaintInput["issues"]>;
		focusedEntryId?: string;
		explainFocus?: number[];
	},
): Map<string, NodePaint> {
	const { analysis, focusedEntryId, issues, ...rest } = input;
	return paintGraph(graph, {
		...rest,
		context: analysis ? { leaf: analysis.leaf, ranks: pathRanks(graph, packFates(analysis)) } : null,
		...(issues
			? { issues: issues.map((i) => (i.entryId === undefined ? i : { ...i, position: index.byId.get(i.entryId) })) }
			: {}),
		focusedPosition: focusedEntryId === undefined ? -1 : (index.byId.get(focusedEntryId) ?? -1),
	});
}

/** The region each node of `graph` gets from `analysis`, worked out fate by fate (the reference for `paintGraph`'s runs). */
function regionsByFate(graph: SessionGraph, analysis: ContextAnalysis): Map<string, string> {
	const rank = ["off", "skipped", "summarized", "kept", "context", "checkpoint"];
	const out = new Map<string, string>();
	for (const f of analysis.fates) {
		const id = graph.nodeOf.get(f.position);
		if (id === undefined) continue;
		const region =
			f.region === "checkpoint"
				? "checkpoint"
				: f.region === "summarized"
					? "summarized"
					: !f.selected
						? "skipped"
						: f.region === "kept"
							? "kept"
							: "context";
		const before = out.get(id) ?? "off";
		if (rank.indexOf(region) > rank.indexOf(before)) out.set(id, region);
	}
	return out;
}

const regionsOf = (paint: Map<string, NodePaint>) =>
	new Map([...paint].filter(([, p]) => p.region !== "off").map(([id, p]) => [id, p.region as string]));

// Tiny builders: a tree reads as a list of (id, parent) pairs.
const ts = "2026-01-01T00:00:00.000Z";
const msg = (id: string, parentId: string | null, role: "user" | "assistant" = "user"): SessionEntry =>
	({
		type: "message",
		id,
		parentId,
		timestamp: ts,
		message:
			role === "user"
				? { role, content: `text of ${id}`, timestamp: 0 }
				: { role, content: [{ type: "text", text: `reply ${id}` }], stopReason: "stop", timestamp: 0 },
	}) as SessionEntry;
const compaction = (id: string, parentId: string, firstKeptEntryId?: string): SessionEntry =>
	({
		type: "compaction",
		id,
		parentId,
		timestamp: ts,
		summary: "summary",
		tokensBefore: 1000,
		...(firstKeptEntryId ? { firstKeptEntryId } : {}),
	}) as SessionEntry;
const label = (id: string, parentId: string, targetId: string, text: string): SessionEntry =>
	({ type: "label", id, parentId, timestamp: ts, targetId, label: text }) as SessionEntry;
/** A chain `prefix1 … prefixN` below `parentId`, alternating user/assistant. */
const chain = (prefix: string, parentId: string | null, n: number): SessionEntry[] =>
	Array.from({ length: n }, (_, i) =>
		msg(`${prefix}${i + 1}`, i === 0 ? parentId : `${prefix}${i}`, i % 2 ? "assistant" : "user"),
	);

const byId = (graph: SessionGraph, id: string): GraphNode | undefined => graph.nodes.find((n) => n.id === id);

/** Nodes that overlap (with their full box), as id pairs. */
function overlaps(graph: SessionGraph): string[] {
	const out: string[] = [];
	const rows = new Map<number, GraphNode[]>();
	for (const n of graph.nodes) rows.set(n.y, [...(rows.get(n.y) ?? []), n]);
	for (const row of rows.values()) {
		row.sort((a, b) => a.x - b.x);
		for (let i = 1; i < row.length; i++)
			if (row[i].x < row[i - 1].x + NODE_WIDTH) out.push(`${row[i - 1].id}/${row[i].id}`);
	}
	const ys = [...rows.keys()].sort((a, b) => a - b);
	for (let i = 1; i < ys.length; i++) if (ys[i] < ys[i - 1] + NODE_HEIGHT) out.push(`rows ${ys[i - 1]}/${ys[i]}`);
	return out;
}

/** The checks every graph must pass, whatever the session. */
function expectWellFormed(index: TreeIndex, graph: SessionGraph): void {
	const { entries } = index;
	// Every live entry maps to an existing node; nothing else does.
	// (Failures are collected and asserted once: per-entry `expect`s are slow on 100k entries.)
	let live = 0;
	const unmapped: string[] = [];
	for (let pos = 0; pos < entries.length; pos++) {
		if (!index.live[pos]) {
			if (graph.nodeOf.has(pos)) unmapped.push(`shadowed ${entries[pos].id}`);
			continue;
		}
		live++;
		const id = graph.nodeOf.get(pos);
		if (id === undefined || !graph.indexOf.has(id)) unmapped.push(entries[pos].id);
	}
	expect(unmapped).toEqual([]);
	expect(graph.nodeOf.size).toBe(live);
	// Structural entries are nodes of their own, with the entry id as node id.
	const own = new Set<number>([...index.leaves, ...index.branchPoints, ...index.roots]);
	if (index.currentLeaf >= 0) own.add(index.currentLeaf);
	entries.forEach((e, pos) => {
		if (index.live[pos] && (e.type === "compaction" || e.type === "branch_summary")) own.add(pos);
	});
	for (const pos of own) {
		expect(graph.nodeOf.get(pos)).toBe(entries[pos].id);
		const node = byId(graph, entries[pos].id) as GraphNode;
		expect(node.kind).toBe("entry");
		expect(node.isLeaf).toBe(index.children.count(pos) === 0);
		expect(node.isBranchPoint).toBe(index.children.count(pos) > 1);
		expect(node.isCurrentLeaf).toBe(pos === index.currentLeaf);
	}
	// Segments cover exactly their run: a chain from `first` to `last` of `count` plain entries.
	const covered = new Map<string, number>();
	for (const id of graph.nodeOf.values()) covered.set(id, (covered.get(id) ?? 0) + 1);
	for (const node of graph.nodes) {
		if (node.kind === "entry") {
			expect(covered.get(node.id)).toBe(1);
			continue;
		}
		expect(node.count).toBeGreaterThan(1);
		expect(covered.get(node.id)).toBe(node.count);
		let pos = node.first;
		const wrong: number[] = [];
		for (let i = 1; i < node.count; i++) {
			if (own.has(pos) || index.children.count(pos) !== 1) wrong.push(pos);
			pos = index.children.first(pos);
		}
		if (own.has(pos)) wrong.push(pos);
		expect(wrong).toEqual([]);
		expect(pos).toBe(node.last);
		expect(segmentKinds(index, node).reduce((s, k) => s + k.count, 0)).toBe(node.count);
	}
	// Edges follow the tree: a node's parent node holds its first entry's parent.
	expect(graph.edges).toHaveLength(graph.nodes.length - graph.rootNodes.length);
	for (const edge of graph.edges) {
		const target = byId(graph, edge.target) as GraphNode;
		expect(graph.nodeOf.get(index.parent[target.first])).toBe(edge.source);
	}
	expect(overlaps(graph)).toEqual([]);
	// A node sits one row below its parent; separate roots stand side by side without sharing columns.
	graph.nodes.forEach((n, i) => {
		const p = graph.parentNode[i];
		if (p >= 0) expect(n.y).toBeGreaterThan(graph.nodes[p].y);
		expect(n.x).toBeGreaterThanOrEqual(0);
		expect(n.x + NODE_WIDTH).toBeLessThanOrEqual(graph.width);
	});
	const rootOf = new Int32Array(graph.nodes.length);
	graph.nodes.forEach((_, i) => {
		rootOf[i] = graph.parentNode[i] === -1 ? i : rootOf[graph.parentNode[i]];
	});
	for (let r = 1; r < graph.rootNodes.length; r++) {
		const xs = (root: number) => graph.nodes.filter((_, i) => rootOf[i] === root).map((n) => n.x);
		expect(Math.min(...xs(graph.rootNodes[r]))).toBeGreaterThanOrEqual(
			Math.max(...xs(graph.rootNodes[r - 1])) + NODE_WIDTH,
		);
	}
}

describe("buildGraph on a small tree", () => {
	// r → m1…m5 → bp; bp → x1…x3 → leafA; bp → y1 → leafB (last line: the current leaf).
	const entries = [
		msg("r", null),
		...chain("m", "r", 5),
		msg("bp", "m5"),
		...chain("x", "bp", 3),
		msg("leafA", "x3", "assistant"),
		msg("y1", "bp"),
		msg("leafB", "y1", "assistant"),
	];
	const index = buildTreeIndex(entries);

	it("folds plain runs and keeps structural entries as their own nodes", () => {
		const graph = buildGraph(index);
		expectWellFormed(index, graph);
		expect(graph.nodes.map((n) => n.id)).toEqual(["r", "seg:m1", "bp", "seg:x1", "leafA", "y1", "leafB"]);
		expect(byId(graph, "seg:m1")).toMatchObject({ kind: "segment", count: 5 });
		expect(byId(graph, "seg:x1")).toMatchObject({ kind: "segment", count: 3 });
		expect(byId(graph, "bp")).toMatchObject({ isBranchPoint: true, childCount: 2 });
		expect(byId(graph, "leafB")).toMatchObject({ isLeaf: true, isCurrentLeaf: true });
		expect(byId(graph, "leafA")).toMatchObject({ isLeaf: true, isCurrentLeaf: false });
		expect(segmentKinds(index, byId(graph, "seg:m1") as GraphNode)).toEqual([
			{ kind: "user", count: 3 },
			{ kind: "assistant", count: 2 },
		]);
		expect(graph.nodeOf.get(index.byId.get("m3") as number)).toBe("seg:m1");
	});

	it("counts no kinds for a segment of another session's graph (a view switching sessions)", () => {
		const segment = byId(buildGraph(index), "seg:m1") as GraphNode;
		const other = buildTreeIndex([msg("a", null), ...chain("z", "a", 2)]);
		expect(segmentKinds(other, segment)).toEqual([]);
		expect(segmentKinds(other, { ...segment, first: 1 })).toEqual([]);
	});

	it("lays the tree out top-down with a parent over its children", () => {
		const graph = buildGraph(index);
		const bp = byId(graph, "bp") as GraphNode;
		const x1 = byId(graph, "seg:x1") as GraphNode;
		const y1 = byId(graph, "y1") as GraphNode;
		expect(x1.y).toBe(y1.y);
		expect(x1.y).toBeGreaterThan(bp.y);
		expect(bp.x).toBe((x1.x + y1.x) / 2);
		expect(byId(graph, "r")?.x).toBe(bp.x);
	});

	it("keeps a long trunk straight under short side branches", () => {
		// t1 … t30 with one-entry side branches off t5 and t20.
		const trunk = [...chain("t", null, 30), msg("side5", "t5"), msg("side20", "t20")];
		const trunkIndex = buildTreeIndex(trunk);
		const graph = buildGraph(trunkIndex, new Set(["seg:t6"]));
		expectWellFormed(trunkIndex, graph);
		const xs = new Set(["t1", "t5", "t6", "t10", "t20", "seg:t21", "t30"].map((id) => byId(graph, id)?.x));
		expect(xs.size).toBe(1);
		expect(byId(graph, "side5")?.x).not.toBe(byId(graph, "t5")?.x);
	});

	it("expanding a segment reveals its entries, and folding it back restores the segment", () => {
		const graph = buildGraph(index, new Set(["seg:m1"]));
		expectWellFormed(index, graph);
		expect(byId(graph, "seg:m1")).toBeUndefined();
		for (const id of ["m1", "m2", "m3", "m4", "m5"]) {
			expect(byId(graph, id)).toMatchObject({ kind: "entry", run: "seg:m1", runStart: id === "m1" });
			expect(graph.nodeOf.get(index.byId.get(id) as number)).toBe(id);
		}
		expect(graph.edges.map((e) => `${e.source}>${e.target}`)).toContain("m5>bp");
		expect(buildGraph(index, new Set()).nodes.map((n) => n.id)).toEqual(buildGraph(index).nodes.map((n) => n.id));
	});

	it("pinned entries split a run around them", () => {
		const m3 = index.byId.get("m3") as number;
		const graph = buildGraph(index, new Set(), [m3]);
		expectWellFormed(index, graph);
		expect(graph.nodes.map((n) => n.id).slice(0, 4)).toEqual(["r", "seg:m1", "m3", "seg:m4"]);
		expect(byId(graph, "seg:m1")?.count).toBe(2);
	});
});

describe("buildGraph marks compactions, kept ranges and labels", () => {
	const entries = [
		...chain("a", null, 6),
		compaction("c1", "a6", "a4"),
		...chain("b", "c1", 4),
		label("l1", "b4", "b2", "checkpoint"),
		msg("tip", "l1"),
	];
	const index = buildTreeIndex(entries);
	const graph = buildGraph(index);

	it("keeps them out of segments", () => {
		expectWellFormed(index, graph);
		expect(graph.nodes.map((n) => n.id)).toEqual(["a1", "seg:a2", "a4", "seg:a5", "c1", "b1", "b2", "seg:b3", "tip"]);
		expect(byId(graph, "b2")?.label).toBe("checkpoint");
		expect(byId(graph, "c1")?.entryKind).toBe("compaction");
	});

	it("paints the selection: summarized, kept, checkpoint, context and the leaf", () => {
		const analysis = analyzeContext(entries, "tip", index);
		const paint = paintFor(graph, index, {
			analysis,
			hitPositions: ["a2", "a3", "b4"].map((id) => index.byId.get(id) as number),
			issues: [
				{ entryId: "a3", severity: "warning", code: "w", message: "careful" },
				{ entryId: "a2", severity: "error", code: "e", message: "broken" },
				{ severity: "info", code: "i", message: "no entry" },
			],
			focusedEntryId: "b1",
		});
		const region = (id: string) => paint.get(id)?.region ?? "off";
		expect(["a1", "seg:a2", "a4", "seg:a5", "c1", "b1", "b2", "seg:b3", "tip"].map(region)).toEqual([
			"summarized",
			"summarized",
			"kept",
			"kept",
			"checkpoint",
			"context",
			"context",
			"context",
			"context",
		]);
		expect(paint.get("tip")?.leaf).toBe(true);
		expect(paint.get("b1")).toMatchObject({ leaf: false, focused: true });
		expect(paint.get("seg:a2")).toMatchObject({ hits: 2, issue: "error", issueCount: 2 });
		expect(paint.get("seg:b3")?.hits).toBe(1);
	});

	it("marks the nodes holding the explainer's focus, folded runs included", () => {
		const analysis = analyzeContext(entries, "tip", index);
		const pos = (id: string) => index.byId.get(id) as number;
		const paint = paintFor(graph, index, { analysis, explainFocus: [pos("c1"), pos("a3"), pos("b4")] });
		const marked = [...paint].filter(([, p]) => p.explain).map(([id]) => id);
		expect(marked.sort()).toEqual(["c1", "seg:a2", "seg:b3"]);
		expect(paint.get("tip")?.explain).toBe(false);
	});

	it("paints each node by the strongest fate among its entries, on the folded and the expanded graph", () => {
		for (const leaf of index.leaves) {
			const analysis = analyzeContext(entries, entries[leaf].id, index);
			expect(regionsOf(paintFor(graph, index, { analysis }))).toEqual(regionsByFate(graph, analysis));
			const expanded = buildGraph(index, new Set(graph.nodes.filter((n) => n.kind === "segment").map((n) => n.id)));
			expect(expanded.nodes.length).toBeGreaterThan(graph.nodes.length);
			expect(regionsOf(paintFor(expanded, index, { analysis }))).toEqual(regionsByFate(expanded, analysis));
		}
	});

	it("leaves off-path nodes unpainted", () => {
		const analysis = analyzeContext(entries, "a4", index);
		const paint = paintFor(graph, index, { analysis });
		expect(paint.has("c1")).toBe(false);
		expect(paint.get("a4")).toMatchObject({ region: "context", leaf: true });
	});
});

describe("buildGraph on huge runs", () => {
	it("expands a long run in steps", () => {
		const entries = [msg("r", null), ...chain("e", "r", 198), msg("tip", "e198")];
		const index = buildTreeIndex(entries);
		let expanded = new Set<string>();
		let graph = buildGraph(index, expanded);
		expect(byId(graph, "seg:e1")?.count).toBe(198);
		let steps = 0;
		for (;;) {
			const seg = graph.nodes.find((n) => n.kind === "segment");
			if (!seg) break;
			expanded = new Set([...expanded, seg.id]);
			const next = buildGraph(index, expanded);
			expectWellFormed(index, next);
			// Each step reveals at most EXPAND_STEP entries (a short remainder opens whole).
			const revealed = next.nodes.filter((n) => n.run === seg.id);
			expect(revealed.length).toBeLessThanOrEqual(Math.max(EXPAND_STEP, 60));
			expect(revealed[0].id).toBe(entries[seg.first].id);
			graph = next;
			steps++;
		}
		expect(steps).toBe(4); // 198 = 50 + 50 + 50 + 48 (a short remainder opens whole)
		expect(graph.nodes).toHaveLength(200);
	});

	it("builds a 100k-entry chain with a few branches quickly and without recursion", () => {
		const n = 100_000;
		const entries: SessionEntry[] = chain("e", null, n);
		for (const at of [10, 25_000, 50_000, 99_000]) entries.push(...chain(`side${at}-`, `e${at}`, 30));
		const index = buildTreeIndex(entries);
		const t0 = performance.now();
		const graph = buildGraph(index);
		expect(performance.now() - t0).toBeLessThan(1500);
		expectWellFormed(index, graph);
		expect(graph.nodes.length).toBeLessThan(40);
		// Expanding the longest run still shows only one step of it.
		const longest = graph.nodes.reduce((a, b) => (b.count > a.count ? b : a));
		const opened = buildGraph(index, new Set([longest.id]));
		expect(opened.nodes.length).toBeLessThan(graph.nodes.length + EXPAND_STEP + 1);
		expectWellFormed(index, opened);
	});

	it("lays out a deep tree of many small nodes in linear time", () => {
		// 30k entries with a compaction every third entry and a side branch every 300:
		// ~10k nodes in rows that are thousands deep.
		const entries: SessionEntry[] = [msg("e0", null)];
		for (let i = 1; i < 30_000; i++) {
			const id = `e${i}`;
			entries.push(i % 3 === 0 ? compaction(id, `e${i - 1}`) : msg(id, `e${i - 1}`));
			if (i % 300 === 0) entries.push(msg(`s${i}`, id));
		}
		const index = buildTreeIndex(entries);
		const t0 = performance.now();
		const graph = buildGraph(index);
		expect(performance.now() - t0).toBeLessThan(3000);
		expect(graph.nodes.length).toBeGreaterThan(10_000);
		expect(overlaps(graph)).toEqual([]);
	});
});

describe.each([...goldenNames().map((n) => `golden/${n}.jsonl`), "pi-mono/large-session.jsonl"])(
	"buildGraph on %s",
	(file) => {
		const session = parseSession(readFixture(file));
		const index = buildTreeIndex(session.entries);

		it("is well formed, folded and expanded", () => {
			const graph = buildGraph(index);
			expectWellFormed(index, graph);
			const all = new Set(graph.nodes.filter((n) => n.kind === "segment").map((n) => n.id));
			expectWellFormed(index, buildGraph(index, all));
		});

		it("paints every path entry's node for every leaf", () => {
			const graph = buildGraph(index);
			for (const leaf of index.leaves) {
				const analysis = analyzeContext(session.entries, session.entries[leaf].id, index);
				const paint = paintFor(graph, index, { analysis });
				for (const pos of analysis.path) expect(paint.get(graph.nodeOf.get(pos) as string)?.region).not.toBe("off");
				expect(paint.get(session.entries[leaf].id)?.leaf).toBe(true);
			}
		});

		it("paints a summarized run by a walk up the graph, as fate by fate", () => {
			const folded = buildGraph(index);
			const expanded = buildGraph(index, new Set(folded.nodes.filter((n) => n.kind === "segment").map((n) => n.id)));
			for (const graph of [folded, expanded]) {
				for (const leaf of index.leaves) {
					const analysis = analyzeContext(session.entries, session.entries[leaf].id, index);
					const fates = packFates(analysis);
					// The graph's position → node column, counting reads.
					let reads = 0;
					const nodeAt = new Proxy(graph.nodeAt, {
						get(target, key) {
							if (typeof key === "string" && /^\d+$/.test(key)) reads++;
							const value = Reflect.get(target, key, target);
							return typeof value === "function" ? value.bind(target) : value;
						},
					});
					const counted = { ...graph, nodeAt };
					const paint = paintGraph(counted, { context: { leaf: analysis.leaf, ranks: pathRanks(counted, fates) } });
					expect(regionsOf(paint)).toEqual(regionsByFate(graph, analysis));
					if (fates.prefix > 10) expect(reads).toBeLessThan(analysis.fates.length - fates.prefix + 10);
				}
			}
		});
	},
);
