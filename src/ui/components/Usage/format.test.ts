import { describe, expect, it } from "vitest";
import { formatDay, formatUsd } from "./format";

describe("formatUsd", () => {
	it("keeps fractions of a cent under a dollar and cents above", () => {
		expect(formatUsd(0)).toBe("$0.0000");
		expect(formatUsd(0.004)).toBe("$0.0040");
		expect(formatUsd(0.358065)).toBe("$0.3581");
		expect(formatUsd(42.5959075)).toBe("$42.60");
		expect(formatUsd(1234.5)).toBe("$1,234.50");
	});
});

describe("formatDay", () => {
	it("names a UTC day, and says when there is none", () => {
		expect(formatDay("2026-01-02")).toBe("2 Jan 2026");
		expect(formatDay("")).toBe("no date");
	});
});
