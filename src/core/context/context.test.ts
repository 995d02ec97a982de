/**
 * One case per rule of SPEC §2–3, written from the SPEC. The golden tests prove the builder on
 * pi's own output; these say, readably, what each rule means and pin the corner cases.
 */
import { describe, expect, it } from "vitest";
import {
	assistant,
	assistantMsg,
	at,
	bash,
	bashMsg,
	branchSummary,
	compaction,
	contextEdit,
	custom,
	customMessage,
	label,
	message,
	modelChange,
	sessionInfo,
	system,
	systemMsg,
	T0,
	T0_MS,
	thinkingLevel,
	toolResult,
	toolResultMsg,
	unknownEntry,
	usage,
	user,
	userMsg,
} from "../../../test/builders";
import type { AgentMessage, SessionEntry } from "../session/types";
import { analyzeContext, buildContextEntries, buildSessionContext } from "./context";
import { convertToLlm } from "./llm";

const ids = (entries: readonly SessionEntry[]) => entries.map((e) => e.id);

/** Everything the builder produces for a leaf, for compact assertions. */
function run(entries: SessionEntry[], leafId?: string | null) {
	const analysis = analyzeContext(entries, leafId);
	const context = buildSessionContext(entries, leafId);
	return {
		analysis,
		ids: ids(buildContextEntries(entries, leafId)),
		context,
		messages: context.messages,
		roles: context.messages.map((m) => m.role),
		llm: convertToLlm(context.messages),
		fate: (id: string) => {
			const fate = analysis.fates.find((f) => f.id === id);
			if (!fate) throw new Error(`${id} is not on the path`);
			return fate;
		},
	};
}

/** Text of a message's first text block (or its string content). */
function text(m: AgentMessage | undefined): string {
	const content = (m as { content?: unknown } | undefined)?.content;
	if (typeof content === "string") return content;
	if (Array.isArray(content)) {
		const block = content.find((b) => b && b.type === "text");
		return block ? block.text : "";
	}
	return "";
}

// A linear session used by several cases: a → b → c → d.
const linear = (): SessionEntry[] => [
	user("a", null, "first"),
	assistant("b", "a", "answer one"),
	user("c", "b", "second"),
	assistant("d", "c", "answer two"),
];

describe("§2 path", () => {
	it("a null leaf is the empty path: no entries, no messages, default settings", () => {
		const entries = [thinkingLevel("t", null, "high"), modelChange("m", "t", "p", "x"), user("u", "m", "hi")];
		const r = run(entries, null);
		expect(r.ids).toEqual([]);
		expect(r.context).toEqual({ messages: [], thinkingLevel: "off", model: null });
		expect(r.analysis.leaf).toBe(-1);
		expect(r.analysis.path).toEqual([]);
		expect(r.analysis.fates).toEqual([]);
	});

	it("an undefined leaf is the file's current leaf: its last entry, even on an older branch", () => {
		// d branches off a after c was written: the file resumes from d, not from c.
		const entries = [user("a", null, "q"), assistant("b", "a", "r"), user("c", "b", "more"), user("d", "a", "redo")];
		expect(run(entries).ids).toEqual(["a", "d"]);
		expect(run(entries, undefined).ids).toEqual(["a", "d"]);
	});

	it("an unknown leaf id is the current leaf too", () => {
		const entries = linear();
		expect(run(entries, "nope").ids).toEqual(["a", "b", "c", "d"]);
	});

	it("a leaf inside the tree reads root → leaf only", () => {
		const r = run(linear(), "b");
		expect(r.ids).toEqual(["a", "b"]);
		expect(r.analysis.path.map((p) => linear()[p].id)).toEqual(["a", "b"]);
	});

	it("an empty file has an empty path for every leaf argument", () => {
		for (const leaf of [undefined, null, "x"]) {
			expect(run([], leaf).context).toEqual({ messages: [], thinkingLevel: "off", model: null });
		}
	});
});

