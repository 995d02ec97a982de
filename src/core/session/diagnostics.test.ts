import { describe, expect, it } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../../bench/generate";
import {
	assistant,
	assistantMsg,
	branchSummary,
	compaction,
	contextEdit,
	custom,
	customMessage,
	header,
	jsonl,
	label,
	message,
	modelChange,
	sessionInfo,
	system,
	T0,
	thinkingLevel,
	toolResult,
	toolResultMsg,
	usage,
	user,
	userMsg,
} from "../../../test/builders";
import { collectDiagnostics, diagnosticSteps, ISSUE_CODES } from "./diagnostics";
import { parseSession } from "./parse";
import { buildTreeIndex } from "./tree";
import type { SessionEntry, SessionIssue } from "./types";

/** Parses a v3 file made of `entries` and returns its issues (parse + tree + diagnostics). */
function issuesOf(...entries: (SessionEntry | Record<string, unknown>)[]): SessionIssue[] {
	return parseSession(jsonl(header(), ...entries)).issues;
}

/** Only the issues of these codes, as [code, line, entryId]. */
function only(issues: SessionIssue[], ...codes: string[]): [string, number | undefined, string | undefined][] {
	return issues.filter((i) => codes.includes(i.code)).map((i) => [i.code, i.line, i.entryId]);
}

describe("a clean session", () => {
	it("has no issues", () => {
		const issues = issuesOf(
			sessionInfo("n", null, "name"),
			thinkingLevel("t", "n", "low"),
			modelChange("m", "t", "p", "x"),
			user("a", "m", "q"),
			assistant("b", "a", "calling", { toolCalls: ["c1", "c2"] }),
			toolResult("r1", "b", "c1", "ok"),
			toolResult("r2", "r1", "c2", "ok"),
			assistant("d", "r2", "done"),
			label("l", "d", "a", "start"),
			contextEdit("e", "l", "r1", "short"),
			custom("x", "e", "ext", {}),
			customMessage("cm", "x", "ext", "note"),
			compaction("C", "cm", { firstKeptEntryId: "d" }),
			branchSummary("bs", "a", "d", "abandoned"),
			branchSummary("bs0", null, "root", "from the start"),
			usage("u", "C"),
		);
		expect(issues.filter((i) => i.code !== "several-roots")).toEqual([]);
	});
});

describe("compaction kept range", () => {
	it("first-kept-missing: firstKeptEntryId names no entry", () => {
		const issues = issuesOf(user("a", null, "q"), compaction("C", "a", { firstKeptEntryId: "ghost" }));
		expect(only(issues, "first-kept-missing")).toEqual([["first-kept-missing", 3, "C"]]);
		expect(issues[0].message).toMatch(/"ghost".*keeps nothing/);
		expect(issues[0].severity).toBe("warning");
	});

	it("first-kept-missing: neither firstKeptEntryId nor retainedTail", () => {
		expect(only(issuesOf(user("a", null, "q"), compaction("C", "a")), "first-kept-missing")).toEqual([
			["first-kept-missing", 3, "C"],
		]);
	});

	it("a v1 compaction with a bad index is reported once, by the migration", () => {
		const text = [
			{ type: "session", id: "s", timestamp: T0, cwd: "/" },
			{ type: "message", timestamp: T0, message: userMsg("q") },
			{ type: "compaction", timestamp: T0, summary: "S", tokensBefore: 1, firstKeptEntryIndex: 42 },
		]
			.map((o) => JSON.stringify(o))
			.join("\n");
		const codes = parseSession(text).issues.map((i) => i.code);
		expect(codes).toContain("bad-first-kept-index");
		expect(codes).not.toContain("first-kept-missing");
	});

	it("first-kept-off-path: firstKeptEntryId on another branch, or after the compaction", () => {
		const issues = issuesOf(
			user("a", null, "q"),
			user("x", "a", "sibling"),
			assistant("b", "a", "r"),
			compaction("C", "b", { firstKeptEntryId: "x" }),
			compaction("D", "C", { firstKeptEntryId: "z" }),
			user("z", "D", "later"),
		);
		expect(only(issues, "first-kept-off-path")).toEqual([
			["first-kept-off-path", 5, "C"],
			["first-kept-off-path", 6, "D"],
		]);
	});

	it("first-kept-self: the compaction keeps nothing on purpose (info)", () => {
		const issues = issuesOf(user("a", null, "q"), compaction("C", "a", { firstKeptEntryId: "C" }));
		expect(issues).toEqual([expect.objectContaining({ code: "first-kept-self", severity: "info", line: 3 })]);
	});

	it("a retainedTail compaction does not read firstKeptEntryId", () => {
		expect(
			issuesOf(user("a", null, "q"), compaction("C", "a", { firstKeptEntryId: "ghost", retainedTail: [] })),
		).toEqual([]);
	});

	it.each([["text"], [null], [{ 0: "x" }]])("bad-retained-tail: retainedTail %j is not an array", (tail) => {
		const issues = issuesOf(user("a", null, "q"), compaction("C", "a", { retainedTail: tail, firstKeptEntryId: "a" }));
		expect(only(issues, "bad-retained-tail")).toEqual([["bad-retained-tail", 3, "C"]]);
		expect(issues.find((i) => i.code === "bad-retained-tail")?.message).toMatch(/legacy/);
	});

	it("bad-retained-tail: items that are not messages", () => {
		const issues = issuesOf(user("a", null, "q"), compaction("C", "a", { retainedTail: [userMsg("ok"), 5, null] }));
		expect(issues.find((i) => i.code === "bad-retained-tail")?.message).toMatch(/^2 retainedTail item/);
	});
});

