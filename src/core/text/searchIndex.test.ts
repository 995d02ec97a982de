import { describe, expect, it } from "vitest";
import {
	assistant,
	bash,
	branchSummary,
	compaction,
	customMessage,
	label,
	sessionInfo,
	toolResult,
	user,
} from "../../../test/builders";
import { readFixture } from "../../../test/fixtures";
import { parseSession } from "../session/parse";
import { buildTreeIndex } from "../session/tree";
import type { SessionEntry } from "../session/types";
import { findEntries } from "./find";
import {
	buildSearchDoc,
	hitSnippet,
	isSearchDoc,
	MAX_ENTRY_TEXT,
	prepareSearchDoc,
	SEARCH_DOC_VERSION,
	searchDocs,
	searchPreparedDoc,
	tipContaining,
} from "./searchIndex";

const entries: SessionEntry[] = [
	user("u1", null, "Please fix the Flux Capacitor"),
	assistant("a1", "u1", "Looking at it", {
		thinking: "needs 1.21 gigawatts",
		toolCalls: [{ id: "c1", name: "read", arguments: { path: "src/flux.ts" } }],
	}),
	toolResult("r1", "a1", "c1", "export const plutonium = 1;", { toolName: "read" }),
	bash("b1", "r1", "grep -r delorean .", "no delorean found"),
	compaction("k1", "b1", { summary: "Summary: the capacitor was examined" }),
	branchSummary("s1", "k1", "b1", "Tried the hoverboard branch"),
	customMessage("m1", "s1", "reminder", "mind the clock tower"),
	label("l1", "m1", "u1", "important-start"),
	sessionInfo("i1", "l1", "Time machine repairs"),
];

const doc = buildSearchDoc("sess", "hash-1", entries);
const prepared = prepareSearchDoc(doc);
const idsOf = (words: string[]) => searchPreparedDoc(prepared, words).map((p) => doc.ids[p]);

describe("buildSearchDoc", () => {
	it("keeps every entry's search text, the label with its target", () => {
		expect(doc).toMatchObject({ v: SEARCH_DOC_VERSION, sessionId: "sess", contentHash: "hash-1" });
		expect(doc.ids).toEqual(["u1", "a1", "r1", "b1", "k1", "s1", "m1", "l1", "i1"]);
		expect(doc.texts[0]).toBe("important-start\nPlease fix the Flux Capacitor");
		expect(doc.kinds.slice(0, 4)).toEqual(["user", "assistant-tools", "tool-result", "bash"]);
		expect(isSearchDoc(doc)).toBe(true);
	});

	it("finds text of every kind: user, thinking, tool calls and results, bash, summaries, custom, labels, names", () => {
		expect(idsOf(["flux"])).toEqual(["u1", "a1"]); // the user text and the tool call's path
		expect(idsOf(["gigawatts"])).toEqual(["a1"]);
		expect(idsOf(["plutonium"])).toEqual(["r1"]);
		expect(idsOf(["delorean"])).toEqual(["b1"]);
		expect(idsOf(["capacitor", "examined"])).toEqual(["k1"]);
		expect(idsOf(["hoverboard"])).toEqual(["s1"]);
		expect(idsOf(["clock"])).toEqual(["m1"]);
		expect(idsOf(["important-start"])).toEqual(["u1", "l1"]);
		expect(idsOf(["machine"])).toEqual(["i1"]);
	});

	it("leaves out entries hidden by a later line with the same id", () => {
		const dup = buildSearchDoc("d", "h", [user("x", null, "old words"), user("x", null, "new words")]);
		expect(dup.texts).toEqual(["new words"]);
	});

	it("clips giant texts without splitting a surrogate pair", () => {
		const big = `${"a".repeat(MAX_ENTRY_TEXT - 1)}🌲tail`;
		const d = buildSearchDoc("g", "h", [user("g1", null, big)]);
		expect(d.texts[0].length).toBe(MAX_ENTRY_TEXT - 1);
		expect(d.texts[0].endsWith("a")).toBe(true);
	});

	it("rejects stored values that are not docs of this version", () => {
		expect(isSearchDoc(null)).toBe(false);
		expect(isSearchDoc({ ...doc, v: 0 })).toBe(false);
		expect(isSearchDoc({ ...doc, texts: doc.texts.slice(1) })).toBe(false);
		expect(isSearchDoc({ ...doc, ids: [1, ...doc.ids.slice(1)] })).toBe(false);
		expect(isSearchDoc({ ...doc, kinds: undefined })).toBe(false);
	});
});

