import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { parseSession } from "../session/parse";
import type { SessionEntry } from "../session/types";
import {
	entrySearchText,
	type FIND_FILTERS,
	findEntries,
	findSnippet,
	isFindActive,
	passesFilter,
	startFind,
} from "./find";

const ts = "2026-01-01T00:00:00.000Z";
let n = 0;
const entry = (type: string, fields: Record<string, unknown>): SessionEntry =>
	({ type, id: `e${++n}`, parentId: null, timestamp: ts, ...fields }) as SessionEntry;
const message = (message: Record<string, unknown>) => entry("message", { message: { timestamp: 0, ...message } });

const user = message({ role: "user", content: "Please FIX the parser" });
const userBlocks = message({
	role: "user",
	content: [
		{ type: "text", text: "look at" },
		{ type: "image", data: "AAAA" },
	],
});
const assistantText = message({
	role: "assistant",
	content: [
		{ type: "thinking", thinking: "secret reasoning about zebras" },
		{ type: "text", text: "Done, the parser is fixed" },
	],
	provider: "p",
	model: "m",
});
const toolsOnly = message({
	role: "assistant",
	content: [{ type: "toolCall", id: "t1", name: "read", arguments: { path: "src/parse.ts" } }],
	stopReason: "toolUse",
});
const toolsAborted = message({
	role: "assistant",
	content: [{ type: "toolCall", id: "t2", name: "bash", arguments: { command: "rm -rf" } }],
	stopReason: "aborted",
});
const toolResult = message({
	role: "toolResult",
	toolName: "read",
	content: [{ type: "text", text: "export function parse" }],
});
const bash = message({ role: "bashExecution", command: "npm test", output: "42 passed", exitCode: 0 });
const compaction = entry("compaction", {
	summary: "Summary of the goal",
	tokensBefore: 1,
	retainedTail: [{ role: "user", content: "kept walrus question", timestamp: 0 }],
});
const branchSummary = entry("branch_summary", { fromId: "x", summary: "abandoned approach with regexes" });
const customMessage = entry("custom_message", { customType: "note", content: "injected reminder", display: true });
const custom = entry("custom", { customType: "ext-state", data: { counter: 7, flag: "penguin" } });
const model = entry("model_change", { provider: "anthropic", modelId: "claude-x" });
const thinking = entry("thinking_level_change", { thinkingLevel: "high" });
const label = entry("label", { targetId: user.id, label: "important bookmark" });
const info = entry("session_info", { name: "Parser work" });
const unknown = entry("future_thing", { payload: "martian data" });

const all = [
	user,
	userBlocks,
	assistantText,
	toolsOnly,
	toolsAborted,
	toolResult,
	bash,
	compaction,
	branchSummary,
	customMessage,
	custom,
	model,
	thinking,
	label,
	info,
	unknown,
];
const ids = (hits: number[]) => hits.map((p) => all[p].id);

describe("entrySearchText", () => {
	it.each([
		[user, "Please FIX the parser"],
		[assistantText, "zebras"],
		[assistantText, "Done, the parser is fixed"],
		[toolsOnly, 'read {"path":"src/parse.ts"}'],
		[toolResult, "export function parse"],
		[bash, "npm test"],
		[bash, "42 passed"],
		[compaction, "Summary of the goal"],
		[compaction, "kept walrus question"],
		[branchSummary, "abandoned approach"],
		[customMessage, "injected reminder"],
		[customMessage, "note"],
		[custom, "penguin"],
		[model, "anthropic/claude-x"],
		[thinking, "high"],
		[label, "important bookmark"],
		[info, "Parser work"],
		[unknown, "martian data"],
	])("covers %#", (e, text) => {
		expect(entrySearchText(e)).toContain(text);
	});

	it("puts the label first and skips images", () => {
		expect(entrySearchText(userBlocks, "my label")).toBe("my label\nlook at");
	});

	it("survives malformed entries", () => {
		const broken = [
			entry("message", { message: null }),
			entry("message", { message: { role: "assistant", content: [null, 3, { type: "toolCall" }] } }),
			entry("compaction", { summary: null, retainedTail: [null] }),
			entry("context_edit", { replacement: null }),
		];
		for (const e of broken) expect(typeof entrySearchText(e)).toBe("string");
	});
});

