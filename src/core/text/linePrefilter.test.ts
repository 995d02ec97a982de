import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR, goldenNames, readFixture, readGolden } from "../../../test/fixtures";
import { reshapeSession, seeded } from "../../../test/reshape";
import { entrySearchText, getLabels, linePrefilter, parseSession, type SessionEntry } from "..";

/** Each entry with the line it was written on (sessions whose every line is an entry). */
function linesOf(text: string): { entry: SessionEntry; line: string }[] {
	const { entries } = parseSession(text);
	const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
	// Line 0 is the header.
	if (lines.length - 1 !== entries.length) throw new Error(`${lines.length - 1} lines for ${entries.length} entries`);
	return entries.map((entry, i) => ({ entry, line: lines[i + 1] }));
}

const sessions: [string, string][] = [
	...goldenNames().map((n): [string, string] => [`golden ${n}`, readGolden(n).text]),
	...readdirSync(join(FIXTURES_DIR, "pi-mono"))
		.filter((f) => f.endsWith(".jsonl"))
		.slice(0, 12)
		.map((f): [string, string] => [`pi-mono ${f}`, readFixture(`pi-mono/${f}`)]),
];
const reshaped = sessions.map(([name, text]): [string, string] => [
	`${name}, reshaped with escapes`,
	reshapeSession(text, { shuffle: true, whitespace: true, escapeUpTo: 4000, seed: 7 }),
]);

describe.each([...sessions, ...reshaped])("linePrefilter on %s", (name, text) => {
	const rows = linesOf(text);
	const labels = getLabels(rows.map((r) => r.entry));

	it("never rules out an entry whose search text holds the word", () => {
		const rnd = seeded(11);
		let vouched = 0;
		for (const { entry, line } of rows) {
			const searched = `${entrySearchText(entry, labels.get(entry.id))}`.toLowerCase();
			const tokens = searched.split(/\s+/).filter(Boolean);
			for (let k = 0; k < 6 && tokens.length > 0; k++) {
				const token = tokens[Math.floor(rnd() * tokens.length)];
				const from = Math.floor(rnd() * token.length);
				const word = token.slice(from, from + 1 + Math.floor(rnd() * 12));
				const pre = linePrefilter(word, labels);
				if (!pre) continue;
				vouched++;
				expect(pre.mayMatch(line, entry.type, entry.id), `${JSON.stringify(word)} in ${entry.id}`).toBe(true);
			}
		}
		expect(vouched).toBeGreaterThan(0);
	});

	it("rules out lines without the word", () => {
		const pre = linePrefilter("zqxjvwordnotthere", labels);
		expect(pre).not.toBeNull();
		const kept = rows.filter(({ entry, line }) => pre?.mayMatch(line, entry.type, entry.id));
		// Only what it must keep: types that add text, labelled entries, lines with a \u or \/ escape.
		for (const { line } of kept) expect(line).not.toContain("zqxjvwordnotthere");
		// (A reshaped file escapes something on nearly every line: those are all kept.)
		if (!name.includes("reshaped")) expect(kept.length).toBeLessThan(rows.length / 2);
	});
});

describe("linePrefilter's words", () => {
	const none = new Map<string, string>();
	it.each([
		["a number (re-encoded as JSON writes it)", "1500"],
		["an exponent's e", "e"],
		["a plus", "e+21"],
		["a comma (an array made a string)", "a,b"],
		["a part of [object Object]", "object"],
		["a quote (escaped in the line)", 'say"hi'],
		["a backslash", "c:\\users"],
		["a control character (escaped in the line)", "a\bb"],
		["a sigma (lower-cased by its neighbours)", "οδοσ"],
	])("vouches for no word with %s", (_why, word) => {
		expect(linePrefilter(word, none)).toBeNull();
	});

	it("keeps a line whose words are escaped, and the entries whose text is not all in their line", () => {
		const pre = linePrefilter("refactor", none);
		expect(pre?.mayMatch('{"type":"message","message":{"content":"\\u0052efactor"}}', "message", "a")).toBe(true);
		expect(pre?.mayMatch('{"type":"message","message":{"content":"x"}}', "message", "a")).toBe(false);
		expect(pre?.mayMatch('{"type":"custom","data":{}}', "custom", "a")).toBe(true);
		expect(pre?.mayMatch('{"type":"model_change"}', "model_change", "a")).toBe(true);
		expect(linePrefilter("refactor", new Map([["a", "Refactor"]]))?.mayMatch("{}", "message", "a")).toBe(true);
		// Kelvin sign and dotted capital I lower-case to ASCII: the line is lower-cased the same way.
		expect(linePrefilter("k", none)?.mayMatch('{"c":"\u212a"}', "message", "a")).toBe(true);
	});
});
