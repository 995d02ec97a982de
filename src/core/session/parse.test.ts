import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	assistant,
	compaction,
	header,
	jsonl,
	label,
	message,
	T0,
	toolResult,
	unknownEntry,
	user,
	userMsg,
} from "../../../test/builders";
import { FIXTURES_DIR, readFixture } from "../../../test/fixtures";
import { analyzeContext, buildContextEntries } from "../context/context";
import { convertToLlm } from "../context/llm";
import { v1EntryId } from "./migrate";
import { CURRENT_VERSION, createSessionParser, parseSession, SHRUNK_CHARS, shrinkStrings } from "./parse";
import type { ParsedSession, SessionIssue } from "./types";

const codes = (s: ParsedSession) => s.issues.map((i) => i.code);
const issue = (s: ParsedSession, code: string): SessionIssue | undefined => s.issues.find((i) => i.code === code);
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v));

const small = () =>
	jsonl(
		header(),
		user("a", null, "hello 🌲 日本語"),
		assistant("b", "a", "hi", { toolCalls: ["t1"] }),
		toolResult("c", "b", "t1", "ok"),
		label("l", "c", "a", "start"),
	);

describe("line handling", () => {
	it("parses a clean file with no issues, entries in file order with their line numbers", () => {
		const s = parseSession(small());
		expect(s.issues).toEqual([]);
		expect(s.header?.id).toBe("session-1");
		expect(s.version).toBe(3);
		expect(s.migrated).toBe(false);
		expect(s.entries.map((e) => e.id)).toEqual(["a", "b", "c", "l"]);
		expect(s.lines).toEqual([2, 3, 4, 5]);
		expect(s.leafId).toBe("l");
	});

	it("accepts CRLF line ends", () => {
		const lf = parseSession(small());
		const crlf = parseSession(small().replace(/\n/g, "\r\n"));
		expect(plain(crlf)).toEqual(plain(lf));
	});

	it("accepts a leading BOM", () => {
		const s = parseSession(`\uFEFF${small()}`);
		expect(s.issues).toEqual([]);
		expect(s.header?.type).toBe("session");
	});

	it("gives the same result for a chunked push at every split point", () => {
		const text = `\uFEFF${small().replace(/\n/g, "\r\n")}{"type":"message","id":"x","parentId":"l"`;
		const whole = plain(parseSession(text));
		expect(whole.issues.map((i) => i.code)).toEqual(["truncated-line"]);
		for (let cut = 0; cut <= text.length; cut++) {
			const p = createSessionParser();
			p.push(text.slice(0, cut));
			p.push(text.slice(cut));
			expect(plain(p.finish()), `split at ${cut}`).toEqual(whole);
		}
		const p = createSessionParser();
		for (const ch of text) p.push(ch);
		expect(plain(p.finish())).toEqual(whole);
	});

	it("counts lines as it goes", () => {
		const p = createSessionParser();
		p.push(small());
		expect(p.lineCount).toBe(5);
	});

	it("reports a truncated last line and keeps everything before it", () => {
		const text = `${small()}{"type":"message","id":"x","parentId":"l","mess`;
		const s = parseSession(text);
		expect(s.entries.map((e) => e.id)).toEqual(["a", "b", "c", "l"]);
		expect(issue(s, "truncated-line")).toMatchObject({ line: 6, severity: "error" });
	});

	it("accepts a complete last line without a newline", () => {
		const s = parseSession(small().trimEnd());
		expect(s.issues).toEqual([]);
		expect(s.entries).toHaveLength(4);
	});

	it("reports a malformed line in the middle with its line number and keeps the rest", () => {
		const lines = small().split("\n");
		lines.splice(2, 0, '{"type":"message", oops');
		const s = parseSession(lines.join("\n"));
		expect(s.entries.map((e) => e.id)).toEqual(["a", "b", "c", "l"]);
		expect(s.lines).toEqual([2, 4, 5, 6]);
		expect(s.issues.filter((i) => i.code === "malformed-json")).toEqual([
			expect.objectContaining({ line: 3, severity: "error" }),
		]);
	});

	it("reports JSON lines that are not objects", () => {
		const text = `${jsonl(header(), user("a", null, "q"))}5\n"text"\nnull\n[1,2]\n${jsonl(null, user("b", "a", "r"))}`;
		const s = parseSession(text);
		expect(s.entries.map((e) => e.id)).toEqual(["a", "b"]);
		expect(s.issues.filter((i) => i.code === "not-an-object").map((i) => i.line)).toEqual([3, 4, 5, 6]);
	});

	it("skips trailing blank lines silently", () => {
		expect(parseSession(`${small()}\n\n   \n`).issues).toEqual([]);
	});

	it("skips blank lines in the middle with one info issue", () => {
		const middle = small().replace("\n", "\n\n  \n");
		const s = parseSession(middle);
		expect(s.entries).toHaveLength(4);
		expect(s.issues).toEqual([expect.objectContaining({ code: "blank-lines", severity: "info" })]);
		expect(s.issues[0].message).toMatch(/^2 blank lines/);
	});

	it("treats an empty file as empty, without issues", () => {
		const s = parseSession("");
		expect(s).toMatchObject({ header: null, entries: [], leafId: null, issues: [] });
	});

	it("caps a flood of one issue code and says how many more there were", () => {
		const s = parseSession(`${jsonl(header())}${"nope\n".repeat(1200)}${jsonl(null, user("a", null, "q"))}`);
		expect(s.issues.filter((i) => i.code === "malformed-json")).toHaveLength(1000);
		expect(issue(s, "too-many-issues")?.message).toMatch(/^200 more "malformed-json"/);
		expect(s.entries).toHaveLength(1);
	});
});

