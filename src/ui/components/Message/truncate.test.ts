import { describe, expect, it } from "vitest";
import { countNewlines, truncate, windowEnd } from "./truncate";

describe("truncate", () => {
	it("keeps short text whole", () => {
		expect(truncate("a\nb", 5, 100)).toEqual({ text: "a\nb", hiddenLines: 0, hiddenChars: 0 });
	});

	it("cuts after maxLines lines and counts what is hidden", () => {
		expect(truncate("1\n2\n3\n4", 2, 100)).toEqual({ text: "1\n2", hiddenLines: 2, hiddenChars: 4 });
	});

	it("cuts long single lines at maxChars", () => {
		const cut = truncate("x".repeat(50), 10, 20);
		expect(cut.text).toBe("x".repeat(20));
		expect(cut.hiddenChars).toBe(30);
		expect(cut.hiddenLines).toBe(0);
	});
});

describe("windows of a long text", () => {
	it("split at line ends, each within its limits, and cover the text exactly", () => {
		const text = Array.from({ length: 1000 }, (_, i) => `line ${i} ${"x".repeat(i % 37)}`).join("\n");
		const parts: string[] = [];
		for (let from = 0; from < text.length; ) {
			const end = windowEnd(text, from, 50, 1000);
			expect(end).toBeGreaterThan(from);
			const part = text.slice(from, end);
			expect(part.length).toBeLessThanOrEqual(1000);
			expect(countNewlines(part)).toBeLessThanOrEqual(50);
			if (end < text.length) expect(part.endsWith("\n")).toBe(true);
			parts.push(part);
			from = end;
		}
		expect(parts.join("")).toBe(text);
		expect(parts.length).toBeGreaterThan(20);
	});

	it("cut a single huge line at the character limit", () => {
		const text = "y".repeat(25_000);
		expect(windowEnd(text, 0, 10, 8000)).toBe(8000);
		expect(windowEnd(text, 24_000, 10, 8000)).toBe(25_000);
	});

	it("count newlines in a range", () => {
		expect(countNewlines("a\nb\nc\n", 0, 3)).toBe(1);
		expect(countNewlines("a\nb\nc\n", 2)).toBe(2);
	});
});