describe("links", () => {
	it("label-target-missing", () => {
		const issues = issuesOf(user("a", null, "q"), label("l", "a", "ghost", "x"), label("m", "l", "a", "ok"));
		expect(only(issues, "label-target-missing")).toEqual([["label-target-missing", 3, "l"]]);
		expect(issues[0].message).toBe('Label targets "ghost", which is not in the file');
	});

	it("edit-target-missing", () => {
		const issues = issuesOf(user("a", null, "q"), contextEdit("e", "a", "ghost", null));
		expect(only(issues, "edit-target-missing")).toEqual([["edit-target-missing", 3, "e"]]);
		expect(only(issues, "edit-target-off-path")).toEqual([]);
	});

	it("edit-target-off-path: the target is on another branch", () => {
		const issues = issuesOf(user("a", null, "q"), user("x", "a", "sibling"), contextEdit("e", "a", "x", null));
		expect(only(issues, "edit-target-off-path", "edit-target-later")).toEqual([["edit-target-off-path", 4, "e"]]);
		expect(issues[0].message).toMatch(/never applies/);
	});

	it("edit-target-later: the target comes after the edit (info)", () => {
		const issues = issuesOf(user("a", null, "q"), contextEdit("e", "a", "x", null), user("x", "e", "later"));
		expect(issues).toEqual([expect.objectContaining({ code: "edit-target-later", severity: "info", entryId: "e" })]);
	});

	it("an edit may target itself only as off-path", () => {
		expect(only(issuesOf(contextEdit("e", null, "e", null)), "edit-target-off-path")).toEqual([
			["edit-target-off-path", 2, "e"],
		]);
	});

	it("branch-from-missing, except pi's 'root'", () => {
		const issues = issuesOf(
			user("a", null, "q"),
			branchSummary("s", "a", "ghost", "sum"),
			branchSummary("r", null, "root", "sum"),
		);
		expect(only(issues, "branch-from-missing")).toEqual([["branch-from-missing", 3, "s"]]);
	});
});

