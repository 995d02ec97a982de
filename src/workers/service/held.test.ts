import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	assistant,
	bash,
	compaction,
	custom,
	entry,
	header,
	jsonl,
	ompFile,
	ompTitleSlot,
	user,
} from "../../../test/builders";
import { goldenNames, readGolden } from "../../../test/fixtures";
import { heldOf } from "../../../test/held";
import { reshapeSession } from "../../../test/reshape";
import {
	analyzeContext,
	appendEntry,
	buildTreeIndex,
	completePreview,
	convertToLlm,
	createPreviewScanner,
	describeFurther,
	entryKind,
	entrySnippet,
	type FindFilter,
	findEntries,
	getLabels,
	type LabAddition,
	type LeafSummary,
	labChoices,
	labEntry,
	parseSession,
	pathPositions,
	previewToParts,
	type SessionEntry,
	summarizeLeaves,
} from "../../core";
import { type FindHelper, findInPart, packSkeletons } from "../findPart";
import { countTips, describeEntries } from "./checks";
import { prepare } from "./context";
import { FIND_SNIPPETS, find, snippets } from "./find";
import { HeldSession } from "./held";
import { LAB_CHOICES, labChoices as labChoicesOf, labEntry as labEntryOf } from "./lab";

/** Where each held session's finds split in two (see `find`): by default, `FIND_SPLIT_BYTES`. */
const splitAt = new WeakMap<HeldSession, number>();

/** A find in `host`, as the service runs one (never stopped). */
const findIn = (
	host: HeldSession,
	query: string,
	filter: FindFilter,
	onBatch: Parameters<typeof find>[3],
	helper?: FindHelper,
) => find(host, query, filter, onBatch, () => false, helper, splitAt.get(host));

/** JSON round trip: compare what would be serialised (undefined fields vanish, NaN → null). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe.each(goldenNames())("golden session %s through the worker's host", (name) => {
	const { text, expected } = readGolden(name);
	const parsed = parseSession(text);
	const previewable = parsed.version >= 3;

	const cases: [string, string | null | undefined, typeof expected.defaultLeaf][] = [
		["default leaf", undefined, expected.defaultLeaf],
		["null leaf", null, expected.nullLeaf],
		...Object.entries(expected.leaves).map(([id, exp]): [string, string, typeof exp] => [`leaf ${id}`, id, exp]),
	];

	it.runIf(previewable).each(cases)("%s matches pi, reading only what it needs", async (_label, leafId, exp) => {
		const { held: host, preview } = heldOf(text);
		const skeletons = previewToParts(preview).shape.filter((s) => s !== -1).length;
		const { analysis, entryAt, read: positions, passes } = await prepare(host, leafId);
		// The first guess of what to read held (structure decides which entries are read).
		expect(passes).toBe(1);
		expect(analysis.selected.map((e) => e.id)).toEqual(exp.contextEntryIds);
		const context = { messages: analysis.messages, thinkingLevel: analysis.thinkingLevel, model: analysis.model };
		expect(plain(context)).toEqual(exp.context);
		expect(plain(convertToLlm(analysis.messages))).toEqual(exp.llm);
		// What it read whole is what a full parse holds there.
		for (const p of positions) expect(entryAt(p)).toEqual(parsed.entries[p]);
		// Nothing off the path was read.
		const path = new Set(analysis.path);
		for (const p of positions) expect(path.has(p)).toBe(true);
		if (skeletons > 0) expect(positions.length).toBeLessThanOrEqual(analysis.path.length);
	});

	it.runIf(previewable).each(cases)(
		"%s matches pi when the current leaf's context was worked out ahead",
		async (_label, leafId, exp) => {
			const { held: host } = heldOf(text);
			void prepare(host, undefined);
			const { analysis } = await prepare(host, leafId);
			expect(analysis.selected.map((e) => e.id)).toEqual(exp.contextEntryIds);
			expect(plain(convertToLlm(analysis.messages))).toEqual(exp.llm);
			// Taken once: the next question is worked out again, alike.
			expect((await prepare(host, leafId)).analysis.selected.map((e) => e.id)).toEqual(exp.contextEntryIds);
		},
	);
});

describe("HeldSession", () => {
	const { text } = readGolden(goldenNames()[0]);

	it("reads entries from their bytes, the same as a full parse, in any order", async () => {
		const { held: host } = heldOf(text);
		const parsed = parseSession(text);
		const n = parsed.entries.length;
		const order = Array.from({ length: n }, (_, i) => (i * 7) % n);
		const got = await host.load(order);
		expect(got).toEqual(order.map((p) => parsed.entries[p]));
		// Again, from the cache.
		expect(await host.load([n - 1, 0])).toEqual([parsed.entries[n - 1], parsed.entries[0]]);
	});

	it("says so when the file no longer holds the entry it had", async () => {
		const { preview } = heldOf(text);
		const table = { offset: preview.lineOffset, length: preview.lineLength };
		const other = new TextEncoder().encode(text.replace(/"id":"/g, '"id":"x'));
		const host = new HeldSession(
			new Blob([other]),
			{ header: preview.header, entries: preview.entries, facts: heldOf(text).held.facts },
			table,
			new Uint8Array(preview.entries.length),
		);
		await expect(host.load([0])).rejects.toThrow(/changed|JSON/);
	});
});

/** What the worker counts of a tip: its context tokens and the provider's last measure on its path. */
const counts = (l: LeafSummary) => [l.id, l.contextTokens, l.measuredTokens];

