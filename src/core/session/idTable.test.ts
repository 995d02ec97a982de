import { describe, expect, it } from "vitest";
import { IdTable } from "./idTable";

/** A Map filled as buildTreeIndex fills its table: each id set to its position, the later winning. */
function mapOf(ids: readonly unknown[]): Map<unknown, number> {
	const map = new Map<unknown, number>();
	for (let i = 0; i < ids.length; i++) map.set(ids[i], i);
	return map;
}

function tableOf(ids: readonly unknown[]): { table: IdTable; before: number[] } {
	const table = new IdTable((p) => ids[p], 2);
	const before = ids.map((id, i) => table.put(id, i));
	return { table, before };
}

describe("IdTable", () => {
	it("holds what a Map holds, through growth, repeats and keys that are no strings", () => {
		const ids: unknown[] = [];
		for (let i = 0; i < 5000; i++) ids.push(`id-${(i * 7919) % 3001}`);
		ids.push(7, Number.NaN, null, "7", "", "__proto__", "constructor", Number.NaN, 7);
		const { table, before } = tableOf(ids);
		const map = mapOf(ids);
		expect(table.size).toBe(map.size);
		for (const id of new Set(ids)) expect(table.get(id as string)).toBe(map.get(id));
		expect(table.get("id-3001")).toBeUndefined();
		expect(table.has("id-0")).toBe(true);
		expect(table.has("missing")).toBe(false);
		expect(new Map(table)).toEqual(map);
		// Each put says which position held the id before (the earlier entry, now hidden).
		const seen = new Map<unknown, number>();
		ids.forEach((id, i) => {
			expect(before[i]).toBe(seen.get(id) ?? -1);
			seen.set(id, i);
		});
	});

	it("iterates by position", () => {
		const { table } = tableOf(["c", "a", "b", "a"]);
		expect([...table.keys()]).toEqual(["c", "b", "a"]);
		expect([...table.values()]).toEqual([0, 2, 3]);
		const got: [string, number][] = [];
		table.forEach((p, id) => {
			got.push([id, p]);
		});
		expect(got).toEqual([...table.entries()]);
	});
});
