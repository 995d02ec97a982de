import { describe, expect, it } from "vitest";
import { lazyArray } from "./lazyArray";

describe("lazyArray", () => {
	it("is the array of its items to every reader, and reads only canonical indexes as items", () => {
		const asked: number[] = [];
		const a = lazyArray(12, (i) => {
			asked.push(i);
			return i * 2;
		});
		expect(Array.isArray(a)).toBe(true);
		expect(a.length).toBe(12);
		expect(a[0]).toBe(0);
		expect(a[11]).toBe(22);
		expect(a[12]).toBeUndefined();
		expect([...a]).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
		expect(a).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
		expect(a.filter((x) => x > 18)).toEqual([20, 22]);
		const r = a as unknown as Record<string, unknown>;
		asked.length = 0;
		for (const key of ["01", "1e1", "-1", "1.0", " 1", "", "10a", "4294967295", "99999999999"]) {
			expect(r[key], key).toBeUndefined();
			expect(key in a, key).toBe(false);
		}
		expect(asked).toEqual([]);
		expect(r["10"]).toBe(20);
		expect("10" in a).toBe(true);
		expect(Object.keys(a).slice(0, 3)).toEqual(["0", "1", "2"]);
		expect(Object.getOwnPropertyDescriptor(a, "length")?.value).toBe(12);
		expect(JSON.stringify(lazyArray(3, (i) => i))).toBe("[0,1,2]");
	});

	it("holds nothing for the items it has not made: two million of them cost no backing store", () => {
		const before = process.memoryUsage().heapUsed;
		const kept = Array.from({ length: 20 }, () => lazyArray(2_000_000, (i) => i));
		const grown = process.memoryUsage().heapUsed - before;
		expect(kept[19].length).toBe(2_000_000);
		// With the length set on the array behind it, each held 16 MB of holes (320 MB in all).
		expect(grown).toBeLessThan(40_000_000);
	});
});