/**
 * A skeleton-only session's counted tips of `text`, keeping `keepBytes` between tips, checked against the
 * full parse's; how many entries it read from the file.
 */
async function countTipsReading(text: string, keepBytes: number, keepScanned = true): Promise<number> {
	const { held: host } = heldOf(text, keepScanned);
	let read = 0;
	const load = host.load.bind(host);
	host.load = (positions, keep) => {
		read += positions.length;
		return load(positions, keep);
	};
	const got = await countTips(host, () => false, undefined, keepBytes);
	const want = summarizeLeaves(parseSession(text).entries);
	expect(got?.map(counts)).toEqual(want.map(counts));
	return read;
}

/** A golden read in oh-my-pi's dialect (its title slot first: every entry then goes to oh-my-pi's builder). */
const asOmp = (name: string) => `${ompTitleSlot(name)}\n${readGolden(name).text}`;

/**
 * An oh-my-pi session with context notebook revisions (valid, invalid, on another branch) among
 * other extensions' state, model changes by role and a compaction: its notebook entries are whole
 * in a preview, the other `custom` entries skeletons that its builder need not read.
 */
const NOTEBOOK = ompFile(
	"notebook",
	user("u1", null, "start"),
	assistant("a1", "u1", "ok"),
	custom("c1", "a1", "plan-mode", { items: ["read the code"], n: 1 }),
	custom("n1", "c1", "experimental_context_notes", { version: 1, text: "- task: port" }),
	entry("model_change", "m1", "n1", { model: "openai/gpt-5", role: "default" }),
	entry("model_change", "m2", "m1", { model: "openai/gpt-5-mini", role: "smol" }),
	user("u2", "m2", "next"),
	assistant("a2", "u2", "done"),
	custom("n2", "a2", "experimental_context_notes", { version: 2, text: "not a revision it reads" }),
	custom("c2", "n2", "plan-mode", { items: ["write it"], n: 2 }),
	compaction("k1", "c2", { summary: "ported the core", firstKeptEntryId: "u2", tokensBefore: 900 }),
	user("u3", "k1", "after"),
	assistant("a3", "u3", "fine"),
	user("u4", "a2", "another branch"),
	custom("n3", "u4", "experimental_context_notes", { version: 1, text: "- branch notes" }),
	custom("c3", "n3", "plan-mode", { items: [], n: 3 }),
	assistant("a4", "c3", "yes"),
);

/**
 * Sessions the goldens are not: real v1 files, oh-my-pi's, a file without a header, and goldens
 * rewritten in shapes pi does not write (oh-my-pi's title slot before them, their header dropped).
 */
