import { describe, expect, it } from "vitest";
import {
	assistant,
	assistantMsg,
	at,
	compaction,
	custom,
	customMessage,
	entry,
	ompFile,
	T0_MS,
	toolResult,
	toolResultMsg,
	user,
} from "../../../../test/builders";
import { readFixture } from "../../../../test/fixtures";
import { analyzeContext, buildContextEntries, buildSessionContext } from "../../context/context";
import { convertToLlm } from "../../context/llm";
import { estimateTotalTokens } from "../../context/tokens";
import { parseSession } from "../../session/parse";
import type { SessionEntry, ToolResultMessage } from "../../session/types";
import { summarizeLeaves } from "../../view/leaves";

/** Entries as the parser gives them for an oh-my-pi file (stamped with the dialect). */
const omp = (...entries: SessionEntry[]) => parseSession(ompFile("t", ...entries)).entries;
const roles = (entries: SessionEntry[], leaf?: string) =>
	buildSessionContext(entries, leaf).messages.map((m) => m.role);
const texts = (entries: SessionEntry[], leaf?: string) =>
	buildSessionContext(entries, leaf).messages.map((m) => {
		const c = (m as { content?: unknown }).content;
		return typeof c === "string"
			? c
			: Array.isArray(c)
				? (c[0] as { text?: string } | undefined)?.text
				: (m as { summary?: string }).summary;
	});

