import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { requestProblems } from "../../../test/requestChecks";
import { analyzeContext } from "../context/context";
import { providerPayload, sessionTips } from "../context/payload";
import { parseSession } from "../session/parse";
import { buildTreeIndex } from "../session/tree";
import type { ParsedSession } from "../session/types";
import { summarizeUsage, usageTotals } from "../session/usage";
import { describeDialect } from "./index";

/** Each entry as `id<parent` (the tree as shown), in file order. */
const shape = (s: ParsedSession) => s.entries.map((e) => `${e.id}<${e.parentId ?? ""}`);

describe("Claude Code transcripts", () => {
	const s = parseSession(readFixture("agents/claude-code.jsonl"));

	it("is recognised without a header, named with its version, and titled", () => {
		expect(s.dialect).toBe("claude-code");
		expect(s.header?.agentVersion).toBe("2.1.17");
		expect(s.header?.id).toBe("7f3c2a10-0000-4000-8000-000000000001");
		expect(describeDialect("claude-code", 3, "2.1.17")).toBe("Claude Code 2.1.17 session");
		expect(s.title).toBe("Parser fixes");
		expect(s.issues.filter((i) => i.severity !== "info")).toEqual([]);
	});

	it("shows real branches only: a response's lines and its parallel results are one chain; hooks and timings are marks", () => {
		expect(shape(s)).toEqual([
			"U1<",
			"A1<U1",
			"A2<A1",
			"A3<A2",
			"A4<A3",
			// The second call's result came first; each result's raw parent is its call's line.
			"R2<A4",
			"R1<R2",
			"B1<R1",
			"B2<B1",
			"R3<B2",
			"C1<R3",
			"U2<C1",
			"D1<U2",
			// A regenerated reply (another response under the same prompt) is a branch.
			"E1<U2",
			"X1<E1",
			// The earlier prompt edited (a rewind to C1) is a branch.
			"U3<C1",
			"F1<U3",
			// The compaction hangs under its logical parent: one tree, the compaction on the path.
			"K1<F1",
			"S1<K1",
			"U4<S1",
			"G1<U4",
			"R5<G1",
			"G2<R5",
		]);
		expect(sessionTips(s)).toEqual(["D1", "X1", "G2"]);
		expect(s.leafId).toBe("G2");
		const marks = (id: string) => s.entries.find((e) => e.id === id)?.marks?.map((m) => m.kind);
		expect(marks("U1")).toEqual(["attachment hook_success"]);
		expect(marks("R3")).toEqual(["system turn_duration"]);
		expect(marks("C1")).toEqual(["system stop_hook_summary"]);
		expect(marks("F1")).toEqual(["system microcompact_boundary"]);
		expect(s.entries.find((e) => e.id === "K1")).toMatchObject({ type: "compaction", tokensBefore: 3950 });
	});

	it("counts each response's usage once, from its last line", () => {
		const totals = usageTotals(summarizeUsage(s.entries));
		const sum = (k: "input" | "output" | "cacheRead" | "cacheWrite") => totals[k];
		// By hand: msg_A 10/120/0/3000, B 8/90/3000/200, C 6/20/3200/120, D 5/25/3300/80, E 5/22/3300/80,
		// F 5/40/3300/90, G 4/30/0/1500, H 4/10/1500/60; the API error line 0.
		expect(sum("input")).toBe(47);
		expect(sum("output")).toBe(357);
		expect(sum("cacheRead")).toBe(17600);
		expect(sum("cacheWrite")).toBe(5130);
	});

	it("rebuilds the request at a tip: one message per side, the response's lines merged, results after their calls", () => {
		expect(providerPayload(s, "X1")).toEqual({
			api: "anthropic-messages",
			messages: [
				{ role: "user", content: [{ type: "text", text: "Fix the failing tests in parser.ts" }] },
				{
					role: "assistant",
					content: [
						{ type: "thinking", thinking: "Run the tests first, and read the parser.", signature: "sigA" },
						{ type: "text", text: "I'll run the tests and read the parser." },
						{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "npm test" } },
						{ type: "tool_use", id: "toolu_2", name: "Read", input: { file_path: "/work/app/parser.ts" } },
					],
				},
				{
					role: "user",
					content: [
						{ type: "tool_result", tool_use_id: "toolu_2", content: "export function parse() {}" },
						{
							type: "tool_result",
							tool_use_id: "toolu_1",
							content: "1 failing: parse returns undefined",
							is_error: true,
						},
					],
				},
				{
					role: "assistant",
					content: [
						{ type: "text", text: "parse() returns nothing. I'll make it return the tokens." },
						{
							type: "tool_use",
							id: "toolu_3",
							name: "Edit",
							input: { file_path: "/work/app/parser.ts", old_string: "{}", new_string: "{ return tokens; }" },
						},
					],
				},
				{
					role: "user",
					content: [{ type: "tool_result", tool_use_id: "toolu_3", content: "The file has been updated." }],
				},
				{ role: "assistant", content: [{ type: "text", text: "The parser now returns its tokens; the test passes." }] },
				{ role: "user", content: [{ type: "text", text: "Also add a test for empty input" }] },
				// The API error line is not a model reply: not sent.
				{ role: "assistant", content: [{ type: "text", text: "Added `parse('')` returns []." }] },
			],
		});
	});

	it("starts after the latest compaction, with the summary prompt and the next prompt as one user message", () => {
		const payload = providerPayload(s, "G2");
		expect(payload.api === "anthropic-messages" && payload.messages.map((m) => m.role)).toEqual([
			"user",
			"assistant",
			"user",
			"assistant",
		]);
		const a = analyzeContext(s.entries, "G2");
		const fate = (id: string) => a.fates.find((f) => f.id === id);
		expect(fate("U1")?.region).toBe("summarized");
		expect(fate("K1")?.region).toBe("checkpoint");
		expect(fate("U4")?.reason).toMatch(/merged into the user message before/);
		const x = analyzeContext(s.entries, "X1").fates.find((f) => f.id === "X1");
		expect(x?.messageCount).toBe(0);
		expect(x?.reason).toMatch(/not a model reply/);
	});

	it("answers a call the file holds no result for, as the request must", () => {
		const text = readFixture("agents/claude-code.jsonl")
			.split("\n")
			.filter((l) => !l.includes('"uuid":"K1"') && !l.includes('"uuid":"S1"'))
			.join("\n")
			.replace('"parentUuid":"S1"', '"parentUuid":"F1"');
		const cut = parseSession(text);
		const payload = providerPayload(cut, "G2");
		expect(requestProblems(payload)).toEqual([]);
		const answers = payload.api === "anthropic-messages" ? payload.messages.flatMap((m) => m.content) : [];
		expect(answers).toContainEqual(
			expect.objectContaining({ type: "tool_result", tool_use_id: "toolu_4", is_error: true }),
		);
	});

	it("reads a slice whose first parent is absent as a root, and says so", () => {
		const lines = readFixture("agents/claude-code.jsonl").split("\n");
		const slice = parseSession(lines.slice(11).join("\n"));
		expect(slice.dialect).toBe("claude-code");
		expect(slice.issues.map((i) => i.code)).toContain("claude-slice");
		expect(slice.entries[0].parentId).toBeNull();
		for (const tip of sessionTips(slice)) expect(requestProblems(providerPayload(slice, tip))).toEqual([]);
	});

	it("hangs an old build's inline subagent under the Task call that started it", () => {
		const base = { sessionId: "S", version: "1.0.81", cwd: "/w", timestamp: "2026-01-01T00:00:00.000Z" };
		const text = [
			{ ...base, type: "user", uuid: "u1", parentUuid: null, message: { role: "user", content: "survey the repo" } },
			{
				...base,
				type: "assistant",
				uuid: "a1",
				parentUuid: "u1",
				message: {
					id: "m1",
					role: "assistant",
					model: "claude",
					content: [{ type: "tool_use", id: "t1", name: "Task", input: { prompt: "List the files" } }],
				},
			},
			{
				...base,
				type: "user",
				uuid: "s1",
				parentUuid: null,
				isSidechain: true,
				message: { role: "user", content: "List the files" },
			},
			{
				...base,
				type: "assistant",
				uuid: "s2",
				parentUuid: "s1",
				isSidechain: true,
				message: { id: "m2", role: "assistant", model: "claude", content: [{ type: "text", text: "a.ts b.ts" }] },
			},
			{
				...base,
				type: "user",
				uuid: "r1",
				parentUuid: "a1",
				message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "a.ts b.ts" }] },
			},
		]
			.map((l) => JSON.stringify(l))
			.join("\n");
		const p = parseSession(text);
		expect(shape(p)).toEqual(["u1<", "a1<u1", "s1<a1", "s2<s1", "r1<a1"]);
		expect(p.leafId).toBe("r1");
		// The subagent's context is its own: none of the parent's lines.
		expect(providerPayload(p, "s2")).toEqual({
			api: "anthropic-messages",
			messages: [
				{ role: "user", content: [{ type: "text", text: "List the files" }] },
				{ role: "assistant", content: [{ type: "text", text: "a.ts b.ts" }] },
			],
		});
	});
});