describe("§3.1 no compaction", () => {
	it("returns the path unchanged, non-message entries included", () => {
		const entries: SessionEntry[] = [
			sessionInfo("n", null, "name"),
			user("a", "n", "q"),
			label("l", "a", "a", "bookmark"),
			custom("x", "l", "ext", { k: 1 }),
			modelChange("m", "x", "p", "model"),
			assistant("b", "m", "r"),
		];
		const r = run(entries);
		expect(r.ids).toEqual(["n", "a", "l", "x", "m", "b"]);
		expect(r.roles).toEqual(["user", "assistant"]);
		expect(r.analysis.rule).toBe("none");
		expect(r.analysis.compaction).toBeNull();
		for (const f of r.analysis.fates) {
			expect(f.region).toBe("whole");
			expect(f.selected).toBe(true);
		}
		expect(r.fate("a").messageCount).toBe(1);
		expect(r.fate("l").messageCount).toBe(0);
		expect(r.fate("x").messageCount).toBe(0);
	});
});

describe("§3.1 legacy compaction (firstKeptEntryId)", () => {
	const entries = (): SessionEntry[] => [
		...linear(),
		compaction("C", "d", { firstKeptEntryId: "c", summary: "old stuff", tokensBefore: 500 }),
		user("e", "C", "after"),
	];

	it("returns [c, kept range, after]: the compaction first, then firstKept…compaction, then the rest", () => {
		const r = run(entries());
		expect(r.ids).toEqual(["C", "c", "d", "e"]);
		expect(r.roles).toEqual(["compactionSummary", "user", "assistant", "user"]);
		expect(r.messages[0]).toEqual({
			role: "compactionSummary",
			summary: "old stuff",
			tokensBefore: 500,
			timestamp: T0_MS,
		});
		expect(text(r.messages[1])).toBe("second");
	});

	it("records the regions and reasons", () => {
		const r = run(entries());
		expect(r.analysis.rule).toBe("legacy");
		expect(r.analysis.compaction).toMatchObject({ pathIndex: 4, firstKeptPathIndex: 2, tokensBefore: 500 });
		expect(r.analysis.fates.map((f) => [f.id, f.region, f.selected])).toEqual([
			["a", "summarized", false],
			["b", "summarized", false],
			["c", "kept", true],
			["d", "kept", true],
			["C", "checkpoint", true],
			["e", "after", true],
		]);
		expect(r.fate("a").messageStart).toBe(-1);
		expect(r.fate("a").messageCount).toBe(0);
		expect(r.fate("a").reason).toMatch(/summary/);
		expect(r.fate("C")).toMatchObject({ messageStart: 0, messageCount: 1 });
		expect(r.fate("c")).toMatchObject({ messageStart: 1, messageCount: 1 });
		expect(r.fate("e")).toMatchObject({ messageStart: 3, messageCount: 1 });
		expect(r.analysis.sources.map((s) => [s.entryId, s.origin])).toEqual([
			["C", "compaction-summary"],
			["c", "message"],
			["d", "message"],
			["e", "message"],
		]);
	});

	it("skips system messages in the kept range, but not after the compaction", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			system("s1", "a", "kept-range system"),
			assistant("b", "s1", "r"),
			compaction("C", "b", { firstKeptEntryId: "a" }),
			system("s2", "C", "after system"),
		];
		const r = run(list);
		expect(r.ids).toEqual(["C", "a", "b", "s2"]);
		expect(r.roles).toEqual(["compactionSummary", "user", "assistant", "system"]);
		expect(r.fate("s1")).toMatchObject({ region: "kept", selected: false, messageCount: 0 });
		expect(r.fate("s1").reason).toMatch(/system/);
	});

	it("keeps system messages when there is no compaction", () => {
		expect(run([user("a", null, "q"), system("s", "a", "sys")]).roles).toEqual(["user", "system"]);
	});

	it("keeps nothing before the compaction when firstKeptEntryId is on another branch", () => {
		// x is a sibling branch of b: it exists, but not on C's path.
		const list: SessionEntry[] = [
			user("a", null, "q"),
			user("x", "a", "other branch"),
			assistant("b", "a", "r"),
			compaction("C", "b", { firstKeptEntryId: "x" }),
			user("e", "C", "after"),
		];
		const r = run(list, "e");
		expect(r.ids).toEqual(["C", "e"]);
		expect(r.roles).toEqual(["compactionSummary", "user"]);
		expect(r.analysis.rule).toBe("legacy-kept-missing");
		expect(r.analysis.compaction?.firstKeptPathIndex).toBe(-1);
		expect(r.fate("a").region).toBe("summarized");
		expect(r.fate("a").reason).toMatch(/not on this path/);
	});

	it("keeps nothing before the compaction when firstKeptEntryId names no entry, or is absent", () => {
		for (const opts of [{ firstKeptEntryId: "ghost" }, {}]) {
			const list: SessionEntry[] = [user("a", null, "q"), compaction("C", "a", opts), user("e", "C", "after")];
			const r = run(list);
			expect(r.ids).toEqual(["C", "e"]);
			expect(r.analysis.rule).toBe("legacy-kept-missing");
		}
	});

	it("finds a firstKeptEntryId that two entries share where the path has it (the later one, a parent)", () => {
		// Two entries "k": the later wins look-ups, so b's parent is the second; the first is off the path.
		const list: SessionEntry[] = [
			user("a", null, "q"),
			user("k", "a", "first k"),
			user("k", "a", "second k"),
			assistant("b", "k", "r"),
			compaction("C", "b", { firstKeptEntryId: "k" }),
			user("e", "C", "after"),
		];
		const r = run(list, "e");
		expect(r.analysis.rule).toBe("legacy");
		expect(r.analysis.path).toEqual([0, 2, 3, 4, 5]);
		expect(r.analysis.compaction?.firstKeptPathIndex).toBe(1);
		expect(r.analysis.fates.map((f) => f.region)).toEqual(["summarized", "kept", "kept", "checkpoint", "after"]);
		expect(text(r.messages[1])).toBe("second k");
	});

	it("makes the summarized entries' fates when they are read, the same ones each time", () => {
		const list: SessionEntry[] = [
			...linear(),
			compaction("C", "d", { firstKeptEntryId: "c", summary: "S" }),
			user("e", "C", "x"),
		];
		const { fates, compaction: c, summarized: prefix } = analyzeContext(list, "e");
		expect(prefix?.count).toBe(c?.firstKeptPathIndex);
		expect(fates.slice(0, prefix?.count).map((f) => f.id)).toEqual(["a", "b"]);
		expect(fates[0]).toBe(fates[0]);
		expect(Object.keys(fates)).toEqual(fates.map((_, i) => String(i)));
		expect([...fates].slice(0, prefix?.count)).toEqual(
			fates.slice(0, prefix?.count).map((f) => ({ ...f, region: "summarized", selected: false, messageCount: 0 })),
		);
		// Without a compaction every fate is a plain object.
		expect(analyzeContext(linear()).summarized).toBeNull();
	});

	it("does not read a firstKeptEntryId that comes after the compaction", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			compaction("C", "a", { firstKeptEntryId: "e" }),
			user("e", "C", "x"),
		];
		expect(run(list).ids).toEqual(["C", "e"]);
	});
});

