import { describe, expect, it } from "vitest";
import { assistant, entry, ompTitleSlot, toolResult, user } from "../../../test/builders";
import { goldenNames, readFixture, readGolden } from "../../../test/fixtures";
import { skeletonOf } from "../../../test/skeletons";
import { getLabels } from "../session/meta";
import { parseSession } from "../session/parse";
import { buildTreeIndex } from "../session/tree";
import type { SessionEntry } from "../session/types";
import { entrySnippet, findEntries, findLazily } from "../text/find";
import { type ContextAnalysis, REGION_CODES } from "./analysis";
import { analyzeContext } from "./context";
import { analyzeLazily, countRegion, isSkeleton, type LazySession, packFates } from "./lazyContext";

/** The goldens, read by pi's builder and (a title slot before them) by oh-my-pi's, and oh-my-pi's own files. */
const SESSIONS: [string, string][] = [
	...goldenNames().map((name): [string, string] => [name, readGolden(name).text]),
	...goldenNames().map((name): [string, string] => [
		`${name} as oh-my-pi`,
		`${ompTitleSlot(name)}\n${readGolden(name).text}`,
	]),
	...["omp-clear", "omp-compaction"].map((name): [string, string] => [name, readFixture(`dialects/${name}.jsonl`)]),
];

describe.each(SESSIONS)("the fates of %s as columns", (_name, text) => {
	const { entries } = parseSession(text);
	const index = buildTreeIndex(entries);

	it("hold every fate: its position, region, flags, messages and reason, and where each position is", () => {
		for (const leaf of index.leaves) {
			const a = analyzeContext(entries, entries[leaf].id, index);
			const f = structuredClone(packFates(a));
			expect([...f.position]).toEqual(a.fates.map((x) => x.position));
			a.fates.forEach((fate, i) => {
				const j = i - f.prefix;
				const region = j < 0 ? REGION_CODES[f.prefixRegion] : REGION_CODES[f.region[j]];
				expect(region).toBe(fate.region);
				if (j >= 0) {
					expect((f.flags[j] & 1) === 1).toBe(fate.selected);
					expect((f.flags[j] & 2) === 2).toBe(fate.omitted === true);
					expect([f.messageStart[j], f.messageCount[j]]).toEqual([fate.messageStart, fate.messageCount]);
					expect(f.reasons[f.reasonAt[j]]).toBe(fate.reason);
				} else expect(f.reasons[f.prefixReason]).toBe(fate.reason);
				expect(f.indexOf[fate.position]).toBe(i);
			});
			for (const region of ["summarized", "kept", "after", "whole", "cleared", "checkpoint"] as const) {
				expect(f.regionCounts[REGION_CODES.indexOf(region)]).toBe(a.fates.filter((x) => x.region === region).length);
				expect(countRegion(a, region)).toBe(a.fates.filter((x) => x.region === region).length);
			}
		}
	});
});

describe("the fates of a path with a summarized prefix, as columns", () => {
	it("packs the prefix as a run: per-fate columns hold only the fates after it", () => {
		let seen = 0;
		for (const name of goldenNames()) {
			const { entries } = parseSession(readGolden(name).text);
			const index = buildTreeIndex(entries);
			for (const leaf of index.leaves) {
				const a = analyzeContext(entries, entries[leaf].id, index);
				const summarized = a.fates.filter((f) => f.region === "summarized").length;
				const columns = packFates(a);
				expect(columns.position.length).toBe(a.fates.length);
				expect(columns.region.length + columns.prefix).toBe(a.fates.length);
				if (a.compaction && summarized > 0) {
					// Every summarized fate is in the run, and the run is nothing else.
					expect(columns.prefix).toBe(summarized);
					seen++;
				} else expect(columns.prefix).toBe(0);
			}
		}
		expect(seen).toBeGreaterThan(0);
	});
});

describe("isSkeleton", () => {
	it("tells a preview's skeletons from whole entries", () => {
		const skeleton = { type: "message", id: "a", parentId: null, message: { role: "user" } } as unknown as SessionEntry;
		const whole = {
			type: "message",
			id: "a",
			parentId: null,
			timestamp: "t",
			message: { role: "user", content: "hi" },
		} as unknown as SessionEntry;
		expect(isSkeleton(skeleton)).toBe(true);
		expect(isSkeleton(whole)).toBe(false);
		expect(isSkeleton({ type: "model_change", id: "b", parentId: "a" } as unknown as SessionEntry)).toBe(true);
		expect(isSkeleton({ type: "model_change", id: "b", parentId: "a", modelId: "m" } as unknown as SessionEntry)).toBe(
			false,
		);
	});
});