const others: [string, string][] = [
	["an oh-my-pi session with a context notebook", NOTEBOOK],
	...["dialects/omp-clear.jsonl", "dialects/omp-compaction.jsonl", "bad/no-header.jsonl"].map((f): [string, string] => [
		f,
		readFileSync(join(__dirname, "../../../test/fixtures", f), "utf8"),
	]),
	...goldenNames().map((name): [string, string] => [`${name}, as oh-my-pi`, asOmp(name)]),
	...goldenNames().map((name): [string, string] => [
		`${name}, without its header`,
		readGolden(name).text.slice(readGolden(name).text.indexOf("\n") + 1),
	]),
	...["before-compaction.jsonl", "large-session.jsonl"].map((f): [string, string] => [
		`pi-mono ${f}`,
		readFileSync(join(__dirname, "../../../test/fixtures/pi-mono", f), "utf8"),
	]),
	...goldenNames().map((name): [string, string] => [
		`${name}, reshaped`,
		reshapeSession(readGolden(name).text, { shuffle: true, whitespace: true, escapeUpTo: 40, crlf: true, seed: 7 }),
	]),
	...goldenNames().map((name): [string, string] => [
		`${name}, header without id`,
		reshapeSession(readGolden(name).text, { headerWithoutId: true, seed: 3 }),
	]),
];

describe.each(others)("%s through the worker's host", (_name, text) => {
	const parsed = parseSession(text);
	const index = buildTreeIndex(parsed.entries);

	it("gives every tip's context as the full parse does", async () => {
		const { held: host } = heldOf(text);
		expect(host.entries.length).toBe(parsed.entries.length);
		for (const leaf of [...index.leaves, index.currentLeaf]) {
			const id = parsed.entries[leaf].id;
			const want = analyzeContext(parsed.entries, id, index);
			const got = await prepare(host, id);
			expect(got.analysis.selectedPositions).toEqual(want.selectedPositions);
			expect(plain(got.analysis.messages)).toEqual(plain(want.messages));
			expect(got.analysis.thinkingLevel).toEqual(want.thinkingLevel);
			expect(got.analysis.model).toEqual(want.model);
			expect(plain(got.analysis.fates)).toEqual(plain(want.fates));
			expect(got.analysis.extras).toEqual(want.extras);
		}
	});
});

describe("oh-my-pi's builder on a skeleton-only session", () => {
	it("has the context notebook whole and reads no other extension's state", async () => {
		const parsed = parseSession(NOTEBOOK);
		const index = buildTreeIndex(parsed.entries);
		const { held: host, preview } = heldOf(NOTEBOOK);
		const at = (id: string) => parsed.entries.findIndex((e) => e.id === id);
		for (const id of ["n1", "n2", "n3"]) expect(preview.entries[at(id)]).toEqual(parsed.entries[at(id)]);
		for (const id of ["c1", "c2", "c3"])
			expect(preview.entries[at(id)]).toEqual({ type: "custom", id, parentId: parsed.entries[at(id)].parentId });
		const read: number[] = [];
		const load = host.load.bind(host);
		host.load = (positions, keep) => {
			read.push(...positions);
			return load(positions, keep);
		};
		let notes = 0;
		for (const leaf of index.leaves) {
			read.length = 0;
			const { analysis, passes } = await prepare(host, parsed.entries[leaf].id);
			expect(passes).toBe(1);
			// State written before the compaction's kept range is summarized: not read from the file
			// (in the kept range, or on a path without a compaction, it is emitted and read like the rest).
			if (parsed.entries[leaf].id === "a3") {
				expect(read).not.toContain(at("c1"));
				expect(read).toContain(at("c2"));
			}
			if (analysis.sources.some((s) => s.origin === "context-notes")) notes++;
		}
		// Both tips send a notebook: n1 before the compaction, n3 on the other branch.
		expect(notes).toBe(2);
	});

	it("reads the entries it needs, not the whole path, where a compaction or a /clear cuts it", async () => {
		let fewer = 0;
		for (const name of goldenNames()) {
			const text = asOmp(name);
			const parsed = parseSession(text);
			expect(parsed.dialect).toBe("oh-my-pi");
			const index = buildTreeIndex(parsed.entries);
			const { held: host } = heldOf(text);
			for (const leaf of index.leaves) {
				const { analysis, read: positions, passes } = await prepare(host, parsed.entries[leaf].id);
				expect(passes, name).toBe(1);
				if (analysis.rule !== "none" && positions.length < analysis.path.length - 1) fewer++;
			}
		}
		expect(fewer).toBeGreaterThan(3);
	});
});