describe("Codex rollouts", () => {
	const s = parseSession(readFixture("agents/codex.jsonl"));

	it("is recognised by its envelope and named with its version; a rollback is a branch", () => {
		expect(s.dialect).toBe("codex");
		expect(s.header?.agentVersion).toBe("0.118.0");
		expect(s.header?.instructions).toBe("You are Codex, a coding agent. Be concise.");
		expect(s.issues.filter((i) => i.severity !== "info")).toEqual([]);
		expect(sessionTips(s)).toEqual(["L22", "L39"]);
		expect(s.leafId).toBe("L39");
		const index = buildTreeIndex(s.entries);
		// The rolled-back turn (from L21) and the one after the rollback (from L26) share the parent L18.
		expect(index.children.of(index.byId.get("L18") ?? -1).map((p) => s.entries[p].id)).toEqual(["L21", "L26"]);
	});

	it("replays the history: the replacement history stands for everything before the compaction", () => {
		const payload = providerPayload(s, "L39");
		expect(payload.api).toBe("openai-responses");
		if (payload.api !== "openai-responses") return;
		expect(payload.instructions).toBe("You are Codex, a coding agent. Be concise.");
		expect(
			payload.input.map(
				(i) =>
					`${String(Reflect.get(Object(i), "type"))}:${String(Reflect.get(Object(i), "role") ?? Reflect.get(Object(i), "call_id") ?? "")}`,
			),
		).toEqual([
			"message:developer",
			"message:user",
			"message:user",
			"compaction:",
			"message:user",
			"function_call:call_6",
			"function_call_output:call_6",
			// The output without its call is dropped (Codex's normalisation).
			"reasoning:",
			"message:assistant",
		]);
		expect(requestProblems(payload)).toEqual([]);
	});

	it('answers an open call with "aborted", keeps the items in order, and takes usage from token_count', () => {
		const payload = providerPayload(s, "L22");
		if (payload.api !== "openai-responses") throw new Error(payload.api);
		const types = payload.input.map((i) => Reflect.get(Object(i), "type"));
		expect(types.slice(0, 4)).toEqual(["message", "message", "message", "message"]);
		expect(payload.input.at(-1)).toEqual({ type: "function_call_output", call_id: "call_4", output: "aborted" });
		expect(requestProblems(payload)).toEqual([]);
		const a = analyzeContext(s.entries, "L22");
		expect(a.model).toEqual({ provider: "openai", modelId: "gpt-5.4-mini" });
		expect(a.thinkingLevel).toBe("medium");
		const totals = usageTotals(summarizeUsage(s.entries));
		// last_token_usage per response: input minus cached, cached as cache reads.
		expect(totals.input).toBe(2400 + 396 + 212 + 200 + 200 + 200 + 900);
		expect(totals.cacheRead).toBe(2304 + 2688 + 2800 + 2900 + 3000);
	});

	it("rebuilds a local compaction: initial context, the latest user messages, then the summary", () => {
		const line = (type: string, payload: object) =>
			JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type, payload });
		const item = (role: string, text: string) => ({
			type: "message",
			role,
			content: [{ type: role === "assistant" ? "output_text" : "input_text", text }],
		});
		const text = [
			line("session_meta", { id: "T", cwd: "/w", cli_version: "0.77.0" }),
			line("response_item", item("user", "<environment_context>cwd</environment_context>")),
			line("response_item", item("user", "first request")),
			line("response_item", item("assistant", "first answer")),
			line("response_item", item("user", "second request")),
			line("compacted", { message: "SUMMARY: two requests answered" }),
			line("response_item", item("user", "third request")),
		].join("\n");
		const p = parseSession(text);
		const payload = providerPayload(p, p.leafId ?? "");
		expect(payload).toEqual({
			api: "openai-responses",
			input: [
				item("user", "<environment_context>cwd</environment_context>"),
				item("user", "first request"),
				item("user", "second request"),
				item("user", "SUMMARY: two requests answered"),
				item("user", "third request"),
			],
		});
		const fates = analyzeContext(p.entries, p.leafId).fates.map((f) => f.region);
		expect(fates).toEqual(["kept", "kept", "summarized", "kept", "checkpoint", "after"]);
	});

	it("names a fork's parent thread", () => {
		const line = (type: string, payload: object) =>
			JSON.stringify({ timestamp: "2026-01-01T00:00:00.000Z", type, payload });
		const text = [
			line("session_meta", { id: "child", forked_from_id: "parent", cwd: "/w", cli_version: "0.145.0" }),
			line("session_meta", { id: "parent", cwd: "/w", cli_version: "0.145.0" }),
			line("response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }),
		].join("\n");
		const p = parseSession(text);
		expect(p.header).toMatchObject({ id: "child", parentSession: "parent" });
		expect(p.issues.map((i) => i.code)).toEqual(["codex-copied-history"]);
	});
});

/**
 * Every file of the agents' fixtures, and real files (not in the repository: collected from public
 * repositories) when a folder of them is named by `REAL_SESSIONS`: no error-level issue, the
 * session's leaf among the tips, and every tip's request one the provider accepts.
 */
const folders = [
	fileURLToPath(new URL("../../../test/fixtures/agents", import.meta.url)),
	process.env.REAL_SESSIONS ?? "",
];
const files: string[] = [];
const walk = (dir: string) => {
	for (const name of readdirSync(dir)) {
		const p = join(dir, name);
		if (statSync(p).isDirectory()) walk(p);
		else if (name.endsWith(".jsonl")) files.push(p);
	}
};
for (const dir of folders) if (dir !== "" && existsSync(dir)) walk(dir);
describe("every Claude Code and Codex file at hand", () => {
	it.each(files)("%s", (file) => {
		const p = parseSession(readFileSync(file, "utf8"));
		expect(["claude-code", "codex"]).toContain(p.dialect);
		expect(p.issues.filter((i) => i.severity === "error")).toEqual([]);
		const tips = sessionTips(p);
		expect(tips).toContain(p.leafId);
		for (const tip of tips) expect([tip, requestProblems(providerPayload(p, tip))]).toEqual([tip, []]);
	});
});