describe("header and version", () => {
	it("loads a file without a header, with a warning; entries with ids are read as current", () => {
		const s = parseSession(jsonl(null, user("a", null, "q"), assistant("b", "a", "r")));
		expect(s.header).toBeNull();
		expect(issue(s, "missing-header")).toMatchObject({ line: 1, severity: "warning" });
		expect(s.entries.map((e) => e.id)).toEqual(["a", "b"]);
		expect(s.migrated).toBe(false);
	});

	it("loads a newer version with a warning and does not migrate", () => {
		const s = parseSession(jsonl(header({ version: 4 }), user("a", null, "q")));
		expect(s.version).toBe(4);
		expect(issue(s, "unknown-version")).toMatchObject({ line: 1, severity: "warning" });
		expect(s.migrated).toBe(false);
		expect(s.entries[0].id).toBe("a");
	});

	it.each([[0], [2.5], [-1]])("flags the nonsense version %s", (version) => {
		expect(codes(parseSession(jsonl(header({ version }), user("a", null, "q"))))).toContain("unknown-version");
	});

	it("ignores a second header with a warning", () => {
		const s = parseSession(jsonl(header(), user("a", null, "q"), header({ id: "other" }), user("b", "a", "r")));
		expect(s.header?.id).toBe("session-1");
		expect(issue(s, "duplicate-header")).toMatchObject({ line: 3, severity: "warning" });
		expect(s.entries.map((e) => e.id)).toEqual(["a", "b"]);
	});

	it("flags a header that is not on line 1 or has no id", () => {
		const s = parseSession(jsonl(null, user("a", null, "q"), { type: "session", version: 3 }));
		expect(codes(s)).toEqual(expect.arrayContaining(["header-not-first", "header-missing-id"]));
	});
});

