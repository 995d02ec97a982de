import { describe, expect, it } from "vitest";
import { truncate } from "./truncate";

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