describe("§3.1 retainedTail: a self-contained checkpoint", () => {
	it("returns [c, ...after] and sends summary, tail, then what follows", () => {
		const tail = [userMsg("kept question"), assistantMsg("kept answer")];
		const list: SessionEntry[] = [
			...linear(),
			compaction("C", "d", { retainedTail: tail, firstKeptEntryId: "c", summary: "S" }),
			user("e", "C", "after"),
		];
		const r = run(list);
		expect(r.ids).toEqual(["C", "e"]);
		expect(r.roles).toEqual(["compactionSummary", "user", "assistant", "user"]);
		expect(r.messages.slice(1, 3)).toEqual(tail);
		expect(r.analysis.rule).toBe("retained-tail");
		// firstKeptEntryId is not read: c is summarized like everything before the checkpoint.
		expect(r.fate("c")).toMatchObject({ region: "summarized", selected: false });
		expect(r.fate("C").messageCount).toBe(3);
		expect(r.fate("C").reason).toMatch(/2 retained-tail/);
		expect(r.analysis.sources.map((s) => s.origin)).toEqual([
			"compaction-summary",
			"retained-tail",
			"retained-tail",
			"message",
		]);
	});

	it("an empty retainedTail still makes a checkpoint: nothing before it is read", () => {
		const list: SessionEntry[] = [
			...linear(),
			compaction("C", "d", { retainedTail: [], firstKeptEntryId: "a" }),
			user("e", "C", "after"),
		];
		const r = run(list);
		expect(r.ids).toEqual(["C", "e"]);
		expect(r.roles).toEqual(["compactionSummary", "user"]);
	});
});

