import { describe, expect, it } from "vitest";
import {
	assistant,
	entry,
	header,
	jsonl,
	modelChange,
	ompFile,
	ompTitleSlot,
	toolResult,
	user,
} from "../../../test/builders";
import { readFixture } from "../../../test/fixtures";
import { buildSessionContext } from "../context/context";
import { parseSession } from "../session/parse";
import { describeDialect, dialectOf, readOmpTitleSlot } from "./index";

const errorsAndWarnings = (text: string) =>
	parseSession(text)
		.issues.filter((i) => i.severity !== "info")
		.map((i) => `${i.code} ${i.message}`);

describe("dialect detection", () => {
	it("reads oh-my-pi's title slot as the title, not an entry, with no issues", () => {
		const text = ompFile("Fix the login", user("u1", null, "hi"));
		expect(new TextEncoder().encode(`${ompTitleSlot("Fix the login")}\n`).length).toBe(256);
		const s = parseSession(text);
		expect(s.dialect).toBe("oh-my-pi");
		expect(s.title).toBe("Fix the login");
		expect(s.entries.map((e) => e.id)).toEqual(["u1"]);
		expect(s.issues).toEqual([]);
		expect(s.entries[0].dialect).toBe("oh-my-pi");
	});

	it("falls back to the header's title when the slot's is empty", () => {
		const text = `${ompTitleSlot("")}\n${jsonl(header({ title: "From header" }), user("u1", null, "hi"))}`;
		expect(parseSession(text).title).toBe("From header");
	});

	it("does not take a title-like first line that breaks the slot's rules as a slot", () => {
		expect(readOmpTitleSlot({ type: "title", v: 2, title: "x", updatedAt: "t", pad: "" })).toBeNull();
		expect(readOmpTitleSlot({ type: "title", v: 1, title: "x", updatedAt: "t", pad: "", source: "bot" })).toBeNull();
		const s = parseSession(`{"type":"title","v":2,"title":"x","updatedAt":"t","pad":""}\n${jsonl(header())}`);
		expect(s.dialect).toBe("pi");
	});

	it("recognises an older oh-my-pi file (no slot) from an entry only oh-my-pi writes", () => {
		const entries = [user("u1", null, "hi"), entry("reset_boundary", "r1", "u1"), user("u2", "r1", "again")];
		const s = parseSession(jsonl(header(), ...entries));
		expect(s.dialect).toBe("oh-my-pi");
		expect(s.entries[0].dialect).toBeUndefined();
		expect(dialectOf(s.entries)).toBe("oh-my-pi");
		expect(errorsAndWarnings(jsonl(header(), ...entries))).toEqual([]);
	});

	it("leaves pi files unstamped and pi", () => {
		const s = parseSession(jsonl(header(), user("u1", null, "hi"), assistant("a1", "u1", "yo")));
		expect(s.dialect).toBe("pi");
		expect(dialectOf(s.entries)).toBe("pi");
		expect(s.entries.every((e) => !("dialect" in e))).toBe(true);
	});

	it("names the dialect and format for the header view", () => {
		expect(describeDialect("oh-my-pi", 3)).toBe("oh-my-pi session, format 3");
		expect(describeDialect("pi", 2)).toBe("pi session, format 2");
		expect(describeDialect("pi-v4", 4)).toContain("experimental: pi's v4 format is not released yet");
	});
});

describe("oh-my-pi files open without false alarms", () => {
	it("the fixture with every oh-my-pi entry type has no errors or warnings", () => {
		expect(errorsAndWarnings(readFixture("dialects/omp-clear.jsonl"))).toEqual([]);
	});

	it("model_change {model, role} is not a missing field; pi's shape still is checked in pi files", () => {
		const omp = ompFile("t", entry("model_change", "m1", null, { model: "openai/gpt-5", role: "plan" }));
		expect(errorsAndWarnings(omp)).toEqual([]);
		const pi = jsonl(header(), entry("model_change", "m1", null, { model: "openai/gpt-5" }));
		expect(errorsAndWarnings(pi).some((t) => t.startsWith("missing-field"))).toBe(false);
		const piBroken = jsonl(header(), modelChange("m1", null, "p", "m", { provider: undefined }));
		expect(errorsAndWarnings(piBroken).some((t) => t.startsWith("missing-field"))).toBe(true);
	});

	it("a custom_message stamped with its message time in ms is fine in oh-my-pi, not in pi", () => {
		const cm = entry("custom_message", "c1", null, {
			customType: "x",
			content: "hi",
			display: true,
			timestamp: 1775037600000,
		});
		expect(errorsAndWarnings(ompFile("t", cm))).toEqual([]);
		expect(errorsAndWarnings(jsonl(header(), cm)).some((t) => t.startsWith("bad-timestamp"))).toBe(true);
	});

	it("a model_usage record under a tool call is not a branch that leaves the call unanswered", () => {
		const text = ompFile(
			"t",
			user("u1", null, "go"),
			assistant("a1", "u1", null, { toolCalls: ["c1"] }),
			entry("model_usage", "mu", "a1", {
				purpose: "title",
				provider: "p",
				model: "m",
				usage: {},
				api: "x",
				stopReason: "stop",
			}),
			toolResult("r1", "a1", "c1", "ok"),
		);
		expect(errorsAndWarnings(text)).toEqual([]);
	});
});

describe("newer pi (after 1.6.0)", () => {
	const text = readFixture("dialects/pi-newer.jsonl");
	const s = parseSession(text);

	it("a file ending in a leaf entry resumes from its target", () => {
		expect(s.entries[s.entries.length - 1].type).toBe("leaf");
		expect(s.leafId).toBe("c1000007");
		const end = parseSession(jsonl(header(), user("u1", null, "x"), entry("leaf", "l1", "u1", { targetId: null })));
		expect(end.leafId).toBeNull();
	});

	it("knows active_tools_change and leaf (no unknown-type warnings), and a deferred reply closes no call", () => {
		expect(errorsAndWarnings(text)).toEqual([]);
	});

	it("drops the deferred reply, moves each result after its call, and reports the active tools", () => {
		const c = buildSessionContext(s.entries, "c1000007");
		expect(c.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "toolResult", "assistant"]);
		expect(c.messages.some((m) => m.role === "assistant" && m.stopReason === "deferred")).toBe(false);
		expect(c.activeToolNames).toEqual(["read", "bash"]);
	});

	it("orders results after their call and drops results with no call in the context", () => {
		const entries = [
			entry("active_tools_change", "t0", null, { activeToolNames: [] }),
			toolResult("r0", "t0", "nowhere", "orphan"),
			assistant("a1", "r0", null, { toolCalls: ["c1"] }),
			user("u1", "a1", "interjection"),
			toolResult("r1", "u1", "c1", "late"),
		];
		const c = buildSessionContext(entries, "r1");
		expect(c.messages.map((m) => m.role)).toEqual(["assistant", "toolResult", "user"]);
	});

	it("a pi 1.6.0 file without those markers keeps pi 1.6.0's order", () => {
		const entries = [
			assistant("a1", null, null, { toolCalls: ["c1"] }),
			user("u1", "a1", "x"),
			toolResult("r1", "u1", "c1", "late"),
		];
		expect(buildSessionContext(entries, "r1").messages.map((m) => m.role)).toEqual(["assistant", "user", "toolResult"]);
		expect(buildSessionContext(entries, "r1")).not.toHaveProperty("activeToolNames");
	});
});