describe.each([...goldenNames().map((n): [string, string] => [n, readGolden(n).text]), ...others])(
	"find in %s through the worker's host",
	(_name, text) => {
		const parsed = parseSession(text);
		const index = buildTreeIndex(parsed.entries);
		// Words its line prefilter vouches for and words it does not (digits, model names, labels).
		it.each(["the", "read", "thinking", "anthropic", "file tool", "zzznothing", "1", "claude-3", "ö"])(
			"finds what a search of the parsed entries finds: %s",
			async (query) => {
				const { held: host } = heldOf(text);
				const hits: number[] = [];
				let hidden = 0;
				await findIn(host, query, "all", (batch) => {
					hits.push(...batch.hits);
					hidden += batch.hidden;
				});
				const want = findEntries(parsed.entries, query, "all");
				expect(hits).toEqual(want.hits.filter((p) => index.live[p] === 1));
				expect(hidden).toBe(want.hidden);
			},
		);

		/** Every batch a host's search sends, joined. */
		const search = async (host: HeldSession, query: string, helper?: FindHelper) => {
			const all = { hits: [] as number[], kinds: [] as string[], snippets: [] as unknown[], hidden: 0 };
			await findIn(
				host,
				query,
				"all",
				(batch) => {
					all.hits.push(...batch.hits);
					all.kinds.push(...batch.kinds);
					all.snippets.push(...batch.snippets);
					all.hidden += batch.hidden;
				},
				helper,
			);
			return all;
		};
		// The helper's half as another worker gets it: a structured clone of the part.
		const inProcess: FindHelper = (part, onBatch, stopped) => findInPart(structuredClone(part), onBatch, stopped);

		it.each(["the", "read", "1", "ö", "zzznothing"])(
			"finds the same split in two halves, the second on a helper, as in one: %s",
			async (query) => {
				const { held: whole } = heldOf(text);
				const want = await search(whole, query);
				const { held: host } = heldOf(text);
				splitAt.set(host, 0);
				let parts = 0;
				const helped = await search(host, query, (part, onBatch, stopped) => {
					parts++;
					expect(part.from).toBeGreaterThan(0);
					expect(part.to).toBe(parsed.entries.length);
					return inProcess(part, onBatch, stopped);
				});
				expect(parts).toBe(parsed.entries.length >= 2 ? 1 : 0);
				expect(helped).toEqual(want);
				// A helper that fails after some batches: its half is searched again here, nothing twice.
				const { held: again } = heldOf(text);
				splitAt.set(again, 0);
				const failing = await search(again, query, async (part, onBatch, stopped) => {
					await inProcess(part, onBatch, stopped);
					throw new Error("the helper went away");
				});
				expect(failing).toEqual(want);
			},
		);
	},
);

/**
 * `collect` (a search of a host) on `text` whole, and split in two halves with the second on a
 * helper (in-process, a structured clone of its part), and how many parts a helper was given.
 */
async function searchedSplit<T>(
	text: string,
	collect: (host: HeldSession, helper?: FindHelper) => Promise<T>,
): Promise<{ want: T; got: T; helped: number }> {
	const want = await collect(heldOf(text).held);
	const { held: host } = heldOf(text);
	splitAt.set(host, 0);
	let helped = 0;
	const got = await collect(host, (part, onBatch, stopped) => {
		helped++;
		return findInPart(structuredClone(part), onBatch, stopped);
	});
	return { want, got, helped };
}