describe("§3.1–3.2 several compactions", () => {
	it("only the latest compaction on the path counts", () => {
		const list: SessionEntry[] = [
			user("a", null, "q1"),
			compaction("C1", "a", { firstKeptEntryId: "a", summary: "first" }),
			user("b", "C1", "q2"),
			compaction("C2", "b", { firstKeptEntryId: "b", summary: "second" }),
			user("e", "C2", "q3"),
		];
		const r = run(list);
		expect(r.ids).toEqual(["C2", "b", "e"]);
		expect(r.messages[0]).toMatchObject({ role: "compactionSummary", summary: "second" });
		expect(r.fate("C1").region).toBe("summarized");
		// From a leaf before C2, C1 is the latest.
		expect(run(list, "b").ids).toEqual(["C1", "a", "b"]);
	});

	it("an older compaction inside the kept range is selected but contributes nothing", () => {
		const list: SessionEntry[] = [
			user("a", null, "q1"),
			compaction("C1", "a", { firstKeptEntryId: "a", summary: "first", systemMessage: systemMsg("sys1") }),
			user("b", "C1", "q2"),
			compaction("C2", "b", { firstKeptEntryId: "a", summary: "second" }),
		];
		const r = run(list);
		expect(r.ids).toEqual(["C2", "a", "C1", "b"]);
		expect(r.roles).toEqual(["compactionSummary", "user", "user"]);
		expect(r.messages.map(text)).toEqual(["", "q1", "q2"]);
		expect(r.fate("C1")).toMatchObject({ region: "kept", selected: true, messageCount: 0 });
		expect(r.fate("C1").reason).toMatch(/older compaction/);
	});

	it("a retained tail of an older compaction inside the kept range is not sent either", () => {
		const list: SessionEntry[] = [
			user("a", null, "q1"),
			compaction("C1", "a", { retainedTail: [userMsg("tail of C1")] }),
			user("b", "C1", "q2"),
			compaction("C2", "b", { firstKeptEntryId: "C1" }),
		];
		const r = run(list);
		expect(r.ids).toEqual(["C2", "C1", "b"]);
		expect(r.messages.map(text)).toEqual(["", "q2"]);
	});
});

describe("§3.2 compaction systemMessage", () => {
	it("comes first, before the summary and the retained tail", () => {
		const sys = systemMsg("you are a compacted agent", { timestamp: 42 });
		const list: SessionEntry[] = [
			user("a", null, "q"),
			compaction("C", "a", { retainedTail: [userMsg("tail")], systemMessage: sys }),
		];
		const r = run(list);
		expect(r.roles).toEqual(["system", "compactionSummary", "user"]);
		expect(r.messages[0]).toEqual(sys);
		expect(r.analysis.sources[0].origin).toBe("compaction-system");
		expect(r.llm.map((m) => m.role)).toEqual(["system", "user", "user"]);
	});

	it("also applies to a legacy compaction", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			compaction("C", "a", { firstKeptEntryId: "a", systemMessage: systemMsg("sys") }),
		];
		expect(run(list).roles).toEqual(["system", "compactionSummary", "user"]);
	});
});