describe("tool calls and results along paths", () => {
	it("tool-result-unmatched: no call with that id on the path", () => {
		const issues = issuesOf(
			user("a", null, "q"),
			assistant("b", "a", null, { toolCalls: ["c1"] }),
			toolResult("r", "b", "c1", "ok"),
			toolResult("s", "r", "zzz", "who?"),
		);
		expect(only(issues, "tool-result-unmatched")).toEqual([["tool-result-unmatched", 5, "s"]]);
	});

	it("tool-result-unmatched: the call is on another branch", () => {
		const issues = issuesOf(
			user("a", null, "q"),
			assistant("b", "a", null, { toolCalls: ["c1"] }),
			toolResult("r", "b", "c1", "ok"),
			toolResult("s", "a", "c1", "answer on a sibling branch"),
		);
		expect(only(issues, "tool-result-unmatched")).toEqual([["tool-result-unmatched", 5, "s"]]);
	});

	it("tool-result-unmatched: the call is before a retainedTail checkpoint", () => {
		const issues = issuesOf(
			user("a", null, "q"),
			assistant("b", "a", null, { toolCalls: ["c1"] }),
			compaction("C", "b", { retainedTail: [] }),
			toolResult("r", "C", "c1", "ok"),
		);
		expect(only(issues, "tool-result-unmatched", "tool-call-unanswered")).toEqual([["tool-result-unmatched", 5, "r"]]);
		expect(issues.find((i) => i.code === "tool-result-unmatched")?.message).toMatch(/before checkpoint C/);
	});

	it("calls and results inside a retained tail pair up with each other and with what follows", () => {
		const tail = [userMsg("q"), assistantMsg(null, { toolCalls: ["t1", "t2"] }), toolResultMsg("t1", "ok")];
		const issues = issuesOf(
			user("a", null, "q"),
			compaction("C", "a", { retainedTail: tail }),
			toolResult("r", "C", "t2", "ok"),
		);
		expect(issues).toEqual([]);
	});

	it("in a retained tail, a result before its call answers nothing; one after a checkpoint names it", () => {
		const tail = [
			toolResultMsg("t1", "too early"),
			assistantMsg(null, { toolCalls: ["t1"] }),
			toolResultMsg("t1", "ok"),
		];
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1"] }),
			toolResult("r", "b", "c1", "ok"),
			compaction("C", "r", { retainedTail: tail }),
			compaction("D", "C", { retainedTail: [] }),
			toolResult("s", "D", "t1", "after the second checkpoint"),
			toolResult("u", "s", "c1", "from before both"),
		);
		expect(only(issues, "tool-result-unmatched", "tool-result-duplicate")).toEqual([
			["tool-result-unmatched", 4, "C"],
			["tool-result-unmatched", 6, "s"],
			["tool-result-unmatched", 7, "u"],
		]);
		const messages = issues.filter((i) => i.code === "tool-result-unmatched").map((i) => i.message);
		expect(messages[0]).toMatch(/in retainedTail for "t1": no such tool call/);
		expect(messages[1]).toMatch(/before checkpoint D/);
		expect(messages[2]).toMatch(/before checkpoint C/);
	});

	it("tool-result-duplicate: answered twice", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1"] }),
			toolResult("r", "b", "c1", "ok"),
			toolResult("s", "r", "c1", "again"),
		);
		expect(only(issues, "tool-result-duplicate")).toEqual([["tool-result-duplicate", 4, "s"]]);
	});

	it("tool-call-unanswered before the next assistant message, and a late result is a duplicate", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1", "c2"] }),
			toolResult("r", "b", "c1", "ok"),
			assistant("d", "r", "moving on"),
			toolResult("late", "d", "c2", "late"),
		);
		expect(only(issues, "tool-call-unanswered", "tool-result-duplicate")).toEqual([
			["tool-call-unanswered", 2, "b"],
			["tool-result-duplicate", 5, "late"],
		]);
		expect(issues[0].message).toMatch(/"c2".*before the next assistant message \(d\)/);
	});

	it("tool-call-unanswered by the end of the branch", () => {
		const issues = issuesOf(user("a", null, "q"), assistant("b", "a", null, { toolCalls: ["c1"] }));
		expect(only(issues, "tool-call-unanswered")).toEqual([["tool-call-unanswered", 3, "b"]]);
		expect(issues[0].message).toMatch(/end of the branch \(b\)/);
	});

	it("reports the unanswered calls of one assistant message in one issue", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c2", "c1", "c3"] }),
			toolResult("r", "b", "c3", "ok"),
		);
		expect(only(issues, "tool-call-unanswered")).toEqual([["tool-call-unanswered", 2, "b"]]);
		expect(issues[0].message).toBe('Tool calls "c1", "c2" get no result by the end of the branch (r)');
	});

	it("reports a call once even when several branches leave it unanswered", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1"] }),
			user("x", "b", "interrupt 1"),
			user("y", "b", "interrupt 2"),
			toolResult("r", "b", "c1", "answered here"),
		);
		expect(only(issues, "tool-call-unanswered")).toEqual([["tool-call-unanswered", 2, "b"]]);
	});

	it("names the tip on which a call goes unanswered when a sibling reply and the result both follow it", () => {
		const issues = issuesOf(
			user("u", null, "q"),
			assistant("b", "u", null, { toolCalls: ["c1"] }),
			assistant("sib", "b", "a reply beside the result"),
			user("more", "sib", "go on"),
			toolResult("r", "b", "c1", "ok"),
			assistant("done", "r", "fine"),
		);
		const unanswered = issues.filter((i) => i.code === "tool-call-unanswered");
		expect(unanswered).toHaveLength(1);
		expect(unanswered[0].entryId).toBe("b");
		expect(unanswered[0].message).toBe(
			'Tool call "c1" gets no result before the next assistant message (sib), on the branch to tip more',
		);
	});

	it("groups one call's unanswered branches in one issue, naming each", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1"] }),
			assistant("s1", "b", "one"),
			user("t1", "s1", "x"),
			user("t2", "s1", "y"),
			user("t3", "s1", "z"),
			user("i", "b", "interrupt"),
			toolResult("r", "b", "c1", "ok"),
		);
		const [issue] = issues.filter((i) => i.code === "tool-call-unanswered");
		expect(issue.message).toBe(
			'Tool call "c1" gets no result on 2 branches: before the next assistant message (s1), on the branches to tips t1, t2 and 1 more; by the end of the branch (i)',
		);
	});

	it("restores the open calls when backtracking: each branch may answer the same call", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1"] }),
			toolResult("r", "b", "c1", "first try"),
			toolResult("s", "b", "c1", "second try"),
			assistant("d", "s", "ok"),
		);
		expect(issues.filter((i) => i.code.startsWith("tool-"))).toEqual([]);
	});

	it("restores the open calls after a long first branch, and starts every tree afresh", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1"] }),
			// First branch: a chain below the branch point, its calls undone when it ends.
			toolResult("r1", "b", "c1", "ok"),
			assistant("d1", "r1", null, { toolCalls: ["c2"] }),
			toolResult("r2", "d1", "c2", "ok"),
			assistant("e1", "r2", "done"),
			// Last branch: c1 is open again here, c2 was never made on this path.
			toolResult("r3", "b", "c1", "again, on the other branch"),
			toolResult("r4", "r3", "c2", "from the first branch"),
			assistant("e2", "r4", "done"),
			// A second tree: nothing of the first is open or made there.
			toolResult("z", null, "c1", "orphan answer"),
		);
		expect(only(issues, "tool-result-unmatched", "tool-result-duplicate", "tool-call-unanswered")).toEqual([
			["tool-result-unmatched", 8, "r4"],
			["tool-result-unmatched", 10, "z"],
		]);
	});

	it("does not expect results for calls of an errored or aborted assistant message", () => {
		const issues = issuesOf(
			assistant("b", null, null, { toolCalls: ["c1"], stopReason: "aborted" }),
			assistant("c", "b", null, { toolCalls: ["c2"], stopReason: "error", errorMessage: "boom" }),
		);
		expect(issues).toEqual([]);
	});
});

