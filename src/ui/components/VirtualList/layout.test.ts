import { describe, expect, it } from "vitest";
import { indexAt, prefixSums, visibleRange } from "./layout";

describe("virtual list layout", () => {
	const offsets = prefixSums([10, 20, 30, 40]);

	it("sums row heights", () => {
		expect([...offsets]).toEqual([0, 10, 30, 60, 100]);
	});

	it("finds the row at a position", () => {
		expect(indexAt(offsets, -5)).toBe(0);
		expect(indexAt(offsets, 0)).toBe(0);
		expect(indexAt(offsets, 9.9)).toBe(0);
		expect(indexAt(offsets, 10)).toBe(1);
		expect(indexAt(offsets, 59)).toBe(2);
		expect(indexAt(offsets, 99)).toBe(3);
		expect(indexAt(offsets, 1000)).toBe(3);
		expect(indexAt(prefixSums([]), 5)).toBe(0);
	});

	it("returns the rows in a window, clamped, with a minimum when off screen", () => {
		expect(visibleRange(offsets, 15, 35)).toEqual({ start: 1, end: 3 });
		expect(visibleRange(offsets, -100, -50, 2)).toEqual({ start: 0, end: 2 });
		expect(visibleRange(offsets, 500, 600, 1)).toEqual({ start: 3, end: 4 });
		expect(visibleRange(prefixSums([]), 0, 100)).toEqual({ start: 0, end: 0 });
	});

	it("stays fast for 100k rows", () => {
		const sizes = new Float64Array(100_000).fill(36);
		const t = performance.now();
		const big = prefixSums(sizes);
		for (let y = 0; y < 3_600_000; y += 1000) indexAt(big, y);
		expect(performance.now() - t).toBeLessThan(200);
		expect(visibleRange(big, 36 * 50_000, 36 * 50_010)).toEqual({ start: 50_000, end: 50_011 });
	});
});