describe("§3.2 settings come from the whole path", () => {
	it("defaults to thinking level off and no model", () => {
		const r = run([user("a", null, "q")]);
		expect(r.context.thinkingLevel).toBe("off");
		expect(r.context.model).toBeNull();
		expect(r.analysis.thinkingLevelFrom).toBe(-1);
		expect(r.analysis.modelFrom).toBe(-1);
	});

	it("reads settings inside the summarized region", () => {
		const list: SessionEntry[] = [
			thinkingLevel("t", null, "high"),
			modelChange("m", "t", "anthropic", "claude"),
			user("a", "m", "q"),
			compaction("C", "a", { retainedTail: [] }),
			user("e", "C", "after"),
		];
		const r = run(list);
		expect(r.ids).toEqual(["C", "e"]);
		expect(r.context.thinkingLevel).toBe("high");
		expect(r.context.model).toEqual({ provider: "anthropic", modelId: "claude" });
		expect(r.analysis.thinkingLevelFrom).toBe(0);
		expect(r.analysis.modelFrom).toBe(1);
	});

	it("an assistant message sets the model; the latest setting on the path wins", () => {
		const list: SessionEntry[] = [
			modelChange("m1", null, "p1", "first"),
			user("a", "m1", "q"),
			assistant("b", "a", "r", { provider: "p2", model: "second" }),
			modelChange("m2", "b", "p3", "third"),
			thinkingLevel("t1", "m2", "low"),
			thinkingLevel("t2", "t1", "medium"),
		];
		expect(run(list, "a").context.model).toEqual({ provider: "p1", modelId: "first" });
		expect(run(list, "b").context.model).toEqual({ provider: "p2", modelId: "second" });
		expect(run(list, "m2").context.model).toEqual({ provider: "p3", modelId: "third" });
		expect(run(list, "t2").context.thinkingLevel).toBe("medium");
		expect(run(list, "t1").context.thinkingLevel).toBe("low");
	});

	it("ignores settings on other branches", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			thinkingLevel("t", "a", "high"),
			modelChange("m", "a", "p", "x"),
			user("b", "a", "other"),
		];
		const r = run(list, "b");
		expect(r.context.thinkingLevel).toBe("off");
		expect(r.context.model).toBeNull();
	});

	it("settings entries are selected but send nothing", () => {
		const r = run([thinkingLevel("t", null, "low"), modelChange("m", "t", "p", "x")]);
		expect(r.ids).toEqual(["t", "m"]);
		expect(r.messages).toEqual([]);
		expect(r.fate("t").reason).toMatch(/setting/);
	});
});

describe("§3.2 projecting entries", () => {
	it("a branch summary becomes a branchSummary message; an empty one sends nothing", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			branchSummary("s", "a", "zz", "what happened there", { timestamp: at(60) }),
			branchSummary("e", "s", "yy", ""),
		];
		const r = run(list);
		expect(r.ids).toEqual(["a", "s", "e"]);
		expect(r.messages[1]).toEqual({
			role: "branchSummary",
			summary: "what happened there",
			fromId: "zz",
			timestamp: T0_MS + 60_000,
		});
		expect(r.messages).toHaveLength(2);
		expect(r.fate("e")).toMatchObject({ selected: true, messageCount: 0 });
		expect(r.fate("e").reason).toMatch(/empty branch summary/);
	});

	it("a custom_message becomes a custom message; null content becomes []", () => {
		const list: SessionEntry[] = [
			customMessage("m", null, "ext", "hello", { display: false, details: { x: 1 } }, { timestamp: at(1) }),
			customMessage("n", "m", "ext", null),
		];
		const r = run(list);
		expect(r.messages).toEqual([
			{
				role: "custom",
				customType: "ext",
				content: "hello",
				display: false,
				details: { x: 1 },
				timestamp: T0_MS + 1000,
			},
			{ role: "custom", customType: "ext", content: [], display: true, details: undefined, timestamp: T0_MS },
		]);
	});

	it("custom, label, session_info, usage and unknown entries produce nothing", () => {
		const list: SessionEntry[] = [
			custom("c", null, "ext", { state: 1 }),
			label("l", "c", "c", "x"),
			sessionInfo("i", "l", "name"),
			usage("u", "i"),
			unknownEntry("z", "u", "future_thing"),
		];
		const r = run(list);
		expect(r.ids).toEqual(["c", "l", "i", "u", "z"]);
		expect(r.messages).toEqual([]);
		expect(r.fate("c").reason).toMatch(/extension state/);
		expect(r.fate("z").reason).toMatch(/unknown entry type "future_thing"/);
	});

	it("sends a stored message as is", () => {
		const m = assistantMsg("hi", { toolCalls: ["t1"], thinking: "hmm" }, { usage: { input: 1 } });
		const r = run([message("a", null, m)]);
		expect(r.messages).toEqual([m]);
	});

	it("normalises null or missing content: [] for user/assistant/toolResult, '' for system", () => {
		const list: SessionEntry[] = [
			message("u", null, { ...userMsg("x"), content: null }),
			message("a", "u", { ...assistantMsg("x"), content: undefined }),
			message("t", "a", { ...toolResultMsg("c1", "x"), content: null }),
			message("s", "t", { ...systemMsg("x"), content: null }),
		];
		const r = run(list);
		expect(r.messages.map((m) => (m as { content: unknown }).content)).toEqual([[], [], [], ""]);
		// The rest of each message is untouched.
		expect(r.messages[2]).toMatchObject({ role: "toolResult", toolCallId: "c1" });
	});

	it("stamps synthesized messages with the entry time", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			compaction("C", "a", { retainedTail: [] }, { timestamp: "2026-02-03T04:05:06.789Z" }),
		];
		expect(run(list).messages[0].timestamp).toBe(Date.UTC(2026, 1, 3, 4, 5, 6, 789));
	});
});