describe("required fields", () => {
	const cases: [string, SessionEntry | Record<string, unknown>, RegExp][] = [
		["compaction", { ...compaction("x", null, { retainedTail: [] }), summary: undefined }, /`summary`/],
		["compaction", { ...compaction("x", null, { retainedTail: [] }), tokensBefore: "5" }, /`tokensBefore` \(a string/],
		["branch_summary", { type: "branch_summary", id: "x", parentId: null, timestamp: T0 }, /`fromId`, `summary`/],
		["custom_message", { ...customMessage("x", null, "t", "c"), customType: undefined }, /`customType`/],
		["custom", { type: "custom", id: "x", parentId: null, timestamp: T0 }, /`customType`/],
		["context_edit", { type: "context_edit", id: "x", parentId: null, timestamp: T0, targetId: "x" }, /`replacement`/],
		["context_edit", { ...contextEdit("x", null, "x", null), replacement: {} }, /`replacement.content`/],
		["model_change", { type: "model_change", id: "x", parentId: null, timestamp: T0, provider: "p" }, /`modelId`/],
		[
			"thinking_level_change",
			{ type: "thinking_level_change", id: "x", parentId: null, timestamp: T0 },
			/`thinkingLevel`/,
		],
		["label", { type: "label", id: "x", parentId: null, timestamp: T0 }, /`targetId`/],
		["usage", { ...usage("x", null), usage: 5 }, /`usage` \(a number/],
		[
			"assistant",
			message("x", null, { ...assistantMsg("r"), provider: undefined }),
			/assistant message without `provider`/,
		],
		[
			"assistant",
			message("x", null, { ...assistantMsg("r"), content: "text" }),
			/`content` \(a string, not an array\)/,
		],
		["user", message("x", null, { ...userMsg("q"), content: 5 }), /`content` \(a number/],
		["toolResult", message("x", null, { ...toolResultMsg("c", "ok"), toolCallId: 1 }), /`toolCallId`/],
		["bashExecution", message("x", null, { role: "bashExecution", timestamp: 1 }), /`command`, `output`/],
		["custom", message("x", null, { role: "custom", content: "x", display: true, timestamp: 1 }), /`customType`/],
		[
			"retained tail",
			compaction("x", null, { retainedTail: [{ role: "toolResult", content: [], timestamp: 1 }] }),
			/in retainedTail\[0\]/,
		],
	];
	it.each(cases)("missing-field: %s", (_what, entry, pattern) => {
		const issues = issuesOf(entry);
		const found = issues.filter((i) => i.code === "missing-field");
		expect(found).toHaveLength(1);
		expect(found[0]).toMatchObject({ line: 2, entryId: "x", severity: "warning" });
		expect(found[0].message).toMatch(pattern);
	});

	it("accepts null content (pi normalises it) and optional fields", () => {
		const issues = issuesOf(
			message("a", null, { ...userMsg("q"), content: null }),
			customMessage("b", "a", "t", null),
			label("c", "b", "a"),
			sessionInfo("d", "c"),
			system("s", "d", "sys", {}),
		);
		expect(issues).toEqual([]);
	});

	it("leaves a message entry without a message to the parser's missing-message", () => {
		const issues = issuesOf({ type: "message", id: "x", parentId: null, timestamp: T0 });
		expect(issues.map((i) => i.code)).toEqual(["missing-message"]);
	});
});

describe("timestamps", () => {
	it.each([["yesterday"], [1767225600000], [undefined], ["2026-13-45T00:00:00.000Z"], ["2026-01-01"]])(
		"bad-timestamp: %j",
		(timestamp) => {
			const issues = issuesOf({ ...custom("x", null, "t"), timestamp });
			expect(only(issues, "bad-timestamp")).toEqual([["bad-timestamp", 2, "x"]]);
		},
	);

	it.each([["2026-01-01T00:00:00Z"], ["2026-01-01T02:00:00.123+02:00"], ["2026-01-01T00:00:00.000Z"]])(
		"accepts the ISO date %s",
		(timestamp) => {
			expect(issuesOf({ ...custom("x", null, "t"), timestamp })).toEqual([]);
		},
	);

	it("bad-message-timestamp: not a number, in entries and retained tails", () => {
		const issues = issuesOf(
			message("a", null, { ...userMsg("q"), timestamp: T0 }),
			message("b", "a", { ...userMsg("q"), timestamp: undefined }),
			compaction("c", "b", { retainedTail: [{ ...userMsg("t"), timestamp: Number.NaN }] }),
		);
		expect(only(issues, "bad-message-timestamp")).toEqual([
			["bad-message-timestamp", 2, "a"],
			["bad-message-timestamp", 3, "b"],
			["bad-message-timestamp", 4, "c"],
		]);
	});

	it("a system message may omit its timestamp", () => {
		expect(issuesOf(message("s", null, { role: "system", content: "x" }))).toEqual([]);
	});
});

describe("collectDiagnostics", () => {
	it("is usable on its own, appends to `out` and returns it", () => {
		const entries = [user("a", null, "q"), label("l", "a", "ghost", "x")];
		const out: SessionIssue[] = [{ severity: "info", code: "migrated", message: "before" }];
		const result = collectDiagnostics(entries, buildTreeIndex(entries), [2, 3], out);
		expect(result).toBe(out);
		expect(out.map((i) => [i.code, i.line])).toEqual([
			["migrated", undefined],
			["label-target-missing", 3],
		]);
		// Without lines, issues still carry the entry id.
		const alone = collectDiagnostics(entries, buildTreeIndex(entries), []);
		expect(alone).toEqual([expect.objectContaining({ code: "label-target-missing", entryId: "l" })]);
		expect(alone[0]).not.toHaveProperty("line");
	});

	it("never throws on entries that are not objects or lack everything", () => {
		const entries = [null, 5, {}, { type: "message", message: "x" }] as unknown as SessionEntry[];
		expect(() =>
			collectDiagnostics(entries, buildTreeIndex(entries.filter((e) => e && typeof e === "object")), []),
		).not.toThrow();
	});

	it("caps each code at 1000 issues and says how many more", () => {
		const entries: SessionEntry[] = [user("a", null, "q")];
		for (let i = 0; i < 1500; i++) entries.push(label(`l${i}`, i === 0 ? "a" : `l${i - 1}`, "ghost", "x"));
		const issues = collectDiagnostics(entries, buildTreeIndex(entries), []);
		expect(issues.filter((i) => i.code === "label-target-missing")).toHaveLength(1000);
		expect(issues.at(-1)).toMatchObject({
			code: "too-many-issues",
			message: expect.stringMatching(/^500 more "label-target-missing"/),
		});
	});

	it("checks a 100k-entry branching session quickly, without recursion", () => {
		const entries: SessionEntry[] = [user("u0", null, "start")];
		let parent = "u0";
		for (let i = 0; i < 25_000; i++) {
			entries.push(assistant(`a${i}`, parent, null, { toolCalls: [`c${i}`] }));
			entries.push(toolResult(`r${i}`, `a${i}`, `c${i}`, "ok"));
			// Every 100 steps, a side branch that leaves the call unanswered.
			entries.push(i % 100 === 0 ? user(`x${i}`, `a${i}`, "interrupt") : custom(`x${i}`, `r${i}`, "step"));
			parent = i % 100 === 0 ? `r${i}` : `x${i}`;
			entries.push(user(`u${i + 1}`, parent, "next"));
			parent = `u${i + 1}`;
		}
		const index = buildTreeIndex(entries);
		const start = performance.now();
		const issues = collectDiagnostics(entries, index, []);
		const ms = performance.now() - start;
		expect(issues.filter((i) => i.code === "tool-call-unanswered")).toHaveLength(250);
		expect(issues.filter((i) => i.code !== "tool-call-unanswered")).toEqual([]);
		expect(ms).toBeLessThan(2000);
	});
});

describe("issue codes", () => {
	it("are kebab-case and documented with a severity", () => {
		for (const [code, info] of Object.entries(ISSUE_CODES)) {
			expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
			expect(["error", "warning", "info"]).toContain(info.severity);
			expect(info.summary.length).toBeGreaterThan(10);
		}
	});
});

describe("diagnosticSteps", () => {
	it("pauses every few thousand entries and tree nodes, and ends with collectDiagnostics's issues", () => {
		const text = `${[...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 12_000 })].join("\n")}\n`;
		const parsed = parseSession(text);
		const entries = parsed.entries;
		const lines = parsed.lines;
		const index = buildTreeIndex(entries);
		const whole = collectDiagnostics(entries, index, lines, []);
		const steps = diagnosticSteps(entries, index, lines, []);
		let pauses = 0;
		let result: SessionIssue[] | undefined;
		for (;;) {
			const step = steps.next();
			if (step.done) {
				result = step.value;
				break;
			}
			pauses++;
		}
		expect(result).toEqual(whole);
		// The entries' pass and the walk of the tree both pause: 12k entries, 4096 a step.
		expect(pauses).toBeGreaterThanOrEqual(4);
		expect(pauses).toBeLessThan(12);
	});
});
