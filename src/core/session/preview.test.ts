import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../../bench/generate";
import { user } from "../../../test/builders";
import { FIXTURES_DIR, readFixture } from "../../../test/fixtures";
import { reshapeSession, type SessionShape, seeded, writeJson } from "../../../test/reshape";
import { skeletonOf } from "../../../test/skeletons";
import { dialectOf } from "../dialects/index";
import { noteNewerPiRules, usesNewerPiRules } from "../dialects/pi/context";
import { buildGraph, graphParts } from "../view/graph";
import { summarizeLeaves } from "../view/leaves";
import { CURRENT_VERSION, parseSession } from "./parse";
import {
	completePreview,
	createPreviewScanner,
	lineSkeleton,
	packEntries,
	previewFromParts,
	previewSession,
	previewToParts,
	type ScannedPreview,
	unpackEntries,
} from "./preview";
import { buildTreeIndex, treeParts } from "./tree";
import type { SessionEntry } from "./types";

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

/**
 * What `skeletonOf` makes a skeleton of (the others are parsed during the scan; so are the
 * settings' entries, a model or thinking level change, as short as the fixtures' are).
 */
const SKELETON_TYPES = new Set(["message", "custom_message", "session_info", "context_edit", "custom"]);
const ROLES = new Set([
	"user",
	"assistant",
	"toolResult",
	"bashExecution",
	"custom",
	"hookMessage",
	"branchSummary",
	"compactionSummary",
	"system",
]);

const decoder = new TextDecoder();

interface PreviewCheck {
	/** Every entry line of the text is one the fast path takes (no repairs, no last line cut). */
	fast?: boolean;
}

/** The preview equals the full parse in everything the view takes from it. */
function expectPreviewOf(text: string, name: string, check: PreviewCheck = {}) {
	const full = parseSession(text);
	const index = buildTreeIndex(full.entries);
	const bytes = new TextEncoder().encode(text);
	for (const chunks of [[bytes], chunked(bytes, 1, 4000), chunked(bytes, 99, 40)]) {
		const scanner = createPreviewScanner();
		for (const chunk of chunks) scanner.push(chunk);
		const preview = scanner.finish();
		if (!preview) throw new Error(`no preview for ${name}`);
		expect(preview.header, name).toEqual(full.header);
		// What the session says of itself, as the full parse says it.
		// (The version it is read as: a file without a header, its entries with ids, as the current one.)
		expect(preview.version, name).toBe(full.header === null ? CURRENT_VERSION : full.version);
		expect(preview.dialect, name).toBe(full.dialect);
		expect(preview.title, name).toBe(full.title);
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
		// Packed for the trip to the page and unpacked there: the same preview (without the line
		// positions, which stay in the worker).
		const { lineOffset, lineLength, wanted, version: _v, dialect: _d, title: _t, ...shown } = preview;
		expect(wanted, name).toEqual([]);
		const parts = structuredClone(previewToParts(preview));
		const unpacked = previewFromParts(parts);
		const { index: unpackedIndex, ...rest } = unpacked;
		const { index: shownIndex, ...shownRest } = shown;
		expect(rest, name).toEqual(shownRest);
		// The index is rebuilt from its parts over the unpacked entries: the same tree.
		expect(unpackedIndex.entries, name).toBe(unpacked.entries);
		expect(treeParts(unpackedIndex), name).toEqual(treeParts(shownIndex));
		expect(dialectOf(unpacked.entries, unpackedIndex), name).toBe(dialectOf(full.entries));
		// The skeletons' dialect, noted from their shapes, is what a pass over them finds.
		expect(dialectOf(unpacked.entries), name).toBe(dialectOf(unpacked.entries.slice()));
		expect(lineOffset.length, name).toBe(full.entries.length);
		expect(lineLength.length, name).toBe(full.entries.length);
		// Each entry's line read again from its position: the full parse's entry (current version).
		if (full.version >= 3 && !full.migrated) {
			for (let i = 0; i < full.entries.length; i++) {
				const slice = bytes.subarray(lineOffset[i], lineOffset[i] + lineLength[i]);
				const read = JSON.parse(decoder.decode(slice));
				// The full parse stamps a dialect it knows from the first line on each entry (as the host does).
				if ("dialect" in (preview.entries[0] ?? {})) read.dialect = full.dialect;
				expect(read, name).toEqual(full.entries[i]);
			}
		}
		if (check.fast) {
			// The fast path: only what the view shows or what shapes the graph is parsed in full.
			const slow = full.entries.filter((e) => {
				const role = (e as { message?: { role?: unknown } }).message?.role;
				return !SKELETON_TYPES.has(e.type) || (e.type === "message" && !ROLES.has(role as string));
			}).length;
			expect(full.entries.length - scanner.skeletonCount, name).toBe(slow);
			const needed = new Set(preview.graph.nodes.map((n) => n.first));
			for (const leaf of preview.leaves) needed.add(leaf.position).add(leaf.lastUser);
			expect(scanner.parsedCount, name).toBeLessThanOrEqual(slow + needed.size);
		}
	}
}

