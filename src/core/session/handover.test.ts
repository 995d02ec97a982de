import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../../test/fixtures";
import { buildGraph, graphFromParts, graphParts } from "../view/graph";
import { collectDiagnostics } from "./diagnostics";
import { createSessionParser, parseSession } from "./parse";
import { adoptTreeIndex, buildTreeIndex, treeParts } from "./tree";

/**
 * What the parse worker works out in steps or hands on as plain parts: the semantic checks run
 * after the parse, the tree index and the graph as parts. Each must give exactly what the one-thread path gives.
 */
const files = ["golden", "bad", "broken", "hostile", "pi-mono", "project", "share"]
	.flatMap((dir) => readdirSync(join(FIXTURES_DIR, dir)).map((f) => join(dir, f)))
	.filter((f) => f.endsWith(".jsonl"))
	.map((f) => ({ name: f, text: readFileSync(join(FIXTURES_DIR, f), "utf8") }));

describe("finish({ diagnostics: false }) then collectDiagnostics", () => {
	it("gives the issues of a full parse, in order, for every fixture", () => {
		expect(files.length).toBeGreaterThan(25);
		for (const { name, text } of files) {
			const full = parseSession(text);
			const parser = createSessionParser();
			parser.push(text);
			const early = parser.finish({ diagnostics: false });
			expect(early.entries, name).toEqual(full.entries);
			const late = collectDiagnostics(early.entries, buildTreeIndex(early.entries), early.lines, early.issues.slice());
			expect(late, name).toEqual(full.issues);
		}
	});
});

describe("adoptTreeIndex(entries, byId, treeParts(index))", () => {
	it("is the index buildTreeIndex gives, for every fixture", () => {
		for (const { name, text } of files) {
			const { entries } = parseSession(text);
			const copy = structuredClone(entries);
			const parts = structuredClone(treeParts(buildTreeIndex(copy)));
			const byId = new Map<string, number>();
			for (let i = 0; i < entries.length; i++) byId.set(entries[i].id, i);
			const adopted = adoptTreeIndex(entries, byId, parts);
			const { entries: _a, byId: gotIds, ...got } = adopted;
			const { entries: _b, byId: wantIds, ...want } = buildTreeIndex(entries);
			expect(got, name).toEqual(want);
			expect(new Map(gotIds), name).toEqual(new Map(wantIds));
		}
	});

	it("refuses parts of another length", () => {
		const { entries } = parseSession(files[0].text);
		const parts = treeParts(buildTreeIndex(entries.slice(1)));
		expect(() => adoptTreeIndex(entries.slice(), new Map(), parts)).toThrow(/tree parts/);
	});
});

describe("graphParts / graphFromParts", () => {
	it("survive a structured clone as the same graph; nodeOf reads like the map it stands for", () => {
		for (const { name, text } of files) {
			const { entries } = parseSession(text);
			const graph = buildGraph(buildTreeIndex(entries));
			const back = graphFromParts(structuredClone(graphParts(graph)));
			expect(back.nodes, name).toEqual(graph.nodes);
			expect(back.edges, name).toEqual(graph.edges);
			expect([...back.indexOf], name).toEqual([...graph.indexOf]);
			const reference = new Map<number, string>();
			graph.nodeAt.forEach((i, pos) => {
				if (i !== -1) reference.set(pos, graph.nodes[i].id);
			});
			expect([...back.nodeOf], name).toEqual([...reference]);
			expect(back.nodeOf.size, name).toBe(reference.size);
			expect([...back.nodeOf.keys()]).toEqual([...reference.keys()]);
			expect([...back.nodeOf.values()]).toEqual([...reference.values()]);
			for (const pos of [-1, 0, 1.5, entries.length, entries.length - 1]) {
				expect(back.nodeOf.get(pos), `${name} ${pos}`).toBe(reference.get(pos));
				expect(back.nodeOf.has(pos)).toBe(reference.has(pos));
			}
			const seen: [number, string][] = [];
			back.nodeOf.forEach((id, pos) => {
				seen.push([pos, id]);
			});
			expect(seen).toEqual([...reference]);
		}
	});
});
