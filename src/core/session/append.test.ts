import { describe, expect, it } from "vitest";
import { assistant, compaction, header, jsonl, user } from "../../../test/builders";
import { readFixture } from "../../../test/fixtures";
import { appendSessionText, canAppend } from "./append";
import { parseSession } from "./parse";
import { buildTreeIndex, type TreeIndex } from "./tree";

/** What the tree index says, as plain data to compare. */
const shape = (t: TreeIndex) => ({
	parent: [...t.parent],
	depth: [...t.depth],
	live: [...t.live],
	roots: t.roots,
	leaves: t.leaves,
	branchPoints: t.branchPoints,
	currentLeaf: t.currentLeaf,
	children: Array.from(t.parent, (_, p) => t.children.of(p)),
	issues: t.issues.map((i) => [i.position, i.issue.code]),
});

/** Parses the first `at` lines, appends the rest line by line in `steps` pieces: as a follower reads a growing file. */
function grow(text: string, at: number, steps: number) {
	const lines = text.split(/(?<=\n)/);
	let session = parseSession(lines.slice(0, at).join(""));
	const rest = lines.slice(at);
	const per = Math.max(1, Math.ceil(rest.length / steps));
	for (let i = 0; i < rest.length; i += per) {
		const next = appendSessionText(session, rest.slice(i, i + per).join(""), at + i + 1);
		if (!next) throw new Error("cannot append");
		session = next;
	}
	return session;
}

const issueKeys = (issues: { code: string; line?: number }[]) =>
	issues
		.filter((i) => i.code !== "blank-lines")
		.map((i) => `${i.line ?? "-"}:${i.code}`)
		.sort();