describe("§3.3 context edits", () => {
	it("replaces user content as given (string or blocks)", () => {
		const list: SessionEntry[] = [
			user("a", null, "secret"),
			user("b", "a", [{ type: "text", text: "blocks" }]),
			contextEdit("e1", "b", "a", "redacted"),
			contextEdit("e2", "e1", "b", [{ type: "text", text: "new blocks" }]),
		];
		const r = run(list);
		expect(r.messages.map((m) => (m as { content: unknown }).content)).toEqual([
			"redacted",
			[{ type: "text", text: "new blocks" }],
		]);
		expect(r.fate("a")).toMatchObject({ editId: "e1", messageCount: 1 });
		expect(r.fate("a").reason).toMatch(/replaced by context edit e1/);
		expect(r.analysis.sources[0].editedBy).toBe("e1");
		expect(r.fate("e1").reason).toMatch(/replacing a/);
		// The stored entry is not modified.
		expect((list[0] as { message: { content: unknown } }).message.content).toBe("secret");
	});

	it("turns a string into one text block for assistant and toolResult", () => {
		const list: SessionEntry[] = [
			assistant("a", null, "long answer", { toolCalls: ["t1"] }),
			toolResult("r", "a", "t1", "huge output"),
			contextEdit("e1", "r", "a", "short answer"),
			contextEdit("e2", "e1", "r", "trimmed"),
		];
		const r = run(list);
		expect(r.messages[0]).toMatchObject({ role: "assistant", content: [{ type: "text", text: "short answer" }] });
		expect(r.messages[1]).toMatchObject({
			role: "toolResult",
			toolCallId: "t1",
			content: [{ type: "text", text: "trimmed" }],
		});
	});

	it("replaces custom content (a custom_message), keeping a string a string", () => {
		const list: SessionEntry[] = [customMessage("c", null, "ext", "long"), contextEdit("e", "c", "c", "short")];
		expect(run(list).messages[0]).toMatchObject({ role: "custom", content: "short" });
	});

	it("leaves other roles untouched", () => {
		const list: SessionEntry[] = [
			bash("b", null, "ls", "out"),
			system("s", "b", "sys"),
			branchSummary("bs", "s", "x", "sum"),
			contextEdit("e1", "bs", "b", "x"),
			contextEdit("e2", "e1", "s", "x"),
			contextEdit("e3", "e2", "bs", "x"),
		];
		const r = run(list);
		expect(r.messages).toEqual([bashMsg("ls", "out"), systemMsg("sys"), expect.objectContaining({ summary: "sum" })]);
		expect(r.analysis.sources.every((s) => s.editedBy === undefined)).toBe(true);
	});

	it("null omits the target: it sends no message", () => {
		const list: SessionEntry[] = [user("a", null, "q"), assistant("b", "a", "r"), contextEdit("e", "b", "a", null)];
		const r = run(list);
		expect(r.roles).toEqual(["assistant"]);
		expect(r.ids).toEqual(["a", "b", "e"]);
		expect(r.fate("a")).toMatchObject({ selected: true, omitted: true, editId: "e", messageCount: 0 });
		expect(r.fate("a").reason).toMatch(/omitted by context edit e/);
		expect(r.fate("e").reason).toMatch(/omitting a/);
	});

	it("the last edit per target on the path wins", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			contextEdit("e1", "a", "a", "first"),
			contextEdit("e2", "e1", "a", null),
			contextEdit("e3", "e2", "a", "third"),
		];
		expect(run(list).messages.map(text)).toEqual(["third"]);
		expect(run(list, "e2").messages).toEqual([]);
		expect(run(list, "e1").messages.map(text)).toEqual(["first"]);
		expect(run(list).fate("e1").reason).toMatch(/overridden/);
		expect(run(list).analysis.edits.get("a")?.id).toBe("e3");
	});

	it("an edit on another branch does not apply", () => {
		const list: SessionEntry[] = [user("a", null, "q"), contextEdit("e", "a", "a", "edited"), user("b", "a", "other")];
		expect(run(list, "b").messages.map(text)).toEqual(["q", "other"]);
	});

	it("an edit in the summarized region no longer applies", () => {
		// e edits x, which comes after the compaction; e itself is summarized away.
		const legacy = (firstKeptEntryId: string): SessionEntry[] => [
			user("a", null, "q"),
			contextEdit("e", "a", "x", "edited"),
			user("b", "e", "q2"),
			compaction("C", "b", { firstKeptEntryId }),
			user("x", "C", "original"),
		];
		expect(run(legacy("b")).ids).toEqual(["C", "b", "x"]);
		expect(run(legacy("b")).messages.map(text)).toEqual(["", "q2", "original"]);
		expect(run(legacy("b")).analysis.edits.size).toBe(0);
		// Keep the edit (firstKeptEntryId at a) and it applies again.
		expect(run(legacy("a")).messages.map(text)).toEqual(["", "q", "q2", "edited"]);
		const tail: SessionEntry[] = [
			user("a", null, "q"),
			contextEdit("e", "a", "x", "edited"),
			compaction("C", "e", { retainedTail: [] }),
			user("x", "C", "original"),
		];
		expect(run(tail).messages.map(text)).toEqual(["", "original"]);
		expect(run(tail).fate("x").editId).toBeUndefined();
	});

	it("an edit before the kept range does not apply to a kept target", () => {
		// e edits b, but e itself sits before firstKeptEntryId: summarized away.
		const list: SessionEntry[] = [
			user("a", null, "q"),
			user("b", "a", "keep me"),
			contextEdit("e", "b", "b", "edited"),
			user("k", "e", "k"),
			compaction("C", "k", { firstKeptEntryId: "k" }),
		];
		expect(run(list).analysis.edits.size).toBe(0);
		// With firstKeptEntryId at b, both b and e are kept and the edit applies.
		const kept = list.map((e) => (e.id === "C" ? compaction("C", "k", { firstKeptEntryId: "b" }) : e));
		expect(run(kept).messages.map(text)).toEqual(["", "edited", "k"]);
	});

	it("an edit after the compaction applies to a kept entry", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			compaction("C", "a", { firstKeptEntryId: "a" }),
			contextEdit("e", "C", "a", "edited"),
		];
		const r = run(list);
		expect(r.messages.map(text)).toEqual(["", "edited"]);
		expect(r.fate("a")).toMatchObject({ region: "kept", editId: "e" });
	});

	it("an edit of the latest compaction applies to its messages", () => {
		const list: SessionEntry[] = [
			user("a", null, "q"),
			compaction("C", "a", { retainedTail: [userMsg("tail"), assistantMsg("tail answer")] }),
			contextEdit("e", "C", "C", "replaced"),
		];
		const r = run(list);
		// The summary is not of an editable role; the tail messages are.
		expect(r.roles).toEqual(["compactionSummary", "user", "assistant"]);
		expect(r.messages.slice(1).map((m) => (m as { content: unknown }).content)).toEqual([
			"replaced",
			[{ type: "text", text: "replaced" }],
		]);
		const omitted = [...list.slice(0, 2), contextEdit("e", "C", "C", null)];
		const o = run(omitted);
		expect(o.messages).toEqual([]);
		expect(o.fate("C")).toMatchObject({ omitted: true, messageCount: 0 });
		expect(o.fate("C").reason).toMatch(/context edit omits it/);
	});
});