describe("entry checks", () => {
	it("keeps unknown entry types and roles, with warnings", () => {
		const s = parseSession(
			jsonl(header(), unknownEntry("z", null, "hologram"), message("m", "z", { role: "wizard", content: "x" })),
		);
		expect(s.entries).toHaveLength(2);
		expect(issue(s, "unknown-entry-type")).toMatchObject({ line: 2, entryId: "z", severity: "warning" });
		expect(issue(s, "unknown-role")).toMatchObject({ line: 3, entryId: "m" });
	});

	it("flags a message entry without a message and an entry without a type", () => {
		const s = parseSession(jsonl(header(), { type: "message", id: "m", parentId: null }, { id: "t", parentId: "m" }));
		expect(issue(s, "missing-message")).toMatchObject({ line: 2, entryId: "m" });
		expect(issue(s, "missing-type")).toMatchObject({ line: 3 });
	});

	it("gives an entry without an id a stable synthetic one and reads a missing parentId as null", () => {
		const s = parseSession(jsonl(header(), { type: "custom", customType: "x", timestamp: T0 }));
		expect(s.entries[0]).toMatchObject({ id: "line-2", parentId: null });
		expect(codes(s)).toEqual(expect.arrayContaining(["missing-id", "missing-parent-id"]));
	});

	it("reads a non-string parentId as a root", () => {
		const s = parseSession(jsonl(header(), user("a", null, "q"), { ...user("b", null, "r"), parentId: 7 }));
		expect(s.entries[1].parentId).toBeNull();
		expect(issue(s, "bad-parent-id")).toMatchObject({ line: 3, entryId: "b", severity: "error" });
	});

	it("reports tree problems with line numbers", () => {
		const s = parseSession(jsonl(header(), user("a", null, "q"), user("b", "ghost", "r"), user("a", null, "again")));
		expect(issue(s, "orphan")).toMatchObject({ line: 3, entryId: "b" });
		expect(issue(s, "duplicate-id")).toMatchObject({ line: 4, entryId: "a" });
	});
});

describe("migration", () => {
	/** A v1 file: no version, no ids, linear. Line numbers: header 1, entries 2…. */
	const v1 = (...rest: object[]) =>
		[{ type: "session", id: "s", timestamp: T0, cwd: "/" }, ...rest].map((o) => `${JSON.stringify(o)}\n`).join("");
	const v1msg = (text: string) => ({ type: "message", timestamp: T0, message: userMsg(text) });

	it("gives v1 entries deterministic ids from their line numbers and chains them", () => {
		const text = v1(v1msg("one"), v1msg("two"), {
			type: "thinking_level_change",
			timestamp: T0,
			thinkingLevel: "high",
		});
		const s = parseSession(text);
		expect(s.version).toBe(1);
		expect(s.migrated).toBe(true);
		expect(codes(s)).toEqual(["migrated"]);
		expect(s.entries.map((e) => [e.id, e.parentId])).toEqual([
			[v1EntryId(2), null],
			[v1EntryId(3), v1EntryId(2)],
			[v1EntryId(4), v1EntryId(3)],
		]);
		expect(v1EntryId(2)).toBe("00000002");
		expect(v1EntryId(0x1234)).toBe("00001234");
		expect(plain(parseSession(text))).toEqual(plain(s));
		expect(s.leafId).toBe(v1EntryId(4));
	});

	it("turns firstKeptEntryIndex (an index into the parsed objects, header = 0) into firstKeptEntryId", () => {
		// Objects: 0 header, 1 "one" (line 2), 2 "two" (line 4: line 3 is malformed and not an object), 3 compaction.
		const compactionLine = { type: "compaction", timestamp: T0, summary: "S", tokensBefore: 1, firstKeptEntryIndex: 2 };
		const text = [
			JSON.stringify({ type: "session", id: "s", timestamp: T0, cwd: "/" }),
			JSON.stringify(v1msg("one")),
			"{broken",
			JSON.stringify(v1msg("two")),
			JSON.stringify(compactionLine),
			"",
		].join("\n");
		const s = parseSession(text);
		const c = s.entries.find((e) => e.type === "compaction");
		expect(c).toMatchObject({ firstKeptEntryId: v1EntryId(4) });
		expect(c).not.toHaveProperty("firstKeptEntryIndex");
		expect(buildContextEntries(s.entries).map((e) => e.id)).toEqual([v1EntryId(5), v1EntryId(4)]);
	});

	it.each([[0], [99], ["2"]])("flags a firstKeptEntryIndex %j that names no entry", (index) => {
		const text = v1(v1msg("one"), {
			type: "compaction",
			timestamp: T0,
			summary: "S",
			tokensBefore: 1,
			firstKeptEntryIndex: index,
		});
		const s = parseSession(text);
		expect(issue(s, "bad-first-kept-index")).toMatchObject({ line: 3, entryId: v1EntryId(3) });
		expect(s.entries[1]).not.toHaveProperty("firstKeptEntryId");
	});

	// pi indexes every parsed line, a second header included.
	it("counts a second header in firstKeptEntryIndex, as pi does", () => {
		const text = [
			{ type: "session", id: "s", timestamp: T0, cwd: "/" },
			v1msg("one"),
			{ type: "session", id: "s2", timestamp: T0, cwd: "/" },
			v1msg("two"),
			v1msg("three"),
			{ type: "compaction", timestamp: T0, summary: "S", tokensBefore: 1, firstKeptEntryIndex: 3 },
		]
			.map((o) => JSON.stringify(o))
			.join("\n");
		// pi's objects: 0 header, 1 one, 2 second header, 3 two (line 4).
		expect(parseSession(text).entries.at(-1)).toMatchObject({ firstKeptEntryId: v1EntryId(4) });
	});

	it("migrates a v1 file without a header", () => {
		const s = parseSession(`${JSON.stringify(v1msg("one"))}\n${JSON.stringify(v1msg("two"))}\n`);
		expect(s.entries.map((e) => e.id)).toEqual([v1EntryId(1), v1EntryId(2)]);
		expect(codes(s)).toEqual(["missing-header", "migrated"]);
	});

	it("renames the v2 role hookMessage to custom, keeping ids", () => {
		const hook = { role: "hookMessage", customType: "x", content: "hi", display: true, timestamp: 1 };
		const s = parseSession(jsonl(header({ version: 2 }), message("h", null, hook)));
		expect(s.migrated).toBe(true);
		expect(s.version).toBe(2);
		expect(s.entries[0]).toMatchObject({ id: "h", message: { role: "custom" } });
		expect(codes(s)).toEqual(["migrated"]);
	});

	it("does not touch a v3 hookMessage (only v2 is migrated); it stays an unknown role", () => {
		const hook = { role: "hookMessage", customType: "x", content: "hi", display: true, timestamp: 1 };
		const s = parseSession(jsonl(header(), message("h", null, hook)));
		expect(s.entries[0]).toMatchObject({ message: { role: "hookMessage" } });
	});
});

