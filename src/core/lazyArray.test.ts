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
	});
});
