/**
 * The speed-ups in parse, tree and context take shortcuts for the common case (a line that is a
 * message entry, a parent on the line before, one shared reason string). These tests pin that
 * the shortcuts agree with the general rules, above all where a shortcut almost applies.
 */
import { describe, expect, it } from "vitest";
import { generateSessionLines, Rng, WORKLOADS } from "../../../bench/generate";
import { goldenNames, readFixture } from "../../../test/fixtures";
import { analyzeContext, analyzeOnPath } from "../context/context";
import { createSessionParser, parseSession } from "./parse";
import { buildTreeIndex, pathColumn, pathPositions } from "./tree";
import type { ParsedSession, SessionEntry } from "./types";

const entry = (id: string, parentId: string | null, type = "custom"): SessionEntry =>
	({ type, id, parentId, timestamp: "2026-01-01T00:00:00.000Z", customType: "t" }) as SessionEntry;

/** A small generated session with branches, compactions and every entry type. */
function generated(): string {
	const lines = [...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 400, compactEvery: 60, outputScale: 0.05 })];
	return `${lines.join("\n")}\n`;
}

/** Parses `text` fed in chunks cut at random places (including inside CRLF and BOM). */
function parseInChunks(text: string, rng: Rng, maxChunk: number): ParsedSession {
	const parser = createSessionParser();
	for (let pos = 0; pos < text.length; ) {
		const n = rng.int(1, maxChunk);
		parser.push(text.slice(pos, pos + n));
		pos += n;
	}
	return parser.finish();
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("streaming parse equals whole-text parse", () => {
	const texts: [string, string][] = [
		...goldenNames().map((n): [string, string] => [n, readFixture(`golden/${n}.jsonl`)]),
		["pi-mono v1", readFixture("pi-mono/large-session.jsonl")],
		["generated", generated()],
	];
	it.each(texts)("%s", (_name, text) => {
		const whole = plain(parseSession(text));
		const rng = new Rng(text.length);
		expect(plain(parseInChunks(text, rng, 7))).toEqual(whole);
		expect(plain(parseInChunks(text, rng, 5000))).toEqual(whole);
	});

	it("keeps odd lines' handling when they fall inside a chunk or on its edges", () => {
		const good = (id: string, parent: string | null) =>
			JSON.stringify({ type: "message", id, parentId: parent, timestamp: "t", message: { role: "user", content: id } });
		const text = [
			`\uFEFF${JSON.stringify({ type: "session", version: 3, id: "s" })}\r`,
			good("a", null),
			"",
			"   ",
			`${good("b", "a")}\r`,
			"{not json",
			"[1]",
			JSON.stringify({ type: "message", id: "c", parentId: "b", message: { role: "alien" } }),
			JSON.stringify({ type: "message", id: "d", parentId: "c", message: "text" }),
			JSON.stringify({ type: "message", id: "e", parentId: "d" }),
			JSON.stringify({ type: "future", id: "f", parentId: "e" }),
			JSON.stringify({ id: "g", parentId: "f" }),
			JSON.stringify({ type: "session", version: 3, id: "again" }),
			good("h", "g"),
			`${good("i", "h").slice(0, 20)}`,
		].join("\n");
		const whole = parseSession(text);
		// The line-level findings (later passes may add their own issues; those are not at stake here).
		const lineCodes = new Set([
			"malformed-json",
			"not-an-object",
			"unknown-role",
			"missing-message",
			"unknown-entry-type",
			"missing-type",
			"duplicate-header",
			"truncated-line",
			"blank-lines",
		]);
		expect(whole.issues.filter((i) => lineCodes.has(i.code)).map((i) => [i.code, i.line])).toEqual([
			["malformed-json", 6],
			["not-an-object", 7],
			["unknown-role", 8],
			["missing-message", 9],
			["missing-message", 10],
			["unknown-entry-type", 11],
			["missing-type", 12],
			["duplicate-header", 13],
			["truncated-line", 15],
			["blank-lines", undefined],
		]);
		expect(whole.entries.map((e) => e.id)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
		expect(whole.lines).toEqual([2, 5, 8, 9, 10, 11, 12, 14]);
		const rng = new Rng(3);
		for (const max of [1, 2, 3, 10, 40, 200]) expect(plain(parseInChunks(text, rng, max))).toEqual(plain(whole));
	});

	it("places a late header in the object order used by v1 migration", () => {
		// v1: no ids. The compaction's index counts the header, wherever it stands, as pi does.
		const text = [
			JSON.stringify({ type: "message", timestamp: "t", message: { role: "user", content: "one" } }),
			JSON.stringify({ type: "session", id: "s", timestamp: "t", cwd: "/" }),
			JSON.stringify({ type: "message", timestamp: "t", message: { role: "user", content: "two" } }),
			JSON.stringify({ type: "compaction", timestamp: "t", summary: "s", tokensBefore: 1, firstKeptEntryIndex: 2 }),
		].join("\n");
		const session = parseSession(text);
		const compaction = session.entries[2] as { firstKeptEntryId?: string };
		expect(compaction.firstKeptEntryId).toBe(session.entries[1].id);
	});
});

describe("tree index shortcuts", () => {
	it("resolves a parent named by the previous line to the later duplicate when that line is shadowed", () => {
		// Line 2 ("x") is shadowed by line 4 ("x"); line 3 names "x" as parent: that is line 4.
		const entries = [entry("r", null), entry("x", "r"), entry("c", "x"), entry("x", null)];
		const index = buildTreeIndex(entries);
		expect(index.parent[2]).toBe(3);
		expect([...index.live]).toEqual([1, 0, 1, 1]);
		expect(index.children.of(3)).toEqual([2]);
	});

	it("reports every repeat of an id, including repeats after the first", () => {
		const entries = [entry("a", null), entry("a", null), entry("b", null), entry("a", null), entry("b", "a")];
		const index = buildTreeIndex(entries);
		expect(index.issues.filter((i) => i.issue.code === "duplicate-id").map((i) => i.position)).toEqual([1, 3, 4]);
		expect([...index.live]).toEqual([0, 0, 0, 1, 1]);
		expect(index.byId.get("a")).toBe(3);
		expect(index.byId.get("b")).toBe(4);
		expect(index.parent[4]).toBe(3);
	});

	it("gives every entry the path its parent links spell, on a bushy session", () => {
		const { entries } = parseSession(generated());
		const index = buildTreeIndex(entries);
		expect(index.branchPoints.length).toBeGreaterThan(5);
		for (let leaf = 0; leaf < entries.length; leaf++) {
			const walked: number[] = [];
			for (let p = leaf; p !== -1; p = index.parent[p]) walked.push(p);
			expect(pathPositions(index, leaf)).toEqual(walked.reverse());
			expect([...pathColumn(index, leaf)]).toEqual(walked);
		}
		expect(pathColumn(index, -1).length).toBe(0);
	});

	it("falls back to walking when the depth disagrees with the parent links", () => {
		const index = buildTreeIndex([entry("a", null), entry("b", "a"), entry("c", "b")]);
		const wrongDepth = { ...index, depth: Int32Array.from([0, 5, 1]) };
		expect(pathPositions(wrongDepth, 2)).toEqual([0, 1, 2]);
		expect(pathPositions(wrongDepth, 1)).toEqual([0, 1]);
		expect([...pathColumn(wrongDepth, 2)]).toEqual([0, 1, 2]);
		expect([...pathColumn(wrongDepth, 1)]).toEqual([0, 1]);
		const shortDepth = { ...index, depth: Int32Array.from([0, 0, 0]) };
		expect([...pathColumn(shortDepth, 2)]).toEqual([0, 1, 2]);
	});
});

describe("context analysis shortcuts", () => {
	it("finds a path's compactions, settings and context edits by their depth as a pass along it does", () => {
		// A bushy session with settings and context edits on many branches, some deep, some not.
		const { entries } = parseSession(generated());
		const rng = new Rng(7);
		const extra: SessionEntry[] = [];
		const messages = entries.filter((e) => e.type === "message");
		for (let i = 0; i < 60; i++) {
			// Chains of four (each kind once), each from a random entry.
			const kind = i % 4;
			const at = kind === 0 ? entries[rng.int(0, entries.length - 1)].id : `after${i - 1}`;
			const id = `rare${i}`;
			const base = { id, parentId: at, timestamp: "2026-01-01T00:00:00.000Z" };
			if (kind === 0) extra.push({ ...base, type: "active_tools_change", activeToolNames: [`t${i}`] } as SessionEntry);
			else if (kind === 1)
				extra.push({ ...base, type: "thinking_level_change", thinkingLevel: "high" } as SessionEntry);
			else if (kind === 2)
				extra.push({ ...base, type: "model_change", provider: "p", modelId: `m${i}` } as SessionEntry);
			else {
				const target = messages[rng.int(0, messages.length - 1)].id;
				extra.push({ ...base, type: "context_edit", targetId: target, replacement: null } as SessionEntry);
			}
			extra.push({
				type: "message",
				id: `after${i}`,
				parentId: id,
				timestamp: base.timestamp,
				message: { role: "user", content: `after ${i}`, timestamp: 0 },
			} as SessionEntry);
		}
		const all = [...entries, ...extra];
		const index = buildTreeIndex(all);
		// One entry more than the index holds: its codes are made afresh, and the marks found by a
		// pass along the path (the entry is on no path).
		const longer = [...all, { type: "custom", id: "beyond", parentId: null } as unknown as SessionEntry];
		let rules = 0;
		for (const leaf of index.leaves) {
			const path = pathPositions(index, leaf);
			const byDepth = analyzeOnPath(all, all[leaf].id, index, pathColumn(index, leaf));
			const along = analyzeOnPath(longer, all[leaf].id, index, path);
			expect(byDepth.modelFrom).toBe(along.modelFrom);
			expect(byDepth.thinkingLevelFrom).toBe(along.thinkingLevelFrom);
			expect(byDepth.activeToolsFrom).toBe(along.activeToolsFrom);
			expect(byDepth.compaction).toEqual(along.compaction);
			expect([...byDepth.edits.keys()]).toEqual([...along.edits.keys()]);
			expect(byDepth.messages).toEqual(along.messages);
			expect(byDepth.path).toEqual(path);
			if (byDepth.activeToolsFrom !== -1 && byDepth.edits.size > 0 && byDepth.compaction) rules++;
		}
		expect(rules).toBeGreaterThan(0);
	});

	it("explains every summarized entry with the same text and every sent message by region", () => {
		const { entries } = parseSession(generated());
		const index = buildTreeIndex(entries);
		const rules = new Set<string>();
		let summarizedSeen = 0;
		let sentSeen = 0;
		for (const leaf of index.leaves) {
			const analysis = analyzeContext(entries, entries[leaf].id, index);
			rules.add(analysis.rule);
			const summarized = analysis.fates.filter((f) => f.region === "summarized");
			summarizedSeen += summarized.length;
			const cid = analysis.compaction ? entries[analysis.compaction.position].id : "";
			const expected =
				analysis.rule === "retained-tail"
					? `Before compaction ${cid}, a self-contained checkpoint: replaced by its summary and retained tail`
					: analysis.rule === "legacy"
						? `Before the kept range of compaction ${cid}: replaced by its summary`
						: `Before compaction ${cid}, whose firstKeptEntryId is not on this path: dropped (pi keeps nothing before it)`;
			for (const f of summarized) expect(f.reason).toBe(expected);
			for (const f of analysis.fates) {
				if (f.messageCount === 0 || f.editId || f.region === "checkpoint") continue;
				sentSeen++;
				const where =
					f.region === "kept" ? "In the kept range" : f.region === "after" ? "After the compaction" : "On the path";
				expect(f.reason).toBe(`${where}; sent as a message`);
			}
		}
		expect(summarizedSeen).toBeGreaterThan(0);
		expect(sentSeen).toBeGreaterThan(0);
		expect([...rules].sort()).toEqual(["legacy", "none", "retained-tail"]);
	});

	it("takes the model from the last model change or assistant message on the path", () => {
		const { entries } = parseSession(generated());
		const index = buildTreeIndex(entries);
		for (const leaf of index.leaves) {
			const analysis = analyzeContext(entries, entries[leaf].id, index);
			let model: unknown = null;
			for (const p of analysis.path) {
				const e = entries[p] as { type: string; provider?: string; modelId?: string; message?: Record<string, string> };
				if (e.type === "model_change") model = { provider: e.provider, modelId: e.modelId };
				else if (e.type === "message" && e.message?.role === "assistant") {
					model = { provider: e.message.provider, modelId: e.message.model };
				}
			}
			expect(analysis.model).toEqual(model);
		}
	});
});