describe("the real pi-mono v1 sessions", () => {
	/** The raw objects of a file as pi indexes them (parsed lines, header at 0). */
	const rawObjects = (text: string) =>
		text
			.split("\n")
			.filter((l) => l.trim())
			.map((l) => JSON.parse(l) as Record<string, unknown>);

	it("before-compaction.jsonl: migrates both compactions to the entries their index named", () => {
		const text = readFixture("pi-mono/before-compaction.jsonl");
		const raw = rawObjects(text);
		const s = parseSession(text);
		expect(s.version).toBe(1);
		expect(s.migrated).toBe(true);
		// A real finding: the tool call on line 628 was cut off by the compaction on line 629.
		expect(s.issues.map((i) => [i.code, i.line])).toEqual([
			["migrated", undefined],
			["tool-call-unanswered", 628],
		]);
		expect(s.entries).toHaveLength(1002);
		expect(raw).toHaveLength(1003);
		const byId = new Map(s.entries.map((e) => [e.id, e]));
		const compactions = s.entries.filter((e) => e.type === "compaction") as ((typeof s.entries)[number] & {
			firstKeptEntryId: string;
		})[];
		expect(compactions.map((c) => c.id)).toEqual([v1EntryId(360), v1EntryId(629)]);
		const rawCompactions = raw.filter((o) => o.type === "compaction");
		expect(rawCompactions.map((o) => o.firstKeptEntryIndex)).toEqual([293, 551]);
		compactions.forEach((c, i) => {
			const index = rawCompactions[i].firstKeptEntryIndex as number;
			const target = byId.get(c.firstKeptEntryId);
			// The named raw object, now with an id: same content, on the compaction's own path.
			expect(target).toBeDefined();
			expect(plain({ ...target, id: undefined, parentId: undefined })).toEqual(plain({ ...raw[index] }));
			expect(c.firstKeptEntryId).toBe(v1EntryId(index + 1));
		});
	});

	it("before-compaction.jsonl: the default leaf starts with the latest compaction's summary", () => {
		const s = parseSession(readFixture("pi-mono/before-compaction.jsonl"));
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("legacy");
		expect(a.compaction?.position).toBe(627);
		expect(a.selected[0].id).toBe(v1EntryId(629));
		expect(a.selected[1].id).toBe(v1EntryId(552));
		// 1 compaction + kept lines 552…628 + lines 630…1003.
		expect(a.selected).toHaveLength(1 + 77 + 374);
		expect(a.messages[0].role).toBe("compactionSummary");
		expect((a.messages[0] as { tokensBefore: number }).tokensBefore).toBe(185014);
		expect(a.thinkingLevel).toBe("off");
		expect(a.model).toEqual({ provider: "anthropic", modelId: "claude-opus-4-5" });
		const llm = convertToLlm(a.messages);
		expect(new Set(llm.map((m) => m.role))).toEqual(new Set(["user", "assistant", "toolResult"]));
		expect(llm[0].content[0]).toMatchObject({
			type: "text",
			text: expect.stringMatching(/^The conversation history before this point was compacted/),
		});
		// The bash executions after the compaction become user messages.
		const bashCount = a.messages.filter((m) => m.role === "bashExecution").length;
		expect(bashCount).toBeGreaterThan(0);
		expect(llm).toHaveLength(a.messages.length);
	});

	it("before-compaction.jsonl: a leaf between the compactions reads the first one", () => {
		const s = parseSession(readFixture("pi-mono/before-compaction.jsonl"));
		const a = analyzeContext(s.entries, v1EntryId(500));
		expect(a.selected[0].id).toBe(v1EntryId(360));
		expect(a.selected[1].id).toBe(v1EntryId(294));
		expect((a.messages[0] as { tokensBefore: number }).tokensBefore).toBe(175004);
	});

	it("large-session.jsonl: a long chain without compaction sends every message", () => {
		const text = readFixture("pi-mono/large-session.jsonl");
		const s = parseSession(text);
		expect(s.entries).toHaveLength(1018);
		expect(s.issues.map((i) => i.code)).toEqual(["migrated"]);
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("none");
		expect(a.path).toHaveLength(1018);
		expect(a.messages).toHaveLength(88 + 453 + 373);
		expect(a.model).toEqual({ provider: "anthropic", modelId: "claude-sonnet-4-5" });
		expect(a.thinkingLevel).toBe("off");
		expect(convertToLlm(a.messages).map((m) => m.role)).toEqual(a.messages.map((m) => m.role));
		expect(CURRENT_VERSION).toBe(3);
	});
});