describe("find split in two halves", () => {
	it("hands no part to a helper whose ids cannot travel joined by newlines; finds the same", async () => {
		// JSON ids may hold a newline: such a part is searched here.
		const entries: SessionEntry[] = [];
		for (let i = 0; i < 40; i++) {
			const parent = i === 0 ? null : `e\n${i - 1}`;
			entries.push(user(`e\n${i}`, parent, `widgets ${i}`));
		}
		const text = jsonl(header(), ...entries);
		const collect = async (host: HeldSession, helper?: FindHelper) => {
			const hits: number[] = [];
			await findIn(host, "widgets", "all", (batch) => hits.push(...batch.hits), helper);
			return hits;
		};
		const { want, got, helped } = await searchedSplit(text, collect);
		expect(want.length).toBeGreaterThan(0);
		expect(helped).toBe(0);
		expect(got).toEqual(want);
	});

	it("packs each line's type, id and parent for a helper, and reads them back", () => {
		const lines = [
			{ type: "message", id: "a", parentId: null },
			{ type: "label", id: "b", parentId: "a" },
			{ type: "message", id: "c", parentId: "b" },
		];
		const packed = packSkeletons(lines, 1, 3);
		expect(packed).not.toBeNull();
		const { typeAt, typeNames, ids, parentIds } = packed as NonNullable<typeof packed>;
		expect([...typeAt].map((t) => typeNames[t])).toEqual(["label", "message"]);
		expect(ids.split("\n")).toEqual(["b", "c"]);
		expect(parentIds.split("\n")).toEqual(["a", "b"]);
		expect(packSkeletons(lines, 0, 1)?.parentIds).toBe("\u0000");
		expect(packSkeletons([{ type: "message", id: "x\u0000", parentId: null }], 0, 1)).toBeNull();
	});

	it("sends excerpts for the search's first hits only, across the halves", async () => {
		// 500 turns that all match: the first half alone has more hits than come with excerpts.
		const entries: SessionEntry[] = [];
		for (let i = 0; i < 500; i++) {
			const parent = i === 0 ? null : `e${i - 1}`;
			entries.push(
				i % 2 === 0 ? user(`e${i}`, parent, `ask about widgets ${i}`) : assistant(`e${i}`, parent, "widgets"),
			);
		}
		const text = jsonl(header(), ...entries);
		const collect = async (host: HeldSession, helper?: FindHelper) => {
			const snippets: unknown[] = [];
			const hits: number[] = [];
			await findIn(
				host,
				"widgets",
				"all",
				(batch) => {
					expect(batch.snippets.length).toBeLessThanOrEqual(batch.hits.length);
					hits.push(...batch.hits);
					snippets.push(...batch.snippets);
				},
				helper,
			);
			return { hits, snippets };
		};
		const { want, got, helped } = await searchedSplit(text, collect);
		expect(want.hits.length).toBe(500);
		expect(want.snippets.length).toBe(FIND_SNIPPETS);
		expect(helped).toBe(1);
		expect(got).toEqual(want);
	});
});

describe.each(goldenNames())("find's excerpts asked of the host for %s", (name) => {
	const { text } = readGolden(name);
	const parsed = parseSession(text);
	const labels = getLabels(parsed.entries);

	it.runIf(parsed.version >= 3)("are those of the entries read whole, in the order asked", async () => {
		const { held: host } = heldOf(text);
		const positions = parsed.entries.map((_, i) => parsed.entries.length - 1 - i);
		for (const query of ["write", "tool read", ""]) {
			const { kinds, snippets: parts } = await snippets(host, positions, query);
			expect(kinds).toEqual(positions.map((p) => entryKind(parsed.entries[p])));
			expect(parts).toEqual(
				positions.map((p) => entrySnippet(parsed.entries[p], labels.get(parsed.entries[p].id), query)),
			);
		}
	});
});

describe("tips that share their path", () => {
	it("are counted reading the shared entries once", async () => {
		// A 40-entry trunk, then 6 branches of 2 entries from its end: 6 tips over the same path.
		const entries: SessionEntry[] = [];
		for (let i = 0; i < 40; i++) {
			const parent = i === 0 ? null : `t${i - 1}`;
			entries.push(i % 2 === 0 ? user(`t${i}`, parent, `ask ${i}`) : assistant(`t${i}`, parent, `answer ${i}`));
		}
		for (let b = 0; b < 6; b++) {
			entries.push(user(`b${b}u`, "t39", `branch ${b}`), assistant(`b${b}a`, `b${b}u`, `done ${b}`));
		}
		const text = jsonl(header(), ...entries);
		const readWith = (keepBytes: number) => countTipsReading(text, keepBytes, false);
		// Kept nothing: each tip reads its 42 entries (what the provider measured is looked for in
		// those: its replies are not read again).
		expect(await readWith(0)).toBe(6 * 42);
		expect(await readWith(Number.POSITIVE_INFINITY)).toBe(40 + 6 * 2);
	});
});

