import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../test/fixtures";
import { collectDiagnostics } from "./diagnostics";
import { buildGraph, graphFromParts, graphParts } from "./graph";
import { createSessionParser, parseSession } from "./parse";
import { adoptTreeIndex, buildTreeIndex, getTreeIndex, treeParts } from "./tree";
import type { SessionEntry } from "./types";

/**
 * What the parse worker hands the page instead of recomputing it there: entries that are final
 * before the end of the file, the semantic checks run after the rest, the tree index and the
 * graph as plain parts. Each must give exactly what the one-thread path gives.
 */
const files = ["golden", "bad", "broken", "hostile", "pi-mono", "project", "share"]
	.flatMap((dir) => readdirSync(join(FIXTURES_DIR, dir)).map((f) => join(dir, f)))
	.filter((f) => f.endsWith(".jsonl"))
	.map((f) => ({ name: f, text: readFileSync(join(FIXTURES_DIR, f), "utf8") }));

const json = (e: unknown) => JSON.stringify(e);

describe("finish({ diagnostics: false }) then collectDiagnostics", () => {
	it("gives the issues of a full parse, in order, for every fixture", () => {
		expect(files.length).toBeGreaterThan(25);
		for (const { name, text } of files) {
			const full = parseSession(text);
			const parser = createSessionParser();
			parser.push(text);
			const early = parser.finish({ diagnostics: false });
			expect(early.entries, name).toEqual(full.entries);
			const late = collectDiagnostics(early.entries, getTreeIndex(early.entries), early.lines, early.issues.slice());
			expect(late, name).toEqual(full.issues);
		}
	});
});

describe("stableCount: entries final before the end", () => {
	it("are the first entries finish() returns, unchanged since they were read, at the lines named", () => {
		let streamed = 0;
		for (const { name, text } of files) {
			const parser = createSessionParser();
			const seen: string[] = [];
			const lines: number[] = [];
			// Feed in odd pieces and snapshot each final entry the moment it becomes final (the
			// parser's own array, looked into: what a loader would have handed on by then).
			const early = (parser as unknown as { entries: SessionEntry[] }).entries;
			for (let at = 0; at < text.length; at += 997) {
				parser.push(text.slice(at, at + 997));
				const from = seen.length;
				const now = parser.stableLines(from);
				lines.push(...now);
				expect(parser.stableCount, name).toBe(from + now.length);
				for (let i = from; i < parser.stableCount; i++) seen.push(json(early[i]));
			}
			const parsed = parser.finish();
			expect(seen.length, name).toBe(lines.length);
			for (let i = 0; i < seen.length; i++) {
				expect(json(parsed.entries[i]), name).toBe(seen[i]);
				expect(parsed.lines[i], name).toBe(lines[i]);
				// JSON.parse of the line named gives the same entry.
				const line = text.split("\n")[lines[i] - 1].replace(/^\ufeff/, "");
				expect(JSON.parse(line), name).toEqual(parsed.entries[i]);
			}
			if (parsed.migrated) expect(seen, name).toEqual([]);
			if (seen.length > 0) streamed++;
		}
		expect(streamed).toBeGreaterThan(10);
	});

	it("stops at an entry finish() repairs, and never starts before the header", () => {
		const head = JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z" });
		const entry = (id: string | undefined, parentId: string | null | undefined) =>
			JSON.stringify({ type: "custom", customType: "x", id, parentId, timestamp: "2026-01-01T00:00:00.000Z" });
		const run = (...lines: string[]) => {
			const parser = createSessionParser();
			parser.push(`${lines.join("\n")}\n`);
			return parser.stableCount;
		};
		expect(run(head, entry("a", null), entry("b", "a"))).toBe(2);
		expect(run(head, entry("a", null), entry(undefined, "a"), entry("c", "a"))).toBe(1);
		expect(run(head, entry("a", null), entry("b", undefined), entry("c", "a"))).toBe(1);
		expect(run(entry("a", null), head, entry("b", "a"))).toBe(0);
		expect(run(JSON.stringify({ type: "session", version: 2, id: "s" }), entry("a", null))).toBe(0);
		expect(run(entry("a", null), entry("b", "a"))).toBe(0);
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
			const { entries: _a, ...got } = adopted;
			const { entries: _b, ...want } = buildTreeIndex(entries);
			expect(got, name).toEqual(want);
			expect(getTreeIndex(entries), name).toBe(adopted);
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