describe("appending lines to a parsed session", () => {
	const file = jsonl(
		header(),
		user("u1", null, "hi"),
		assistant("a1", "u1", "hello"),
		user("u2", "a1", "more"),
		assistant("a2", "u2", "sure"),
		// A branch from a1, a compaction on it, an orphan.
		user("b1", "a1", "other way"),
		compaction("c1", "b1", { firstKeptEntryId: "b1" }),
		assistant("b2", "c1", "after compaction"),
		user("o1", "nowhere", "lost"),
	);

	for (const at of [1, 2, 4, 6, 9]) {
		for (const steps of [1, 3]) {
			it(`equals a full parse: ${at} lines read first, the rest in ${steps} reads`, () => {
				const full = parseSession(file);
				const grown = grow(file, at, steps);
				expect(grown.entries).toEqual(full.entries);
				expect(grown.lines).toEqual(full.lines);
				expect(grown.leafId).toBe(full.leafId);
				expect(shape(buildTreeIndex(grown.entries))).toEqual(shape(buildTreeIndex(full.entries)));
				const lineIssues = full.issues.filter((i) => ["orphan", "several-roots"].includes(i.code));
				expect(issueKeys(grown.issues.filter((i) => ["orphan", "several-roots"].includes(i.code)))).toEqual(
					issueKeys(lineIssues),
				);
			});
		}
	}

	it("grown one line at a time for long, its ids answer as a map built afresh (the old index's unchanged)", () => {
		const entries = [user("u0", null, "start")];
		for (let i = 1; i < 400; i++)
			entries.push(i % 7 === 0 ? user(`u${i}`, `u${i - 3}`, "branch") : user(`u${i}`, `u${i - 1}`, "next"));
		const text = jsonl(header(), ...entries);
		const lines = text.split(/(?<=\n)/);
		let session = parseSession(lines.slice(0, 300).join(""));
		for (let at = 300; at < lines.length; at++) {
			const before = buildTreeIndex(session.entries);
			const beforeIds = [...before.byId];
			const next = appendSessionText(session, lines[at], at + 1);
			if (!next) throw new Error("cannot append");
			// The index it grew from still says what it said.
			expect([...before.byId]).toEqual(beforeIds);
			expect(before.byId.has(next.entries[next.entries.length - 1].id)).toBe(false);
			session = next;
		}
		const full = parseSession(text);
		const grown = buildTreeIndex(session.entries);
		const fresh = buildTreeIndex(full.entries);
		expect(shape(grown)).toEqual(shape(fresh));
		expect(grown.byId.size).toBe(fresh.byId.size);
		expect([...grown.byId].sort()).toEqual([...fresh.byId].sort());
		expect([...grown.byId.keys()].sort()).toEqual([...fresh.byId.keys()].sort());
		for (const [id, p] of fresh.byId) {
			expect(grown.byId.get(id)).toBe(p);
			expect(grown.byId.has(id)).toBe(true);
		}
		expect(grown.byId.get("nope")).toBeUndefined();
		// A repeated id among new lines: the index is built afresh, the later line winning.
		const again = appendSessionText(session, jsonl(null, user("u5", "u399", "same id")), lines.length + 1);
		expect(buildTreeIndex(again?.entries ?? []).byId.get("u5")).toBe(400);
	});

	it("parses only the new text: the old entries are the same objects", () => {
		const first = parseSession(jsonl(header(), user("u1", null, "hi")));
		const next = appendSessionText(first, jsonl(null, assistant("a1", "u1", "hello")), 3);
		expect(next?.entries[0]).toBe(first.entries[0]);
		expect(next?.entries.map((e) => e.id)).toEqual(["u1", "a1"]);
		expect(buildTreeIndex(next?.entries ?? []).leaves).toEqual([1]);
	});

	it("a broken appended line is a diagnostic with its line number in the file; the good ones are kept", () => {
		const first = parseSession(jsonl(header(), user("u1", null, "hi")));
		const next = appendSessionText(first, `{"type":"message","id":\n${jsonl(null, assistant("a1", "u1", "ok"))}`, 3);
		const full = parseSession(
			`${jsonl(header(), user("u1", null, "hi"))}{"type":"message","id":\n${jsonl(null, assistant("a1", "u1", "ok"))}`,
		);
		expect(next?.entries.map((e) => e.id)).toEqual(["u1", "a1"]);
		expect(issueKeys(next?.issues ?? [])).toEqual(issueKeys(full.issues));
		expect(next?.issues.find((i) => i.line === 3)).toBeTruthy();
	});

	it("a repeated id, or a parent named before it is written, builds the index afresh (still equal)", () => {
		const first = parseSession(jsonl(header(), user("u1", null, "hi"), assistant("a1", "u1", "x")));
		const next = appendSessionText(
			first,
			jsonl(null, user("u1", "a1", "again"), user("f1", "f2", "ahead"), user("f2", "u1", "b")),
			4,
		);
		const full = parseSession(
			jsonl(
				header(),
				user("u1", null, "hi"),
				assistant("a1", "u1", "x"),
				user("u1", "a1", "again"),
				user("f1", "f2", "ahead"),
				user("f2", "u1", "b"),
			),
		);
		expect(shape(buildTreeIndex(next?.entries ?? []))).toEqual(shape(buildTreeIndex(full.entries)));
	});

	it("a golden pi session grows to exactly what pi wrote", () => {
		const text = readFixture("golden/compaction-heavy.jsonl");
		const full = parseSession(text);
		const grown = grow(text, 3, 5);
		expect(grown.entries).toEqual(full.entries);
		expect(shape(buildTreeIndex(grown.entries))).toEqual(shape(buildTreeIndex(full.entries)));
	});

	it("is not used for files whose entries are migrated or of another dialect", () => {
		expect(
			canAppend(
				parseSession(jsonl(header({ version: 1 }), { type: "message", message: { role: "user", content: "x" } })),
			),
		).toBe(false);
		expect(canAppend(parseSession(jsonl(null, user("u1", null, "x"))))).toBe(false);
		expect(canAppend(parseSession(jsonl(header(), user("u1", null, "x"))))).toBe(true);
	});
});
