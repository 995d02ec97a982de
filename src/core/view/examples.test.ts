import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseExampleIndex } from "./examples";

const INDEX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "public", "examples", "index.json");

describe("parseExampleIndex", () => {
	it("reads the shipped index in order", () => {
		const examples = parseExampleIndex(JSON.parse(readFileSync(INDEX, "utf8")));
		expect(examples.length).toBe(12);
		expect(examples[0].file).toBe("01-no-compaction.jsonl");
		expect(examples.every((e) => e.rule.length > 20)).toBe(true);
	});

	it("keeps a suggested leaf and drops items it cannot trust", () => {
		const ok = { title: "T", rule: "R", explanation: "E" };
		const examples = parseExampleIndex({
			examples: [
				{ ...ok, file: "a.jsonl", leaf: "x1" },
				{ ...ok, file: "../secret.jsonl" },
				{ ...ok, file: "sub/b.jsonl" },
				{ ...ok, file: "https://evil.example/c.jsonl" },
				{ ...ok, file: ".hidden.jsonl" },
				{ ...ok, file: "d.json" },
				{ ...ok, file: "e.jsonl", title: "" },
				{ file: "f.jsonl", title: "T", rule: 3, explanation: "E" },
				null,
				"g.jsonl",
				{ ...ok, file: "h.jsonl", leaf: 7 },
			],
		});
		expect(examples).toEqual([
			{ ...ok, file: "a.jsonl", leaf: "x1" },
			{ ...ok, file: "h.jsonl" },
		]);
	});

	it("returns nothing for a body that is not an index", () => {
		expect(parseExampleIndex(null)).toEqual([]);
		expect(parseExampleIndex([1, 2])).toEqual([]);
		expect(parseExampleIndex({ examples: "no" })).toEqual([]);
	});
});