/**
 * The preview of `bytes` scanned in two parts, as two threads scan them: the bytes before `cut`
 * (a line start after the header) by one scanner, the rest by a scanner of a part whose result
 * travels (structured-cloned) to the first; the view's entries of the part read "from the file"
 * (here: taken from `whole`, the preview of one scan). Null when the head cannot take a part.
 */
function scanInTwo(bytes: Uint8Array, cut: number, version: number, whole: ScannedPreview): ScannedPreview | null {
	const head = createPreviewScanner();
	for (const chunk of chunked(bytes.subarray(0, cut), cut, 3000)) head.push(chunk);
	if (!head.readyForPart) return null;
	const tail = createPreviewScanner({ partOf: { version } });
	for (const chunk of chunked(bytes.subarray(cut), 5, 700)) tail.push(chunk);
	head.absorb(structuredClone(tail.finishPart()), cut);
	const split = head.finish();
	if (!split) return null;
	return completePreview(
		split,
		split.wanted.map((pos) => whole.entries[pos]),
	);
}

/** Where lines start in `bytes`, after its first line. */
function lineStarts(bytes: Uint8Array): number[] {
	const out: number[] = [];
	for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) out.push(i + 1);
	return out;
}

/** A scan in two parts gives the preview of one scan, wherever the file is cut (after the header). */
function expectSplitScanOf(text: string, name: string, cuts = 9) {
	const bytes = new TextEncoder().encode(text);
	const whole = previewSession([bytes]);
	if (!whole) throw new Error(`no preview for ${name}`);
	const { version } = whole;
	const starts = lineStarts(bytes);
	const picked = new Set([starts[0], starts[starts.length - 1]]);
	for (let k = 1; k < cuts; k++) picked.add(starts[Math.floor((k * starts.length) / cuts)]);
	for (const cut of picked) {
		if (cut === undefined) continue;
		const split = scanInTwo(bytes, cut, version, whole);
		// A file without a header on its first line (no header, or a title slot before it) is scanned
		// on one thread: no part is taken (nor planned, see `planSplit`).
		const oneThread = whole.header === null || "dialect" in (whole.entries[0] ?? {});
		if (oneThread) {
			expect(split, `${name} cut at ${cut}`).toBeNull();
			continue;
		}
		if (!split) throw new Error(`${name} cut at ${cut}: no split preview`);
		const { index: splitIndex, ...splitRest } = split;
		const { index: wholeIndex, ...wholeRest } = whole;
		expect(splitRest, `${name} cut at ${cut}`).toEqual(wholeRest);
		expect(treeParts(splitIndex), `${name} cut at ${cut}`).toEqual(treeParts(wholeIndex));
		expect(dialectOf(split.entries, splitIndex), `${name} cut at ${cut}`).toBe(dialectOf(whole.entries, wholeIndex));
	}
}

/** Fixture sessions of the current version, and of older ones (migrated by the preview too). */
const FIXTURE_DIRS = ["golden", "share", "project", "project-update", "hostile", "bad", "broken", "pi-mono"];
const fixtureFiles = FIXTURE_DIRS.flatMap((dir) =>
	readdirSync(join(FIXTURES_DIR, dir))
		.filter((f) => f.endsWith(".jsonl"))
		.map((f) => `${dir}/${f}`),
);