describe("a preview that keeps no bytes", () => {
	it.each([...goldenNames().map((n) => readGolden(n).text), ...others.map(([, text]) => text)])(
		"is completed from the file to the same preview (%#)",
		async (text) => {
			const bytes = new TextEncoder().encode(text);
			const kept = createPreviewScanner();
			kept.push(bytes);
			const want = kept.finish();
			const scanner = createPreviewScanner({ keepBytes: false });
			// Cut anywhere: lines and characters split across chunks.
			for (let at = 0; at < bytes.length; at += 997) scanner.push(bytes.slice(at, at + 997));
			const scanned = scanner.finish();
			if (!want || !scanned) throw new Error("not previewed");
			expect(scanned.wanted.length).toBeGreaterThan(0);
			const { version } = scanned;
			const lines = { offset: scanned.lineOffset, length: scanned.lineLength };
			const reader = new HeldSession(
				new Blob([bytes]),
				{ header: scanned.header, entries: scanned.entries, facts: heldOf(text).held.facts },
				lines,
				new Uint8Array(scanned.entries.length),
				version,
			);
			const got = completePreview(scanned, await reader.load(scanned.wanted));
			expect(got.entries).toEqual(want.entries);
			expect(got.leaves).toEqual(want.leaves);
			expect(got.graph).toEqual(want.graph);
			expect(got.wanted).toEqual([]);
		},
	);
});

describe.each(goldenNames())("the what-if lab on %s through the worker's host", (name) => {
	const { text } = readGolden(name);
	const parsed = parseSession(text);
	const index = buildTreeIndex(parsed.entries);
	const now = "2026-12-01T12:00:00.000Z";
	const noId = ({ id: _id, ...rest }: SessionEntry) => rest;

	it.runIf(parsed.version >= 3)("builds the entries a full parse builds, and their contexts", async () => {
		const { held: host } = heldOf(text);
		const leaf = parsed.entries[index.currentLeaf].id;
		const path = pathPositions(index, index.currentLeaf).map((p) => parsed.entries[p].id);
		const other = index.leaves.map((p) => parsed.entries[p].id).find((id) => !path.includes(id)) ?? leaf;
		const additions: LabAddition[] = [
			{ kind: "message", role: "assistant", text: "what if" },
			{ kind: "compaction", format: "retained-tail", keptEntryId: path[Math.floor(path.length / 2)], summary: "s" },
			{ kind: "compaction", format: "legacy", keptEntryId: path[1] ?? null, summary: "s" },
			{ kind: "context-edit", targetId: path[path.length - 1], replacement: null },
			{ kind: "branch-summary", fromId: other, summary: "b" },
			{ kind: "message", role: "user", text: "and then?" },
		];
		let entries: SessionEntry[] = parsed.entries.slice();
		let parent = leaf;
		for (const addition of additions) {
			const overlay = entries.slice(parsed.entries.length);
			const got = await labEntryOf(host, parent, addition, now, overlay);
			const want = labEntry(entries, parent, addition, { now });
			expect(noId(got)).toEqual(noId(want));
			expect(entries.some((e) => e.id === got.id)).toBe(false);
			entries = appendEntry(entries, got);
			parent = got.id;
			// The context at the new entry, as a full parse of the lab copy gives it.
			const context = await prepare(host, got.id, entries.slice(parsed.entries.length));
			const full = analyzeContext(entries, got.id);
			expect(context.analysis.selectedPositions).toEqual(full.selectedPositions);
			expect(plain(context.analysis.messages)).toEqual(plain(full.messages));
			expect(context.analysis.model).toEqual(full.model);
			expect(await labChoicesOf(host, got.id, entries.slice(parsed.entries.length))).toEqual(
				labChoices(entries, got.id),
			);
		}
		// Back to the file alone: its context is unchanged.
		const again = await prepare(host, leaf);
		expect(again.analysis.selectedPositions).toEqual(analyzeContext(parsed.entries, leaf).selectedPositions);
	});
});

