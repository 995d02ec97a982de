import { describe, expect, it } from "vitest";
import { goldenNames, readGolden } from "../../test/fixtures";
import { analyzeContext } from "./context";
import { explainSteps } from "./explain";
import { findEntries, findLazily } from "./find";
import { inspectContext } from "./inspect";
import { countRegion, fateColumns, isSkeleton, packAnalysis, packedBuffers, unpackAnalysis } from "./lazyContext";
import { getLabels } from "./meta";
import { parseSession } from "./parse";
import { getTreeIndex } from "./tree";
import type { SessionEntry } from "./types";

describe.each(goldenNames())("a packed analysis of %s", (name) => {
	const { entries } = parseSession(readGolden(name).text);
	const index = getTreeIndex(entries);

	it("unpacks, across threads, to the same analysis and the same inspector pipeline", () => {
		for (const leaf of index.leaves) {
			const a = analyzeContext(entries, entries[leaf].id, index);
			const packed = packAnalysis(a);
			const moved = structuredClone(packed, { transfer: packedBuffers(packed) });
			const b = unpackAnalysis(moved, (p) => entries[p].id);
			expect(fateColumns(b.fates)).not.toBeNull();
			expect(b.fates.length).toBe(a.fates.length);
			expect([...b.fates]).toEqual(a.fates);
			expect(b.path).toEqual(a.path);
			// The same objects when read again (rows keep their props).
			if (b.fates.length > 0) expect(b.fates[0]).toBe(b.fates[0]);
			for (const region of ["summarized", "kept", "after", "whole"] as const) {
				expect(countRegion(b.fates, region)).toBe(a.fates.filter((f) => f.region === region).length);
				// Array methods that skip holes see every fate.
				expect(b.fates.filter((f) => f.region === region)).toEqual(a.fates.filter((f) => f.region === region));
			}
			expect(b.fates.map((f) => f.position)).toEqual(a.fates.map((f) => f.position));
			expect(explainSteps(entries, b)).toEqual(explainSteps(entries, a));
			const pa = inspectContext(entries, a);
			const pb = inspectContext(entries, { ...b, fates: b.fates });
			expect(pb.selectedFates).toEqual(pa.selectedFates);
			expect(pb.llm).toEqual(pa.llm);
			expect(pb.rule).toEqual(pa.rule);
		}
	});
});

describe("isSkeleton", () => {
	it("tells a preview's skeletons from whole entries", () => {
		const skeleton = { type: "message", id: "a", parentId: null, message: { role: "user" } } as unknown as SessionEntry;
		const whole = {
			type: "message",
			id: "a",
			parentId: null,
			timestamp: "t",
			message: { role: "user", content: "hi" },
		} as unknown as SessionEntry;
		expect(isSkeleton(skeleton)).toBe(true);
		expect(isSkeleton(whole)).toBe(false);
		expect(isSkeleton({ type: "model_change", id: "b", parentId: "a" } as unknown as SessionEntry)).toBe(true);
		expect(isSkeleton({ type: "model_change", id: "b", parentId: "a", modelId: "m" } as unknown as SessionEntry)).toBe(
			false,
		);
	});
});

describe.each(goldenNames())("findLazily over %s", (name) => {
	const { entries } = parseSession(readGolden(name).text);
	const index = getTreeIndex(entries);

	it.each([
		["write", "default"],
		["tool read", "all"],
		["", "user-only"],
		["", "labeled-only"],
		["zzz-nothing", "default"],
	] as const)("finds what startFind finds: %s (%s)", async (query, filter) => {
		const want = findEntries(entries, query, filter);
		const hits: number[] = [];
		let hidden = 0;
		await findLazily(
			entries.length,
			getLabels(entries),
			index.live,
			async (from, to) => entries.slice(from, to),
			query,
			filter,
			(batch) => {
				hits.push(...batch.hits);
				hidden += batch.hidden;
				expect(batch.kinds.length).toBe(batch.hits.length);
				expect(batch.snippets.length).toBe(batch.hits.length);
			},
			() => false,
			7,
		);
		expect(hits).toEqual(want.hits.filter((p) => index.live[p] === 1));
		expect(hidden).toBe(want.hidden);
	});
});