describe("passesFilter (pi's export filters)", () => {
	const labelled = new Set([user.id]);
	const shown = (filter: (typeof FIND_FILTERS)[number]) =>
		all.filter((e) => passesFilter(e, filter, labelled.has(e.id))).map((e) => e.id);

	it("default hides settings entries and text-less tool-call turns", () => {
		const ids = shown("default");
		for (const hidden of [toolsOnly, custom, model, thinking, label]) expect(ids).not.toContain(hidden.id);
		for (const kept of [user, assistantText, toolsAborted, toolResult, bash, compaction, info, unknown]) {
			expect(ids).toContain(kept.id);
		}
	});

	it("no-tools also hides tool results", () => {
		const ids = shown("no-tools");
		expect(ids).not.toContain(toolResult.id);
		expect(ids).toContain(bash.id);
		expect(ids).toContain(user.id);
	});

	it("user-only keeps user messages, labeled-only labelled entries, all everything", () => {
		expect(shown("user-only")).toEqual([user.id, userBlocks.id]);
		expect(shown("labeled-only")).toEqual([user.id]);
		expect(shown("all")).toEqual(all.map((e) => e.id));
	});
});

describe("findEntries", () => {
	it("needs every word, case-insensitively, and returns file order", () => {
		expect(ids(findEntries(all, "PARSER", "all").hits)).toEqual([user.id, assistantText.id, info.id]);
		expect(ids(findEntries(all, "parser fixed", "all").hits)).toEqual([assistantText.id]);
		expect(findEntries(all, "parser nonexistentword", "all").hits).toEqual([]);
	});

	it("finds labels, and counts matches the filter hides", () => {
		expect(ids(findEntries(all, "bookmark", "default").hits)).toEqual([user.id]);
		const r = findEntries(all, "read", "default");
		expect(ids(r.hits)).toEqual([toolResult.id]);
		expect(r.hidden).toBe(1); // the tool-call-only turn
		expect(ids(findEntries(all, "src/parse.ts", "all").hits)).toEqual([toolsOnly.id]);
	});

	it("lists a narrowing filter without a query, and nothing for broad filters", () => {
		expect(ids(findEntries(all, "", "labeled-only").hits)).toEqual([user.id]);
		expect(ids(findEntries(all, "  ", "user-only").hits)).toEqual([user.id, userBlocks.id]);
		expect(findEntries(all, "", "default").hits).toEqual([]);
		expect(isFindActive("", "all")).toBe(false);
		expect(isFindActive("x", "all")).toBe(true);
	});

	it("gives the same hits in slices as at once", () => {
		const session = parseSession(readFixture("pi-mono/before-compaction.jsonl"));
		const whole = findEntries(session.entries, "session", "default");
		expect(whole.hits.length).toBeGreaterThan(3);
		const run = startFind(session.entries, "session", "default");
		let steps = 0;
		while (!run.next(37)) steps++;
		expect(steps).toBeGreaterThan(10);
		expect(run.done).toBe(true);
		expect(run.hits).toEqual(whole.hits);
		expect(run.hidden).toBe(whole.hidden);
	});

	it("sees the latest label only", () => {
		const target = message({ role: "user", content: "hello" });
		const set = entry("label", { targetId: target.id, label: "flamingo" });
		const cleared = entry("label", { targetId: target.id });
		expect(findEntries([target, set], "flamingo", "user-only").hits).toEqual([0]);
		expect(findEntries([target, set, cleared], "flamingo", "user-only").hits).toEqual([]);
		expect(findEntries([target, set, cleared], "", "labeled-only").hits).toEqual([]);
	});
});

describe("findSnippet", () => {
	it("marks every occurrence of every word, keeping the original case", () => {
		const parts = findSnippet("The Parser parses; the parser", "parser the");
		expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(["The", "Parser", "the", "parser"]);
		expect(parts.map((p) => p.text).join("")).toBe("The Parser parses; the parser");
	});

	it("centres a long text on the first match and flattens whitespace", () => {
		const text = `${"lorem ipsum ".repeat(100)}needle\n\nin   the haystack ${"dolor ".repeat(100)}`;
		const parts = findSnippet(text, "needle", 80);
		const line = parts.map((p) => p.text).join("");
		expect(line.startsWith("…")).toBe(true);
		expect(line.endsWith("…")).toBe(true);
		expect(line).toContain("needle in the haystack");
		expect(line.length).toBeLessThanOrEqual(82);
		expect(parts.find((p) => p.match)?.text).toBe("needle");
	});

	it("treats regex characters in the query as text", () => {
		const parts = findSnippet("call f(x) and g[1]", "f(x) g[1]");
		expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(["f(x)", "g[1]"]);
	});

	it("returns the start of the text when there is no query", () => {
		expect(findSnippet("short text", "")).toEqual([{ text: "short text", match: false }]);
	});
});
