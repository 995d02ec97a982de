import { describe, expect, it } from "vitest";
import {
	assistant,
	assistantMsg,
	bash,
	branchSummary,
	compaction,
	label,
	message,
	modelChange,
	sessionInfo,
	toolResult,
	user,
} from "../../../test/builders";
import { contentText, describeFurther, getFirstUserText, getLabels, getSessionName, getSessionStats } from "./meta";
import type { SessionEntry } from "./types";

describe("labels", () => {
	it("keeps the latest label per target in file order", () => {
		const entries = [
			user("a", null, "q"),
			user("b", "a", "r"),
			label("l1", "b", "a", "first"),
			label("l2", "l1", "b", "other"),
			label("l3", "l2", "a", "second"),
		];
		expect(getLabels(entries)).toEqual(
			new Map([
				["a", "second"],
				["b", "other"],
			]),
		);
	});

	it("clears a label with an absent or empty label", () => {
		const entries = [
			user("a", null, "q"),
			label("l1", "a", "a", "x"),
			label("l2", "l1", "a"),
			label("l3", "l2", "b", "y"),
			label("l4", "l3", "b", ""),
			label("l5", "l4", "c", "z"),
		];
		expect(getLabels(entries)).toEqual(new Map([["c", "z"]]));
	});

	it("ignores a label entry without a string targetId", () => {
		const entries = [{ ...label("l", null, "a", "x"), targetId: 5 }] as unknown as SessionEntry[];
		expect(getLabels(entries).size).toBe(0);
	});
});

describe("session name", () => {
	it("is the latest session_info with a non-blank name, trimmed", () => {
		const entries = [
			sessionInfo("i1", null, "  first  "),
			sessionInfo("i2", "i1", "second"),
			sessionInfo("i3", "i2", "   "),
			sessionInfo("i4", "i3"),
		];
		expect(getSessionName(entries)).toBe("second");
		expect(getSessionName(entries.slice(0, 1))).toBe("first");
		expect(getSessionName([user("a", null, "q")])).toBeUndefined();
	});
});

describe("text helpers", () => {
	it("joins text blocks and ignores others", () => {
		expect(contentText("plain")).toBe("plain");
		expect(
			contentText([
				{ type: "text", text: "a" },
				{ type: "image", data: "", mimeType: "image/png" },
				{ type: "text", text: "b" },
				null,
			]),
		).toBe("a\nb");
		expect(contentText(undefined)).toBe("");
	});

	it("finds the first user message with text", () => {
		const entries = [assistant("x", null, "hi"), user("a", "x", "  "), user("b", "a", " do it ")];
		expect(getFirstUserText(entries)).toBe("do it");
		expect(getFirstUserText([])).toBeUndefined();
	});
});

describe("stats", () => {
	it("sums over every branch", () => {
		const usage = (input: number, output: number, total?: number, cost?: number) => ({
			input,
			output,
			cacheRead: 1,
			cacheWrite: 2,
			...(total !== undefined ? { totalTokens: total } : {}),
			...(cost !== undefined ? { cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost } } : {}),
		});
		const entries: SessionEntry[] = [
			modelChange("m", null, "p0", "m0"),
			user("a", "m", "q"),
			message(
				"b",
				"a",
				assistantMsg("r", { toolCalls: ["t1", "t2"], provider: "p1", model: "m1" }, { usage: usage(10, 5, 18, 0.5) }),
			),
			toolResult("c", "b", "t1", "ok"),
			toolResult("d", "b", "t2", "ok"),
			message(
				"e",
				"a",
				assistantMsg("other", { provider: "p2", model: "m2" }, { usage: usage(100, 50, undefined, 0.25) }),
			),
			bash("f", "e", "ls", ""),
			compaction("C", "f", { retainedTail: [] }),
			branchSummary("s", "a", "e", "sum"),
		];
		const stats = getSessionStats(entries);
		expect(stats).toEqual({
			entries: 9,
			messagesByRole: { user: 1, assistant: 2, toolResult: 2, bashExecution: 1 },
			toolCalls: 2,
			tokens: { input: 110, output: 55, cacheRead: 2, cacheWrite: 4, total: 18 + 153 },
			cost: 0.75,
			models: ["p0/m0", "p1/m1", "p2/m2"],
			leaves: 4,
			branchPoints: 2,
			compactions: 1,
			branchSummaries: 1,
			maxDepth: 4,
		});
	});

	it("counts roles named like Object.prototype members as plain keys", () => {
		const entries = [
			message("a", null, { role: "constructor" }),
			message("b", "a", { role: "__proto__" }),
			message("c", "b", { role: "toString" }),
		];
		const byRole = getSessionStats(entries).messagesByRole;
		expect(Object.entries(byRole)).toEqual([
			["constructor", 1],
			["__proto__", 1],
			["toString", 1],
		]);
		expect(JSON.parse(JSON.stringify(byRole))).toEqual(JSON.parse('{"constructor":1,"__proto__":1,"toString":1}'));
	});

	it("tolerates broken usage and messages", () => {
		const entries = [
			message("a", null, null),
			message("b", "a", { ...assistantMsg("x"), usage: { input: "many", output: Number.NaN } }),
		];
		const stats = getSessionStats(entries);
		expect(stats.tokens).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 });
		expect(stats.messagesByRole).toEqual({ assistant: 1 });
	});
});

describe("describeFurther", () => {
	it("describes entries in parts as at once, whichever part holds the name, the text and the times", () => {
		const entries = [
			user("u0", null, " "),
			user("u1", "u0", "first", { timestamp: "t1" }),
			sessionInfo("s1", "u1", "A"),
			compaction("c1", "s1", { firstKeptEntryId: "u1" }),
			sessionInfo("s2", "c1", "B"),
			user("u2", "s2", "later", { timestamp: "t9" }),
		];
		const whole = describeFurther(null, entries);
		expect(whole).toMatchObject({ entries: 6, name: "B", firstUserText: "first", compactions: 1, lastTimestamp: "t9" });
		for (let cut = 0; cut <= entries.length; cut++) {
			expect(describeFurther(describeFurther(null, entries.slice(0, cut)), entries.slice(cut)), `cut ${cut}`).toEqual(
				whole,
			);
		}
	});
});
