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
import { type AgentMessage, messageOfFields, type SessionEntry, type ToolResultMessage } from "../../session/types";
import { summarizeLeaves } from "../../view/leaves";
import { renderOmpPrompt } from "./context";

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
			// No attribution on the entry: none on the developer message (pi-agent-core copies it as is).
			{ role: "developer", content: [{ type: "text", text: "fyi" }], timestamp: T0_MS },
		]);
		// The same messages converted the pi way, when asked.
		expect(convertToLlm(buildSessionContext(entries).messages, "pi")[1]).toEqual({
			role: "user",
			content: "hi",
			timestamp: T0_MS,
		});
	});

	it("sends a pruned tool result's texts as one block in the first text's place, images kept", () => {
		// pi-agent-core `getPrunedToolResultContent` (bundled in oh-my-pi 18.3.4's dist/cli.js).
		const img = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
		const mixed = {
			...toolResultMsg("c1", [img, { type: "text", text: "one " }, img, { type: "text", text: "two" }]),
			prunedAt: 5,
		};
		expect(convertToLlm([mixed], "oh-my-pi")[0].content).toEqual([img, { type: "text", text: "one two" }, img]);
		const imagesOnly = { ...toolResultMsg("c1", [img]), prunedAt: 5 };
		expect(convertToLlm([imagesOnly], "oh-my-pi")[0].content).toEqual([
			{ type: "text", text: "[Output truncated]" },
			img,
		]);
		// Not pruned: content as it is.
		expect(convertToLlm([toolResultMsg("c1", [img])], "oh-my-pi")[0].content).toEqual([img]);
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

	it("sends the context notebook as a developer message with no attribution", () => {
		const entries = omp(
			user("u1", null, "q"),
			custom("n1", "u1", "experimental_context_notes", { version: 1, text: "- task: port" }, { timestamp: at(3) }),
		);
		const [notes, q] = convertToLlm(buildSessionContext(entries).messages);
		expect(notes).toEqual({
			role: "developer",
			content: [
				{
					type: "text",
					text: expect.stringMatching(
						/^<experimental-context-notes>[\s\S]*- task: port\n<\/experimental-context-notes>$/,
					),
				},
			],
			timestamp: T0_MS + 3000,
		});
		expect(Object.hasOwn(notes, "attribution")).toBe(false);
		expect(q).toMatchObject({ role: "user", attribution: "user" });
	});

	it("bounds the notebook in UTF-8 bytes (16 KiB), not characters", () => {
		const fits = "é".repeat(8192); // 16384 bytes
		const over = "é".repeat(8193); // 8193 characters, 16386 bytes
		const entries = omp(
			custom("n1", null, "experimental_context_notes", { version: 1, text: fits }),
			custom("n2", "n1", "experimental_context_notes", { version: 1, text: over }),
		);
		const [m] = buildSessionContext(entries).messages as { content: string }[];
		// The later revision is invalid: the earlier one is sent.
		expect(m.content).toContain(fits);
		expect(m.content).not.toContain(over);
	});

	it("sends file mentions as oh-my-pi does: text files as a developer message attributed to the user", () => {
		const img = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
		const mention = (files: unknown[]) => messageOfFields({ role: "fileMention", files, timestamp: 7 });
		const text = convertToLlm(
			[
				mention([
					{ path: "a.md", content: "# A" },
					{ path: "b.md", content: "" },
				]),
			],
			"oh-my-pi",
		);
		expect(text).toEqual([
			{
				role: "developer",
				content: [{ type: "text", text: '<file path="a.md">\n# A\n</file>\n<file path="b.md">\n</file>' }],
				attribution: "user",
				timestamp: 7,
			},
		]);
		// Image files only: one user message, the wrappers then the images.
		expect(convertToLlm([mention([{ path: "p.png", content: "", image: img }])], "oh-my-pi")).toEqual([
			{
				role: "user",
				content: [{ type: "text", text: '<file path="p.png">\n</file>' }, img],
				attribution: "user",
				timestamp: 7,
			},
		]);
		// Both: two provider messages, the text files' first (messages.ts convertOne, fileMention).
		const both = convertToLlm(
			[
				mention([
					{ path: "a.md", content: "# A" },
					{ path: "p.png", content: "", image: img },
				]),
			],
			"oh-my-pi",
		);
		expect(both.map((m) => m.role as string)).toEqual(["developer", "user"]);
		expect(both[1].content).toEqual([{ type: "text", text: '<file path="p.png">\n</file>' }, img]);
	});

	it("sends a custom message with text and images as two messages: the text as a developer one, the images in a user one", () => {
		const img = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
		const custom = messageOfFields({
			role: "custom",
			customType: "note",
			content: [{ type: "text", text: "see the screenshot" }, img],
			display: true,
			attribution: "user",
			timestamp: 9,
		});
		expect(convertToLlm([custom], "oh-my-pi")).toEqual([
			{ role: "developer", content: [{ type: "text", text: "see the screenshot" }], attribution: "user", timestamp: 9 },
			{
				role: "user",
				content: [{ type: "text", text: "Images attached to note." }, img],
				attribution: "user",
				timestamp: 9,
			},
		]);
	});

	it("remote compaction: the replacement history stands for the kept range; only entries after providerReplayThroughEntryId are sent", () => {
		const history = [{ type: "message", role: "user", content: [{ type: "input_text", text: "two" }] }];
		const remote = (replayThrough?: string) => ({
			summary: "remote summary",
			firstKeptEntryId: "u2",
			tokensBefore: 7000,
			...(replayThrough ? { providerReplayThroughEntryId: replayThrough } : {}),
			preserveData: { openaiRemoteCompaction: { provider: "openai", replacementHistory: history } },
		});
		const entries = omp(
			user("u1", null, "one"),
			user("u2", "u1", "two"),
			assistant("a2", "u2", "r2"),
			user("u3", "a2", "three"),
			entry("compaction", "c1", "u3", { ...remote("a2"), timestamp: at(10) }),
			user("u4", "c1", "four"),
		);
		const c = buildSessionContext(entries);
		expect(texts(entries)).toEqual(["remote summary", "three", "four"]);
		expect(c.messages[0]).toEqual({
			role: "compactionSummary",
			summary: "remote summary",
			tokensBefore: 7000,
			providerPayload: { type: "openaiResponsesHistory", provider: "openai", items: history },
			timestamp: T0_MS + 10000,
		});
		// The payload rides on the converted summary.
		expect(convertToLlm(c.messages)[0]).toMatchObject({
			role: "user",
			historyRewriteAt: T0_MS + 10000,
			providerPayload: { type: "openaiResponsesHistory", provider: "openai" },
		});
		const fates = new Map(analyzeContext(entries).fates.map((f) => [f.id, f]));
		expect(fates.get("u2")?.reason).toMatch(/OpenAI remote history replaces its kept range/);
		expect(fates.get("u3")?.reason).toMatch(/providerReplayThroughEntryId.*sent as a message/);
		// No replay point: nothing before the compaction is sent.
		const none = omp(user("u2", null, "two"), entry("compaction", "c1", "u2", remote()), user("u4", "c1", "four"));
		expect(texts(none)).toEqual(["remote summary", "four"]);
		// An invalid payload (empty provider) is ignored: the kept range from firstKeptEntryId is sent.
		const invalid = omp(
			user("u2", null, "two"),
			entry("compaction", "c1", "u2", {
				...remote("u2"),
				preserveData: { openaiRemoteCompaction: { provider: "", replacementHistory: history } },
			}),
		);
		expect(texts(invalid)).toEqual(["remote summary", "two"]);
	});

	it("Anthropic compaction with an empty firstKeptEntryId keeps what follows providerReplayThroughEntryId", () => {
		const payload = { provider: "anthropic", content: "native", signature: "sig", model: "claude" };
		const entries = omp(
			user("u1", null, "one"),
			user("u2", "u1", "two", { timestamp: at(2) }),
			assistant("a2", "u2", "r2", {}, { timestamp: at(3) }),
			entry("compaction", "c1", "a2", {
				summary: "server summary",
				firstKeptEntryId: "",
				tokensBefore: 5000,
				providerReplayThroughEntryId: "u2",
				preserveData: { anthropicCompaction: payload },
			}),
			user("u3", "c1", "three"),
		);
		const c = buildSessionContext(entries);
		expect(texts(entries)).toEqual(["server summary", "r2", "three"]);
		// The payload as oh-my-pi sends it (model dropped), and the rewrite marker just before the
		// first retained entry (a2, at 3 s).
		expect(c.messages[0]).toEqual({
			role: "compactionSummary",
			summary: "server summary",
			tokensBefore: 5000,
			providerPayload: { type: "anthropicCompaction", provider: "anthropic", content: "native", signature: "sig" },
			historyRewriteAt: T0_MS + 3000 - 1,
			timestamp: T0_MS,
		});
		expect(convertToLlm(c.messages)[0]).toMatchObject({ historyRewriteAt: T0_MS + 2999, timestamp: T0_MS });
		expect(analyzeContext(entries).fates.find((f) => f.id === "a2")?.reason).toMatch(
			/After the Anthropic compaction's providerReplayThroughEntryId/,
		);
		// Without an Anthropic payload the same compaction keeps nothing.
		const plain = omp(
			user("u2", null, "two"),
			assistant("a2", "u2", "r2"),
			entry("compaction", "c1", "a2", {
				summary: "s",
				firstKeptEntryId: "",
				tokensBefore: 1,
				providerReplayThroughEntryId: "u2",
			}),
		);
		expect(texts(plain)).toEqual(["s"]);
	});

	it("the fixture oh-my-pi wrote: Anthropic snapshot, then an OpenAI remote compaction", () => {
		const s = parseSession(readFixture("dialects/omp-provider-compactions.jsonl"));
		const at10 = (sec: number) => Date.parse(`2026-04-01T10:00:${String(sec).padStart(2, "0")}.000Z`);
		// Leaf before the second compaction: the Anthropic summary, then what follows "Start with the schema.".
		expect(texts(s.entries, "57af7d05")).toEqual([
			"Planned the migration; added the columns.",
			"Added the new columns.",
			"Now the backfill.",
			"Backfill script written.",
			"Run it on staging.",
			"Ran on staging: 1.2M rows.",
			"Any errors?",
			"None; 3 rows skipped as duplicates.",
		]);
		expect(buildSessionContext(s.entries, "57af7d05").messages[0]).toMatchObject({ historyRewriteAt: at10(6) - 1 });
		// The tip: the remote summary, the turn after the replay point, then the rest.
		const c = buildSessionContext(s.entries, s.leafId);
		expect(texts(s.entries, s.leafId ?? undefined)).toEqual([
			"Migration planned, columns added, backfill run on staging.",
			"Any errors?",
			"None; 3 rows skipped as duplicates.",
			"Switch production over.",
			"Switched; old columns dropped.",
		]);
		expect(c.messages[0]).toMatchObject({ providerPayload: { type: "openaiResponsesHistory", provider: "openai" } });
		expect(c.model).toEqual({ provider: "openai", modelId: "gpt-5.1-codex" });
	});

	it("a notes-backed window re-sends the latest user request before its kept range", () => {
		const entries = omp(
			user("u1", null, "old request"),
			user("u2", "u1", "latest request"),
			assistant("a2", "u2", "working"),
			assistant("k", "a2", "kept"),
			entry("compaction", "c1", "k", {
				summary: "window",
				firstKeptEntryId: "k",
				tokensBefore: 1,
				details: { kind: "experimental-context-rollover" },
			}),
			user("u3", "c1", "next"),
		);
		expect(texts(entries)).toEqual(["window", "latest request", "kept", "next"]);
		expect(analyzeContext(entries).fates.find((f) => f.id === "u2")?.reason).toMatch(/re-sent after the summary/);
		// A user-invoked skill prompt counts as the request; a request inside the kept range is not repeated.
		const skill = omp(
			user("u1", null, "old request"),
			customMessage("s1", "u1", "skill-prompt", "skill request", {}, { attribution: "user" }),
			assistant("k", "s1", "kept"),
			entry("compaction", "c1", "k", {
				summary: "window",
				firstKeptEntryId: "k",
				tokensBefore: 1,
				details: { kind: "experimental-context-rollover" },
			}),
		);
		expect(texts(skill)).toEqual(["window", "skill request", "kept"]);
		const inside = omp(
			user("u2", null, "latest request"),
			entry("compaction", "c1", "u2", {
				summary: "window",
				firstKeptEntryId: "u2",
				tokensBefore: 1,
				details: { kind: "experimental-context-rollover" },
			}),
		);
		expect(texts(inside)).toEqual(["window", "latest request"]);
	});

	it("replays custom_message entries as oh-my-pi normalises them", () => {
		const entries = omp(
			entry("custom_message", "c1", null, { content: "no type, no display", attribution: "system" }),
			entry("custom_message", "c2", "c1", { customType: "x", content: null, display: true }),
		);
		expect(buildSessionContext(entries).messages).toEqual([
			{
				role: "custom",
				customType: "custom-message",
				content: "no type, no display",
				display: false,
				details: undefined,
				attribution: "agent",
				timestamp: T0_MS,
			},
		]);
		expect(analyzeContext(entries).fates.find((f) => f.id === "c2")?.reason).toMatch(/neither text nor blocks/);
	});

	it("user-invoked skill and collab prompts are sent as user messages; image-only custom messages as images", () => {
		const img = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
		const custom = (customType: string, content: unknown, attribution?: string) =>
			messageOfFields({ role: "custom", customType, content, display: true, attribution, timestamp: 9 });
		expect(convertToLlm([custom("skill-prompt", "do it", "user")], "oh-my-pi")).toEqual([
			{ role: "user", content: [{ type: "text", text: "do it" }], attribution: "user", timestamp: 9 },
		]);
		expect(convertToLlm([custom("collab-prompt", "also X", "user")], "oh-my-pi")).toEqual([
			{
				role: "user",
				content:
					"<system-notice>\nUser interjection during work: priority; supersedes conflicting prior instructions. Re-read; ensure current work reflects user intent.\n</system-notice>\nalso X",
				attribution: "user",
				timestamp: 9,
			},
		]);
		expect(convertToLlm([custom("shot", [img], "agent")], "oh-my-pi")).toEqual([
			{
				role: "user",
				content: [{ type: "text", text: "Images attached to shot." }, img],
				attribution: "agent",
				timestamp: 9,
			},
		]);
	});

	it("renders summaries as oh-my-pi's prompt renderer does: blank-line runs collapse", () => {
		const [m] = convertToLlm(
			[{ role: "branchSummary", summary: "explored b   \n\n", fromId: "x", timestamp: 1 } as AgentMessage],
			"oh-my-pi",
		);
		expect(m.content).toEqual([{ type: "text", text: "Branch-return summary:\n\n<summary>\nexplored b\n</summary>" }]);
		expect(renderOmpPrompt("a\n{{v}}\nb", "v", "x\n\n\ny\n\nz")).toBe("a\nx\ny\n\nz\nb");
		// Inside a fence blank lines stay, but trailing whitespace still goes (it is trimmed first).
		expect(renderOmpPrompt("```\n{{v}}\n```", "v", "keep  \n\n\n")).toBe("```\nkeep\n\n\n\n```");
	});

	it("snapcompact: the archive's text edges and frames follow the summary", () => {
		const frame = { data: "iVBORw0KGgo=", mimeType: "image/png", cols: 80, rows: 40, chars: 3200, font: "5x8" };
		const entries = omp(
			user("u1", null, "one"),
			entry("compaction", "c1", "u1", {
				summary: "lead-in",
				firstKeptEntryId: "u1",
				tokensBefore: 100,
				method: "snapcompact",
				preserveData: {
					snapcompact: {
						frames: [frame, { data: "blob:sha256:ab", mimeType: "image/png", cols: 1, rows: 1, chars: 1 }],
						totalChars: 9000,
						truncatedChars: 0,
						textHead: "head ![x](data:image/png;base64,QUJD)\u2588more",
						textTail: "tail",
					},
				},
			}),
		);
		const image = { type: "image", data: frame.data, mimeType: "image/png" };
		const [summary] = convertToLlm(buildSessionContext(entries).messages);
		expect(summary.content).toEqual([
			{ type: "text", text: "lead-in" },
			{
				type: "text",
				text: "head [data URL omitted: image/png, 4 base64 chars]\nmore\n-------------- imaged middle below\n",
			},
			image,
			// A frame kept in the blob store is unavailable without it; the tail joins the last text block.
			{
				type: "text",
				text: "-------------- 1 archived image frame unavailable here ---------------------------- imaged middle above\ntail",
			},
		]);
	});

	it("an aborted turn kept for its interrupted-thinking note loses its unsigned thinking tail when sent", () => {
		const m = assistantMsg("answer", { stopReason: "aborted" });
		(m.content as unknown[]).push(
			{ type: "thinking", thinking: "signed", thinkingSignature: "s" },
			{ type: "thinking", thinking: "unsigned" },
			{ type: "text", text: " " },
		);
		const entries = omp(
			user("u1", null, "q"),
			entry("message", "ab", "u1", { message: m }),
			customMessage("n1", "ab", "interrupted-thinking", "note"),
		);
		const sent = convertToLlm(buildSessionContext(entries).messages)[1] as { content: unknown[] };
		expect(sent.content).toEqual([
			{ type: "text", text: "answer" },
			{ type: "thinking", thinking: "signed", thinkingSignature: "s" },
		]);
	});

	it("a bash run sends its images and output notice", () => {
		const img = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
		const run = messageOfFields({
			role: "bashExecution",
			command: "ls",
			output: "a",
			exitCode: 0,
			cancelled: false,
			truncated: true,
			fullOutputPath: "/tmp/x",
			images: [img],
			meta: { truncation: { totalLines: 300, outputLines: 100, truncatedBy: "lines", artifactId: 7 } },
			timestamp: 4,
		});
		expect(convertToLlm([run], "oh-my-pi")).toEqual([
			{
				role: "user",
				content: [
					{
						type: "text",
						text: "Ran `ls`\n```\na\n```\n\n[Showing 100 of 300 lines. Read artifact://7 for full output]",
					},
					img,
				],
				attribution: "user",
				timestamp: 4,
			},
		]);
	});
});