describe("searching", () => {
	it("matches every word inside one entry, case-insensitively, each entry once", () => {
		expect(idsOf(["FLUX".toLowerCase(), "please"])).toEqual(["u1"]);
		expect(idsOf(["flux", "gigawatts"])).toEqual(["a1"]);
		expect(idsOf(["please", "gigawatts"])).toEqual([]); // words in different entries
		expect(idsOf(["the"])).toEqual(["u1", "k1", "s1", "m1"]);
		expect(idsOf(["nothing-like-this"])).toEqual([]);
		expect(idsOf([])).toEqual([]);
	});

	it("never matches across two entries", () => {
		const d = prepareSearchDoc(buildSearchDoc("x", "h", [user("p", null, "abc"), user("q", "p", "def")]));
		expect(searchPreparedDoc(d, ["cd"])).toEqual([]);
		expect(searchPreparedDoc(d, ["c\u0000d"])).toEqual([]);
		expect(searchPreparedDoc(d, ["def"])).toEqual([1]);
	});

	it("keeps entry offsets right when lower-casing changes a text's length", () => {
		const d = prepareSearchDoc(buildSearchDoc("x", "h", [user("p", null, "İİİİ"), user("q", "p", "needle")]));
		expect(searchPreparedDoc(d, ["needle"])).toEqual([1]);
	});

	it("agrees with find over a real session", () => {
		const parsed = parseSession(readFixture("golden/branchy-legacy.jsonl"));
		const d = prepareSearchDoc(buildSearchDoc("b", "h", parsed.entries));
		for (const query of ["tree", "read write", "日本語", "back\\slash", "quoted compaction"]) {
			const expected = findEntries(parsed.entries, query, "all").hits.map((p) => parsed.entries[p].id);
			const [hits] = searchDocs([d], query);
			expect(hits?.positions.map((p) => d.ids[p]) ?? [], query).toEqual(expected);
		}
	});

	it("groups hits by session and skips sessions without any", () => {
		const other = prepareSearchDoc(buildSearchDoc("other", "h2", [user("o1", null, "a flux of ideas")]));
		const result = searchDocs([prepared, other, prepareSearchDoc(buildSearchDoc("none", "h3", []))], "flux");
		expect(result).toEqual([
			{ sessionId: "sess", positions: [0, 1] },
			{ sessionId: "other", positions: [0] },
		]);
		expect(searchDocs([prepared], "   ")).toEqual([]);
	});

	it("makes plain-text snippets with the words marked", () => {
		const [hit] = searchDocs([prepared], "capacitor");
		const parts = hitSnippet(prepared, hit.positions[0], "capacitor");
		expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(["Capacitor"]);
		expect(parts.map((p) => p.text).join("")).toContain("Please fix the Flux Capacitor");
	});

	it("searches a few hundred sessions quickly", () => {
		const text = readFixture("pi-mono/large-session.jsonl");
		const parsed = parseSession(text);
		// One real ~1 MB session prepared once, searched as 300 sessions (the text is shared).
		const base = prepareSearchDoc(buildSearchDoc("big", "h", parsed.entries));
		const docs = Array.from({ length: 300 }, (_, i) => ({ ...base, sessionId: `s${i}` }));
		const t0 = performance.now();
		const hits = searchDocs(docs, "function return");
		const ms = performance.now() - t0;
		expect(hits.length).toBe(300);
		expect(ms).toBeLessThan(1000);
	});
});

describe("tipContaining", () => {
	// u1 ─ a1 ─ r1 (current leaf: last in file order is r2)
	//        └─ r2 ─ (nothing)
	//     x1 (another root)
	const tree: SessionEntry[] = [
		user("u1", null, "root"),
		assistant("a1", "u1", "reply"),
		user("r1", "a1", "first branch"),
		user("x1", null, "other root"),
		user("r2", "a1", "second branch"),
		user("r3", "r2", "deeper"),
	];
	const index = buildTreeIndex(tree);
	const tip = (id: string) => tree[tipContaining(index, index.byId.get(id) as number)].id;

	it("keeps the current leaf when its path holds the entry", () => {
		expect(tip("u1")).toBe("r3");
		expect(tip("a1")).toBe("r3");
		expect(tip("r3")).toBe("r3");
	});

	it("else follows the newest child down to a tip", () => {
		expect(tip("r1")).toBe("r1");
		expect(tip("x1")).toBe("x1");
		expect(tipContaining(index, -1)).toBe(-1);
	});
});