describe("the lab's choices in a session with more path entries and tips than it offers", () => {
	// A path of LAB_CHOICES + 300 entries (some not messages), the first LAB_CHOICES + 100 with a
	// tip off it, each tip's line right after its parent's: path entries and tips interleave.
	const length = LAB_CHOICES + 300;
	const lines: SessionEntry[] = [];
	for (let i = 0; i < length; i++) {
		const parent = i === 0 ? null : `m${i - 1}`;
		if (i % 3 === 2) lines.push(bash(`m${i}`, parent, `echo ${i}`, `out ${i}`));
		else lines.push(i % 2 ? assistant(`m${i}`, parent, `answer ${i}`) : user(`m${i}`, parent, `question ${i}`));
		if (i < LAB_CHOICES + 100) lines.push(user(`s${i}`, `m${i}`, `side ${i}`));
	}
	const text = jsonl(header(), ...lines);
	const parsed = parseSession(text);

	it("offers the path entries nearest the parent and the first tips, each made from its own entry read whole", async () => {
		const { held: host } = heldOf(text);
		const leaf = `m${length - 1}`;
		const got = await labChoicesOf(host, leaf, []);
		const all = labChoices(parsed.entries, leaf);
		const kept = all.path.slice(-LAB_CHOICES);
		const keptIds = new Set(kept.map((c) => c.id));
		expect(got.path).toEqual(kept);
		expect(got.targets).toEqual(all.targets.filter((c) => keptIds.has(c.id)));
		expect(got.others).toEqual(all.others.slice(0, LAB_CHOICES));
		// The cut is where it should be, and each choice says what its own entry says.
		expect(got.path[0].id).toBe(`m${length - LAB_CHOICES}`);
		expect(got.path.at(-1)?.id).toBe(leaf);
		expect(got.path.every((c) => c.preview.includes(c.id.slice(1)))).toBe(true);
		expect(got.targets.some((c) => c.id === `m${length - LAB_CHOICES + 2}`)).toBe(false);
		expect(got.others.at(-1)).toEqual({ id: `s${LAB_CHOICES - 1}`, kind: "user", preview: `side ${LAB_CHOICES - 1}` });
	});
});

describe.each([...goldenNames().map((n): [string, string] => [n, readGolden(n).text]), ...others])(
	"tips of %s counted by the worker's host",
	(_name, text) => {
		it("are the full parse's tips with the same context and measured tokens", async () => {
			const parsed = parseSession(text);
			const { held: host } = heldOf(text);
			const got = await countTips(host, () => false);
			const want = summarizeLeaves(parsed.entries);
			expect(got?.map(counts)).toEqual(want.map(counts));
			expect(await countTips(heldOf(text).held, () => true)).toBeNull();
		});

		it("are counted the same whatever they keep from one tip to the next, and read less keeping more", async () => {
			const readWith = (keepBytes: number) => countTipsReading(text, keepBytes);
			const none = await readWith(0);
			const some = await readWith(2000);
			const all = await readWith(Number.POSITIVE_INFINITY);
			expect(some).toBeLessThanOrEqual(none);
			expect(all).toBeLessThanOrEqual(some);
		});

		it("break before each tip and around each of its reads", async () => {
			const { held: host } = heldOf(text);
			let pauses = 0;
			let reads = 0;
			const load = host.load.bind(host);
			host.load = (positions, keep) => {
				reads++;
				return load(positions, keep);
			};
			const got = await countTips(
				host,
				() => false,
				async () => {
					pauses++;
				},
			);
			expect(pauses).toBe((got?.length ?? 0) + 2 * reads);
		});
	},
);

describe("the host's description of its entries (the library's title, counts and times)", () => {
	const text = jsonl(
		header(),
		user("u0", null, "   "),
		user("u1", "u0", "the first words", { timestamp: "2026-01-01T00:00:01.000Z" }),
		assistant("a1", "u1", "an answer"),
		entry("session_info", "s1", "a1", { name: "Old name" }),
		compaction("c1", "s1", { firstKeptEntryId: "u1" }),
		entry("session_info", "s2", "c1", { name: "  New name " }),
		entry("session_info", "s3", "s2", { name: "" }),
		compaction("c2", "s3", { firstKeptEntryId: "s3" }),
		user("u2", "c2", "last", { timestamp: "2026-01-02T00:00:00.000Z" }),
	);

	it.each([true, false])("is what the full parse's entries say (bytes kept by the scan: %s)", async (keepBytes) => {
		const { held: host, preview } = heldOf(text, keepBytes);
		// The names are skeletons' (read by the host), as the page holds them.
		expect(preview.entries.some((e) => e.type === "session_info" && !("name" in e))).toBe(true);
		const described = await describeEntries(host);
		expect(described).toEqual(describeFurther(null, parseSession(text).entries));
		expect(described).toMatchObject({ entries: 9, name: "New name", firstUserText: "the first words", compactions: 2 });
	});

	it("describes what it can when a line cannot be read", async () => {
		const bytes = new TextEncoder().encode(text);
		const { held: host } = heldOf(bytes, false, new Blob([" ".repeat(bytes.length)]));
		const described = await describeEntries(host);
		expect(described).toEqual({ entries: 9, compactions: 2 });
	});
});