describe.each(goldenNames())("findLazily over %s", (name) => {
	const { entries } = parseSession(readGolden(name).text);
	const index = buildTreeIndex(entries);

	it.each([
		["write", "default"],
		["tool read", "all"],
		["", "user-only"],
		["", "labeled-only"],
		["zzz-nothing", "default"],
	] as const)("finds what startFind finds: %s (%s)", async (query, filter) => {
		const want = findEntries(entries, query, filter);
		const hits: number[] = [];
		let hidden = 0;
		await findLazily(
			entries.length,
			getLabels(entries),
			index.live,
			async (from, to) => entries.slice(from, to),
			query,
			filter,
			(batch) => {
				hits.push(...batch.hits);
				hidden += batch.hidden;
				expect(batch.kinds.length).toBe(batch.hits.length);
				expect(batch.snippets.length).toBe(batch.hits.length);
			},
			() => false,
			7,
		);
		expect(hits).toEqual(want.hits.filter((p) => index.live[p] === 1));
		expect(hidden).toBe(want.hidden);
	});

	it("sends the excerpts of its first hits only, each the hit's own", async () => {
		const labels = getLabels(entries);
		for (const [query, filter] of [
			["write", "default"],
			["", "user-only"],
		] as const) {
			const hits: number[] = [];
			const snippets: unknown[] = [];
			await findLazily(
				entries.length,
				labels,
				index.live,
				async (from, to) => entries.slice(from, to),
				query,
				filter,
				(batch) => {
					// Each batch's excerpts are those of its first hits.
					expect(batch.snippets.length).toBeLessThanOrEqual(batch.hits.length);
					for (let i = 0; i < batch.snippets.length; i++) snippets.push(batch.snippets[i]);
					hits.push(...batch.hits);
				},
				() => false,
				3,
				2,
			);
			expect(snippets.length).toBe(Math.min(2, hits.length));
			expect(snippets).toEqual(hits.slice(0, 2).map((p) => entrySnippet(entries[p], labels.get(entries[p].id), query)));
		}
	});
});

describe("findLazily judging words without lower-casing the text", () => {
	// Texts with the two characters whose lower case is ASCII (U+0130 İ → "i̇", U+212A Kelvin → "k"),
	// letters of other cases and scripts, and ASCII punctuation.
	const texts = [
		"\u0130stanbul",
		"\u212aelvin",
		"KELVIN kelvin",
		"\u017f long s, \u00df sharp s, \u0131 dotless i",
		"Ǆ title case ǅ and ǆ",
		"plain ascii: Read(file) -> ok",
		"ΣΊΣΥΦΟΣ σίσυφος",
		"mixed İK and ik",
	];
	const entries: SessionEntry[] = texts.map((text, i) => ({
		type: "message",
		id: `e${i}`,
		parentId: i === 0 ? null : `e${i - 1}`,
		timestamp: "2026-01-01T00:00:00.000Z",
		message: { role: "user", content: text, timestamp: 0 },
	})) as SessionEntry[];
	const index = buildTreeIndex(entries);

	it.each(["i", "k", "ki", "kelvin", "s", "read(file)", "->", "İ", "ß", "σ", "ǆ", "ik mixed"])(
		"finds %s where the lower-cased text holds it",
		async (query) => {
			const hits: number[] = [];
			await findLazily(
				entries.length,
				new Map(),
				index.live,
				async (from, to) => entries.slice(from, to),
				query,
				"all",
				(batch) => hits.push(...batch.hits),
				() => false,
			);
			expect(hits).toEqual(findEntries(entries, query, "all").hits);
		},
	);
});

describe("which of pi's rules a lazy analysis applies (newer pi's tool-result order or 1.6.0's)", () => {
	// A result that came after an interjection: newer pi moves it after its call, pi 1.6.0 does not.
	const late = [
		assistant("a1", null, null, { toolCalls: ["c1"] }),
		user("u1", "a1", "interjection"),
		toolResult("r1", "u1", "c1", "late"),
	];
	/** `entries` as a lean session holds them: skeletons, each read whole when asked. */
	const lean = (entries: SessionEntry[]): LazySession => ({
		entries: entries.map((e) => skeletonOf(e) ?? e),
		index: buildTreeIndex(entries.map((e) => skeletonOf(e) ?? e)),
		isFull: () => false,
		load: async (positions) => positions.map((p) => entries[p]),
	});
	const roles = (a: ContextAnalysis) => a.messages.map((m) => m.role);

	it.each([
		["a deferred reply on the path", [...late, assistant("d1", "r1", null, { stopReason: "deferred" })], "d1"],
		[
			"a newer entry type off the path",
			[...late, entry("active_tools_change", "t1", "a1", { activeToolNames: [] })],
			"r1",
		],
		[
			"a deferred reply off the path (a skeleton never: parsed in full)",
			[...late, assistant("d1", "a1", null, { stopReason: "deferred" })],
			"r1",
		],
		["no sign of a newer pi", late, "r1"],
	])("as a full parse does, with %s", async (_name, entries, leaf) => {
		const full = analyzeContext(entries, leaf, buildTreeIndex(entries));
		const { analysis } = await analyzeLazily(lean(entries), leaf);
		expect(roles(analysis)).toEqual(roles(full));
		expect(roles(full)).toEqual(
			entries.length === late.length ? ["assistant", "user", "toolResult"] : ["assistant", "toolResult", "user"],
		);
	});
});