describe("compaction builders parse back", () => {
	it("round-trips a retainedTail compaction through jsonl", () => {
		const s = parseSession(
			jsonl(header(), user("a", null, "q"), compaction("C", "a", { retainedTail: [userMsg("t")] })),
		);
		expect(s.issues).toEqual([]);
		expect(analyzeContext(s.entries).rule).toBe("retained-tail");
	});
});

describe("a parser that cuts long strings (for the checks)", () => {
	it("cuts long members to a copy of their start, and leaves ids, array items and short strings whole", () => {
		const long = "x".repeat(500);
		const value = JSON.parse(
			JSON.stringify({
				id: long,
				toolCallId: long,
				message: { role: "user", content: [{ type: "text", text: long }, long], note: "short" },
				ids: [long],
			}),
		) as Record<string, unknown>;
		Object.defineProperty(value, "__proto__", { value: long, enumerable: true, configurable: true, writable: true });
		shrinkStrings(value, 100);
		expect(value.id).toBe(long);
		expect(value.toolCallId).toBe(long);
		expect(value.ids).toEqual([long]);
		const message = value.message as { content: [{ text: string }, string]; note: string };
		expect(message.content[0].text).toBe(long.slice(0, SHRUNK_CHARS));
		expect(message.content[1]).toBe(long);
		expect(message.note).toBe("short");
		expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
	});

	it("reports the same issues and the same tree for every fixture", () => {
		const dir = FIXTURES_DIR;
		const files = readdirSync(dir, { recursive: true })
			.map(String)
			.filter((f) => f.endsWith(".jsonl"));
		expect(files.length).toBeGreaterThan(20);
		for (const f of files) {
			const text = readFileSync(join(dir, f), "utf8");
			const whole = parseSession(text);
			const parser = createSessionParser({ shrinkStringsOver: 64 });
			parser.push(text);
			const cut = parser.finish();
			expect(cut.issues, f).toEqual(whole.issues);
			expect(
				cut.entries.map((e) => [e.id, e.parentId, e.type]),
				f,
			).toEqual(whole.entries.map((e) => [e.id, e.parentId, e.type]));
		}
	});
});