describe("previewSession", () => {
	const current = fixtureFiles
		.filter((f) => /"version":\s*3/.test(readFixture(f).slice(0, 400)))
		// Entries the full parse repairs (no id, a parent that is not a string): their lines' bytes are
		// not the entries (see the next test).
		.filter((f) => f !== "bad/mixed.jsonl");

	it("repairs entries as the full parse does: no id is `line-N`, no parent (or one that is no id) a root", () => {
		const text = readFixture("bad/mixed.jsonl");
		const full = parseSession(text);
		expect(full.issues.map((i) => i.code)).toContain("missing-id");
		const preview = previewSession([new TextEncoder().encode(text)]);
		expect(preview?.entries.map((e) => [e.id, e.parentId])).toEqual(full.entries.map((e) => [e.id, e.parentId]));
		const odd = [
			'{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/"}',
			'{"type":"message","id":"","parentId":null,"timestamp":"t","message":{"role":"user","content":"a"}}',
			'{"type":"message","id":"b","timestamp":"t","message":{"role":"user","content":"b"}}',
			'{"type":"message","id":"c","parentId":7,"timestamp":"t","message":{"role":"user","content":"c"}}',
			'{"type":"message","id":"d","parentId":"c","timestamp":"t","message":{"role":"user","content":"d"}}',
		].join("\n");
		const oddPreview = previewSession([new TextEncoder().encode(odd)]);
		expect(oddPreview?.entries).toEqual(parseSession(odd).entries);
	});

	it("gives the full parse's graph and tips for every session of the current version", () => {
		expect(current.length).toBeGreaterThan(15);
		for (const f of current) expectPreviewOf(readFixture(f), f);
	});

	it("notes newer pi's rules from a skeleton's type or a whole entry, as a pass over the entries finds them", async () => {
		const lines = readFixture("golden/compaction-heavy.jsonl").trimEnd().split("\n");
		const last = JSON.parse(lines[lines.length - 1]) as { id: string };
		const tails = [
			{ type: "active_tools_change", id: "newer-type", parentId: last.id, activeToolNames: [] },
			// Parsed in full by the scan (a deferred reply is never a skeleton), so its stopReason is seen.
			{ type: "message", id: "deferred", parentId: last.id, message: { role: "assistant", stopReason: "deferred" } },
			{ type: "model_change", id: "whole", parentId: last.id, provider: "p", modelId: "m" },
		];
		for (const tail of [null, ...tails]) {
			const text = [...lines, ...(tail ? [JSON.stringify(tail)] : [])].join("\n");
			const preview = previewSession([new TextEncoder().encode(text)]);
			if (!preview) throw new Error("no preview");
			const parts = structuredClone(previewToParts(preview));
			for (const { entries, index } of [previewFromParts(parts)]) {
				expect(usesNewerPiRules(index), tail?.id).toBe(tail?.id === "newer-type" || tail?.id === "deferred");
				// Noted from the skeletons' shapes: what a pass over the entries read whole finds.
				expect(usesNewerPiRules(buildTreeIndex(parseSession(text).entries)), tail?.id).toBe(usesNewerPiRules(index));
				expect(entries.length).toBe(index.entries.length);
			}
		}
		// A deferred reply that is no tip (it has a child) is parsed in full all the same.
		const deferred = {
			type: "message",
			id: "d1",
			parentId: last.id,
			message: { role: "assistant", stopReason: "deferred" },
		};
		const child = { type: "message", id: "u9", parentId: "d1", message: { role: "user", content: "x" } };
		const text = [...lines, JSON.stringify(deferred), JSON.stringify(child)].join("\n");
		const scanned = previewSession([new TextEncoder().encode(text)]);
		expect(scanned?.entries[lines.length - 1]).toMatchObject({ id: "d1", message: { stopReason: "deferred" } });
		expect(skeletonOf(deferred as unknown as SessionEntry)).toBeNull();
		// Newer pi's types are parsed in full today; were one a skeleton, its shape would say so.
		const skeletons = buildTreeIndex([user("u1", null, "x")]);
		noteNewerPiRules(skeletons, [{ type: "leaf" }], []);
		expect(usesNewerPiRules(skeletons)).toBe(true);
	});

	describe("scanned in two parts (two threads), one absorbing the other", () => {
		it("gives the preview of one scan for every fixture session, cut at any line", () => {
			let checked = 0;
			for (const f of fixtureFiles) {
				const text = readFixture(f);
				if (!previewSession([new TextEncoder().encode(text)])) continue;
				expectSplitScanOf(text, f);
				checked++;
			}
			expect(checked).toBeGreaterThan(15);
		});

		it("does so for older versions (migrated after the parts are joined), later headers and blank lines", () => {
			for (const f of ["pi-mono/large-session.jsonl", "pi-mono/before-compaction.jsonl"]) {
				const lines = readFixture(f).split("\n");
				lines.splice(5, 0, "", lines[0]);
				lines.splice(Math.floor(lines.length / 2), 0, "", "  ", lines[0]);
				expectSplitScanOf(lines.join("\n"), f, 25);
			}
		});

		it("does so for reshaped and generated sessions, a last line cut short, and CRLF", () => {
			const generated = `${[...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 800 })].join("\n")}\n`;
			for (const [label, text] of [
				["bushy", generated],
				[
					"bushy reshaped",
					reshapeSession(generated, {
						shuffle: true,
						whitespace: true,
						escapeUpTo: 40,
						headerWithoutId: true,
						crlf: true,
						seed: 4,
					}),
				],
				["cut short", generated.slice(0, generated.length - 40)],
				["mixed", readFixture("golden/mixed-formats.jsonl")],
			] as const) {
				expectSplitScanOf(text, label, 15);
			}
		});

		it("packs a part's entries and unpacks them as they were, each skeleton with its own message", () => {
			const text = readFixture("golden/compaction-heavy.jsonl");
			const bytes = new TextEncoder().encode(text);
			const tail = createPreviewScanner({ partOf: { version: 3 } });
			tail.push(bytes.subarray(lineStarts(bytes)[0]));
			const part = structuredClone(tail.finishPart());
			const entries = unpackEntries(part.entries);
			expect(entries.length).toBe(part.skeleton.length);
			expect(structuredClone(packEntries(entries))).toEqual(part.entries);
			const messages = entries.map((e) => (e as { message?: object }).message).filter((m) => m !== undefined);
			expect(new Set(messages).size).toBe(messages.length);
			expect(part.skeleton.some((s) => s === 1)).toBe(true);
			expect(part.skeleton.some((s) => s === 0)).toBe(true);
		});

		it("packs parents as the entry before, another entry, null or none found; empty ids travel whole", () => {
			const skeleton = (id: string, parentId: string | null, role?: string) =>
				(role === undefined
					? { type: "label", id, parentId }
					: { type: "message", id, parentId, message: { role } }) as unknown as SessionEntry;
			const whole = {
				type: "message",
				id: "c",
				parentId: "b",
				timestamp: "t",
				message: { role: "user", content: "x" },
			} as unknown as SessionEntry;
			const entries = [
				skeleton("a", null, "user"),
				skeleton("b", "a", "assistant"),
				whole,
				skeleton("d", "c", "toolResult"),
				skeleton("e", "a"),
				skeleton("", "e"),
				skeleton("g", ""),
				skeleton("h", "gone", "user"),
				skeleton("i", "h", "user"),
			];
			const packed = structuredClone(packEntries(entries));
			expect(Array.from(packed.shape, (s) => s === -1)).toEqual([
				false,
				false,
				true,
				false,
				false,
				true,
				true,
				false,
				false,
			]);
			// The entry before's id is not written again (not even after an entry that travels whole).
			expect(packed.parentIds.split("\n")).toEqual(["\u0000", "", "", "", "a", "", "", "gone", ""]);
			expect(unpackEntries(packed)).toEqual(entries);
		});

		it("is refused before the header or in the middle of a line", () => {
			const bytes = new TextEncoder().encode(readFixture("golden/compaction-heavy.jsonl"));
			const part = createPreviewScanner({ partOf: { version: 3 } }).finishPart();
			const none = createPreviewScanner();
			expect(none.readyForPart).toBe(false);
			expect(() => none.absorb(part, 0)).toThrow();
			const mid = createPreviewScanner();
			mid.push(bytes.subarray(0, lineStarts(bytes)[1] + 3));
			expect(mid.readyForPart).toBe(false);
			expect(() => mid.absorb(part, 0)).toThrow();
			const notHeader = createPreviewScanner();
			notHeader.push(new TextEncoder().encode('{"type":"message","id":"a","parentId":null}\n'));
			expect(notHeader.readyForPart).toBe(false);
		});
	});

	it("is not made for a v4 file, one whose first line is no header, title slot or entry with an id, or without any line", () => {
		const bytes = (text: string) => [new TextEncoder().encode(text)];
		expect(previewSession(bytes(readFixture("dialects/pi-v4.jsonl")))).toBeNull();
		const entry =
			'{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}';
		// An entry without an id first (the full parse reads the file as version 1), a broken line, a
		// title slot without a header after it, a header further down a file without one first.
		expect(previewSession(bytes('{"type":"message","parentId":null,"timestamp":"t"}\n'))).toBeNull();
		expect(previewSession(bytes(`{"type":"session",\n${entry}\n`))).toBeNull();
		const slot = readFixture("dialects/omp-clear.jsonl").split("\n")[0];
		expect(previewSession(bytes(`${slot}\n${entry}\n`))).toBeNull();
		expect(
			previewSession(bytes(`${entry}\n{"type":"session","version":2,"id":"s","timestamp":"t","cwd":"/"}\n`)),
		).toBeNull();
		expect(previewSession(bytes(""))).toBeNull();
		expect(previewSession(bytes("\n\n  \n"))).toBeNull();
	});

	it("reads oh-my-pi's title slot and a file without a header as the full parse does", () => {
		for (const f of ["dialects/omp-clear.jsonl", "dialects/omp-compaction.jsonl", "bad/no-header.jsonl"]) {
			const text = readFixture(f);
			expectPreviewOf(text, f);
			// The first entry is whole: it carries the dialect's stamp, read by `dialectOf`.
			const preview = previewSession([new TextEncoder().encode(text)]);
			expect(dialectOf(preview?.entries ?? []), f).toBe(parseSession(text).dialect);
		}
		const entry =
			'{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}';
		expectPreviewOf(`\n${entry}\n`, "one entry after a blank line");
	});

	it("migrates older versions as the full parse does (v1: ids from line numbers; v2: roles)", () => {
		for (const f of ["pi-mono/large-session.jsonl", "pi-mono/before-compaction.jsonl"]) {
			const text = readFixture(f);
			expect(parseSession(text).migrated, f).toBe(true);
			expectPreviewOf(text, f, { fast: true });
			// With a blank line and a later header in the middle: line numbers and object indexes move.
			const lines = text.split("\n");
			lines.splice(5, 0, "", lines[0]);
			expectPreviewOf(lines.join("\n"), `${f} with a blank line and a second header`);
		}
		const v2 = [
			'{"type":"session","version":2,"id":"s","timestamp":"t","cwd":"/"}',
			'{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}',
			'{"message":{"content":"x","role":"hookMessage","customType":"k"},"parentId":"a","id":"b","type":"message"}',
			'{"type":"message","id":"c","parentId":"b","timestamp":"t","message":{"role":"assistant","content":[]}}',
			'{"type":"message","id":"d","parentId":"b","timestamp":"t","message":{"role":"hookMessage","content":"y"}}',
			"",
		].join("\n");
		expectPreviewOf(v2, "v2", { fast: true });
		const preview = previewSession([new TextEncoder().encode(v2)]);
		const roles = preview?.entries.map((e) => (e as { message?: { role?: string } }).message?.role);
		expect(roles).toEqual(["user", "custom", "assistant", "custom"]);
	});

	describe("takes the fast path for every shape of a valid line", () => {
		const generated = [
			{ ...WORKLOADS.bushy, maxEntries: 600 },
			{ ...WORKLOADS.medium, targetBytes: 600_000, branchEvery: 150, compactEvery: 100 },
		].map((spec) => ({ name: spec.name, text: `${[...generateSessionLines(spec)].join("\n")}\n` }));
		const sources = [
			...["golden/branchy-legacy.jsonl", "golden/compaction-heavy.jsonl", "golden/mixed-formats.jsonl"].map((f) => ({
				name: f,
				text: readFixture(f),
			})),
			{ name: "pi-mono/before-compaction.jsonl", text: readFixture("pi-mono/before-compaction.jsonl") },
			...generated,
		];
		const shapes: [string, SessionShape][] = [
			["keys shuffled", { shuffle: true }],
			["whitespace between tokens", { whitespace: true }],
			["escaped characters", { escapeUpTo: 80 }],
			["a header without id", { headerWithoutId: true }],
			["CRLF", { crlf: true }],
			["all at once", { shuffle: true, whitespace: true, escapeUpTo: 40, headerWithoutId: true, crlf: true }],
		];
		for (const [label, shape] of shapes) {
			it(label, () => {
				for (const { name, text } of sources) {
					const reshaped = reshapeSession(text, { ...shape, seed: name.length });
					expect(reshaped, name).not.toBe(text);
					// The same entries as the original: only the shape changed.
					expect(parseSession(reshaped).entries, name).toEqual(parseSession(text).entries);
					expectPreviewOf(reshaped, `${name}, ${label}`, { fast: true });
				}
			});
		}

		it("a 20 MB tool result holding quotes, braces, backslashes and an id", () => {
			const { text } = generated[1];
			const lines = text.trimEnd().split("\n");
			const at = lines.findIndex((l) => l.includes('"role":"toolResult"'));
			const entry = JSON.parse(lines[at]);
			const piece = '{"id":"x","parentId":null} } { [ \\" \\\\" \\\\\\"\n';
			entry.message.content = [{ type: "text", text: piece.repeat(Math.ceil(20_000_000 / piece.length)) }];
			lines[at] = writeJson(entry, { shuffle: true }, seeded(3));
			expect(lines[at].length).toBeGreaterThan(20_000_000);
			expectPreviewOf(`${lines.join("\n")}\n`, "huge tool result", { fast: true });
		});
	});

	it("parses a short settings line in full, and keeps a long one a skeleton", () => {
		const encoder = new TextEncoder();
		const line = (extra: string) =>
			encoder.encode(
				JSON.stringify({
					type: "model_change",
					id: "m1",
					parentId: "a1",
					timestamp: "2026-01-01T00:00:00.000Z",
					provider: "p",
					modelId: "m",
					note: extra,
				}),
			);
		const short = line("");
		expect(lineSkeleton(short, 0, short.length, true)).toBeNull();
		expect(skeletonOf(JSON.parse(new TextDecoder().decode(short)))).toBeNull();
		const long = line("x".repeat(5000));
		expect(lineSkeleton(long, 0, long.length, true)).toEqual({ type: "model_change", id: "m1", parentId: "a1" });
	});

	it("takes ids with escapes and prototype names as plain data", () => {
		const text = [
			'{"type":"session","version":3,"timestamp":"t","cwd":"/"}',
			'{"type":"message","id":"__proto__","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}',
			'{"type":"custom","id":"constructor","parentId":"__proto__","customType":"k"}',
			'{"type":"message","id":"a\\nb\\u0000","parentId":"constructor","message":{"role":"user","content":"x"}}',
			'{"type":"message","id":"\\u00e9\\ud83d\\ude00","parentId":"a\\nb\\u0000","message":{"role":"assistant","content":[]}}',
			'{"type":"message","id":"é😀b","parentId":"\\u00e9\\ud83d\\ude00","message":{"role":"assistant","content":[]}}',
			"",
		].join("\n");
		expectPreviewOf(text, "odd ids", { fast: true });
		const preview = previewSession([new TextEncoder().encode(text)]);
		expect(preview?.entries.map((e) => e.id)).toEqual(["__proto__", "constructor", "a\nb\u0000", "é😀", "é😀b"]);
	});
});