describe("§3.4 convertToLlm", () => {
	it("passes user, assistant, toolResult and system through unchanged", () => {
		const msgs = [userMsg("u"), assistantMsg("a", { toolCalls: ["t"] }), toolResultMsg("t", "r"), systemMsg("s")];
		expect(convertToLlm(msgs)).toEqual(msgs);
	});

	it("renders a bash execution as a user message", () => {
		const [m] = convertToLlm([bashMsg("ls -la", "a\nb", {}, { timestamp: 7 })]);
		expect(m).toEqual({
			role: "user",
			content: [{ type: "text", text: "Ran `ls -la`\n```\na\nb\n```" }],
			timestamp: 7,
		});
	});

	it("drops a `!!` bash execution (excludeFromContext)", () => {
		expect(convertToLlm([bashMsg("secret", "x", { excludeFromContext: true }), userMsg("u")])).toEqual([userMsg("u")]);
		expect(convertToLlm([bashMsg("shown", "x", { excludeFromContext: false })])).toHaveLength(1);
	});

	const bashText = (...args: Parameters<typeof bashMsg>) => text(convertToLlm([bashMsg(...args)])[0]);

	it("says (no output) for empty output", () => {
		expect(bashText("true", "")).toBe("Ran `true`\n(no output)");
	});

	it("appends cancellation, which wins over the exit code", () => {
		expect(bashText("sleep 9", "", { cancelled: true, exitCode: 130 })).toBe(
			"Ran `sleep 9`\n(no output)\n\n(command cancelled)",
		);
	});

	it("appends a non-zero, non-null exit code only", () => {
		expect(bashText("false", "x", { exitCode: 2 })).toBe("Ran `false`\n```\nx\n```\n\nCommand exited with code 2");
		for (const exitCode of [0, null, undefined]) {
			expect(bashText("ok", "x", { exitCode })).toBe("Ran `ok`\n```\nx\n```");
		}
	});

	it("appends the full-output path when truncated with a path", () => {
		expect(bashText("cat big", "...", { truncated: true, fullOutputPath: "/tmp/out.txt", exitCode: 1 })).toBe(
			"Ran `cat big`\n```\n...\n```\n\nCommand exited with code 1\n\n[Output truncated. Full output: /tmp/out.txt]",
		);
		expect(bashText("cat big", "...", { truncated: true })).toBe("Ran `cat big`\n```\n...\n```");
		expect(bashText("cat big", "...", { fullOutputPath: "/tmp/x" })).toBe("Ran `cat big`\n```\n...\n```");
	});

	it("turns a custom message into a user message; a string becomes one text block", () => {
		const blocks = [{ type: "text" as const, text: "b" }];
		const out = convertToLlm([
			{ role: "custom", customType: "x", content: "hello", display: true, timestamp: 5 },
			{ role: "custom", customType: "x", content: blocks, display: false, timestamp: 6 },
		]);
		expect(out).toEqual([
			{ role: "user", content: [{ type: "text", text: "hello" }], timestamp: 5 },
			{ role: "user", content: blocks, timestamp: 6 },
		]);
	});

	it("wraps a branch summary in the exact text pi sends", () => {
		const [m] = convertToLlm([{ role: "branchSummary", summary: "did X", fromId: "f", timestamp: 9 }]);
		expect(m).toEqual({
			role: "user",
			content: [
				{
					type: "text",
					text: "The following is a summary of a branch that this conversation came back from:\n\n<summary>\ndid X</summary>",
				},
			],
			timestamp: 9,
		});
	});

	it("wraps a compaction summary in the exact text pi sends", () => {
		const [m] = convertToLlm([{ role: "compactionSummary", summary: "all so far", tokensBefore: 3, timestamp: 10 }]);
		expect(m).toEqual({
			role: "user",
			content: [
				{
					type: "text",
					text: "The conversation history before this point was compacted into the following summary:\n\n<summary>\nall so far\n</summary>",
				},
			],
			timestamp: 10,
		});
	});

	it("keeps every source timestamp and only emits provider roles, end to end", () => {
		const list: SessionEntry[] = [
			user("a", null, "q", { timestamp: at(1) }),
			bash("b", "a", "ls", "x"),
			bash("h", "b", "hidden", "x", { excludeFromContext: true }),
			customMessage("m", "h", "ext", "c", {}, { timestamp: at(2) }),
			branchSummary("s", "m", "a", "sum", { timestamp: at(3) }),
			compaction("C", "s", { firstKeptEntryId: "b" }, { timestamp: at(4) }),
			assistant("z", "C", "done"),
		];
		const r = run(list);
		expect(r.roles).toEqual([
			"compactionSummary",
			"bashExecution",
			"bashExecution",
			"custom",
			"branchSummary",
			"assistant",
		]);
		expect(r.llm.map((m) => m.role)).toEqual(["user", "user", "user", "user", "assistant"]);
		expect(r.llm.map((m) => m.timestamp)).toEqual([T0_MS + 4000, T0_MS, T0_MS + 2000, T0_MS + 3000, T0_MS]);
		expect(r.llm.every((m) => ["user", "assistant", "toolResult", "system"].includes(m.role))).toBe(true);
		expect(T0).toBe("2026-01-01T00:00:00.000Z");
	});
});