describe("oh-my-pi context", () => {
	it("starts after the latest /clear, and says why for each entry", () => {
		const entries = omp(
			user("u1", null, "before"),
			assistant("a1", "u1", "old answer"),
			entry("reset_boundary", "r1", "a1"),
			user("u2", "r1", "after"),
		);
		expect(texts(entries)).toEqual(["after"]);
		expect(buildContextEntries(entries).map((e) => e.id)).toEqual(["u2"]);
		const a = analyzeContext(entries);
		expect(a.rule).toBe("clear");
		expect(a.fates.find((f) => f.id === "u1")?.reason).toMatch(/Before \/clear r1: not read/);
		expect(a.fates.find((f) => f.id === "r1")?.region).toBe("cleared");
		// The same leaf before the /clear still sees everything.
		expect(texts(entries, "a1")).toEqual(["before", "old answer"]);
	});

	it("a compaction after the /clear supersedes it: summary, kept range, then the rest", () => {
		const s = parseSession(readFixture("dialects/omp-compaction.jsonl"));
		const c = buildSessionContext(s.entries, s.leafId);
		expect(c.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "user"]);
		expect(c.messages[0]).toMatchObject({ shortSummary: "port in config", tokensAfter: 300, method: "summary" });
		// The kept assistant turn held only an unanswered call: stripped, so the turn is not sent.
		const fate = analyzeContext(s.entries, s.leafId).fates.find((f) => f.id === "b1000007");
		expect(fate?.messageCount).toBe(0);
		expect(fate?.reason).toMatch(/unanswered tool calls only/);
	});

	it("drops retry-recovery turns, empty error turns and failed turns with their results", () => {
		const entries = omp(
			user("u1", null, "q"),
			entry("message", "e1", "u1", {
				message: assistantMsg(null, { stopReason: "error", errorMessage: "overloaded" }),
			}),
			entry("message", "rr", "e1", { message: assistantMsg("retrying", {}, { retryRecovery: { attempt: 1 } }) }),
			entry("message", "ab", "rr", { message: assistantMsg("half", { toolCalls: ["c1"], stopReason: "aborted" }) }),
			toolResult("t1", "ab", "c1", "partial"),
			assistant("ok", "t1", "final"),
		);
		expect(texts(entries)).toEqual(["q", "final"]);
		const reasons = new Map(analyzeContext(entries).fates.map((f) => [f.id, f.reason]));
		expect(reasons.get("e1")).toMatch(/empty error turn/);
		expect(reasons.get("rr")).toMatch(/retry-recovery/);
		expect(reasons.get("ab")).toMatch(/failed turn/);
		expect(reasons.get("t1")).toMatch(/failed turn's tool call/);
	});

	it("keeps a failed turn followed by an interrupted-thinking note", () => {
		const entries = omp(
			user("u1", null, "q"),
			entry("message", "ab", "u1", { message: assistantMsg("half", { stopReason: "aborted" }) }),
			customMessage("n1", "ab", "interrupted-thinking", "interrupted"),
		);
		expect(roles(entries)).toEqual(["user", "assistant", "custom"]);
	});

	it("strips unanswered calls (and signatures) but keeps the rest of the turn", () => {
		const m = assistantMsg("looking", { toolCalls: ["c1", "c2"] }, {});
		(m.content as unknown[]).unshift({ type: "thinking", thinking: "hmm", thinkingSignature: "sig" });
		const entries = omp(
			user("u1", null, "q"),
			entry("message", "a1", "u1", { message: m }),
			toolResult("t1", "a1", "c1", "ok"),
		);
		const sent = buildSessionContext(entries).messages[1] as {
			content: { type: string; id?: string; thinkingSignature?: string }[];
		};
		expect(sent.content.map((b) => b.id ?? b.type)).toEqual(["thinking", "text", "c1"]);
		expect(sent.content[0].thinkingSignature).toBeUndefined();
		// The stored message is untouched.
		expect((entries[1] as { message: { content: unknown[] } }).message.content).toHaveLength(4);
	});

	it("models by role: an explicit default stops the inference from assistants; model is the default's", () => {
		const entries = omp(
			assistant("a1", null, "x", { provider: "anthropic", model: "claude" }),
			entry("model_change", "m1", "a1", { model: "openai/gpt-5", role: "plan" }),
			assistant("a2", "m1", "y", { provider: "google", model: "gemini" }),
		);
		expect(buildSessionContext(entries).model).toEqual({ provider: "google", modelId: "gemini" });
		const fixed = omp(
			entry("model_change", "m0", null, { model: "openai/gpt-5" }),
			assistant("a1", "m0", "x", { provider: "anthropic", model: "claude" }),
			entry("thinking_level_change", "t1", "a1", { thinkingLevel: null }),
		);
		const c = buildSessionContext(fixed);
		expect(c.model).toEqual({ provider: "openai", modelId: "gpt-5" });
		expect(c.thinkingLevel).toBe("off");
		expect(c.models).toEqual([["default", "openai/gpt-5"]]);
	});

	it("hides prewalk-plan custom messages and sends custom messages with their attribution", () => {
		const entries = omp(
			customMessage("p1", null, "prewalk-plan", "plan"),
			customMessage("c1", "p1", "note", "hello", {}, { attribution: "user", timestamp: at(5) }),
		);
		const c = buildSessionContext(entries);
		expect(c.messages).toEqual([
			{
				role: "custom",
				customType: "note",
				content: "hello",
				display: true,
				details: undefined,
				attribution: "user",
				timestamp: T0_MS + 5000,
			},
		]);
	});

	it("puts the newest valid context notebook first, after the latest /clear only", () => {
		const entries = omp(
			user("u1", null, "q"),
			custom("n1", "u1", "experimental_context_notes", { version: 1, text: "- task: port" }),
			custom("n2", "n1", "experimental_context_notes", { version: 2, text: "invalid revision" }),
		);
		const c = buildSessionContext(entries);
		expect(c.messages[0]).toMatchObject({ role: "custom", customType: "experimental_context_notes", display: false });
		expect((c.messages[0] as { content: string }).content).toMatch(
			/^<experimental-context-notes>[\s\S]*- task: port\n<\/experimental-context-notes>$/,
		);
		const cleared = omp(
			custom("n1", null, "experimental_context_notes", { version: 1, text: "x" }),
			entry("reset_boundary", "r1", "n1"),
		);
		expect(buildSessionContext(cleared).messages).toEqual([]);
	});

	it("converts as oh-my-pi does: attribution, developer custom messages, its summary templates", () => {
		const entries = omp(
			compaction("c1", null, { summary: "did things  ", firstKeptEntryId: "none" }),
			user("u1", "c1", "hi"),
			customMessage("cm", "u1", "note", "fyi"),
		);
		const llm = convertToLlm(buildSessionContext(entries).messages);
		expect(llm).toEqual([
			{
				role: "user",
				content: [
					{
						type: "text",
						text: "Prior model work/tool state available.\nMUST build on prior work; NEVER duplicate prior work.\n\n<summary>\ndid things\n</summary>",
					},
				],
				attribution: "agent",
				historyRewriteAt: T0_MS,
				timestamp: T0_MS,
			},
			{ role: "user", content: "hi", timestamp: T0_MS, attribution: "user" },
			{ role: "developer", content: [{ type: "text", text: "fyi" }], attribution: "agent", timestamp: T0_MS },
		]);
		// The same messages converted the pi way, when asked.
		expect(convertToLlm(buildSessionContext(entries).messages, "pi")[1]).toEqual({
			role: "user",
			content: "hi",
			timestamp: T0_MS,
		});
	});

	it("sends a pruned tool result as one text block", () => {
		const pruned = { ...toolResultMsg("c1", "long output"), prunedAt: 5 };
		const [sent] = convertToLlm([pruned], "oh-my-pi");
		expect(sent).toMatchObject({
			role: "toolResult",
			content: [{ type: "text", text: "long output" }],
			attribution: "agent",
		});
		const empty = { ...pruned, content: [] as ToolResultMessage["content"] };
		expect(convertToLlm([empty], "oh-my-pi")[0].content).toEqual([{ type: "text", text: "[Output truncated]" }]);
	});

	it("tips count the tokens oh-my-pi's context holds, not pi's", () => {
		const s = parseSession(readFixture("dialects/omp-clear.jsonl"));
		for (const leaf of summarizeLeaves(s.entries)) {
			expect(leaf.contextTokens).toBe(estimateTotalTokens(buildSessionContext(s.entries, leaf.id).messages));
		}
		const tip = summarizeLeaves(s.entries).find((l) => l.id === "a1000011");
		expect(tip?.contextTokens).toBe(estimateTotalTokens(buildSessionContext(s.entries, "a1000011").messages));
	});

	it("the teaching fixture: after its /clear only the new request and answer are sent", () => {
		const s = parseSession(readFixture("dialects/omp-clear.jsonl"));
		expect(s.leafId).toBe("a1000011");
		const c = buildSessionContext(s.entries, s.leafId);
		expect(c.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(c.mode).toBe("plan");
		expect(c.thinkingLevel).toBe("high");
		// Before the /clear: the error and retry-recovery turns are out.
		expect(texts(s.entries, "a1000007")).toEqual([
			"Why does the login test fail sometimes?",
			"It races the session cookie.",
		]);
	});
});
