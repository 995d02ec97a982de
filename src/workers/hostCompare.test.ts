import { describe, expect, it } from "vitest";
import { goldenNames, readGolden } from "../../test/fixtures";
import { comparedByHost, hostOf } from "../../test/sessionHost";
import { compareTips, getTreeIndex, isSkeleton, parseSession, type TipComparison } from "../core";

/** The ids of a session's tips, after null (the empty path). */
function tipsOf(text: string): (string | null)[] {
	const { entries } = parseSession(text);
	const index = getTreeIndex(entries);
	return [null, ...index.leaves.map((p) => entries[p].id)];
}

const previewable = goldenNames().filter((name) => parseSession(readGolden(name).text).version >= 3);

describe.each(previewable)("golden session %s: tips compared in the worker's host", (name) => {
	const { text } = readGolden(name);
	const parsed = parseSession(text);
	const tips = tipsOf(text);
	const pairs = tips.flatMap((a) => tips.map((b): [string | null, string | null] => [a, b]));

	it("holds skeletons, so the comparison reads entries from the file", () => {
		const { host } = hostOf(text);
		expect(host.entries.some(isSkeleton)).toBe(true);
		expect(tips.length).toBeGreaterThan(2);
	});

	it.each(pairs)("%s against %s is compareTips on the full entries, with what was measured", async (a, b) => {
		const { host } = hostOf(text);
		const want = comparedByHost(parsed.entries, a, b);
		const got = await host.compare(a, b);
		expect(got).toEqual(want);
		// What crosses to the page (a structured clone) is the same comparison.
		expect(structuredClone(got)).toEqual(want);
	});

	it("compares right on one host asked many questions (whole entries kept between them)", async () => {
		const { host } = hostOf(text);
		const got: TipComparison[] = [];
		for (const [a, b] of pairs) {
			got.push(await host.compare(a, b));
			await host.context(b);
		}
		expect(got).toEqual(pairs.map(([a, b]) => comparedByHost(parsed.entries, a, b)));
	});
});

it("the goldens have tips that share a prefix and split somewhere (the comparisons above say something)", () => {
	let split = 0;
	for (const name of previewable) {
		const { text } = readGolden(name);
		const { entries } = parseSession(text);
		const tips = tipsOf(text).filter((t) => t !== null);
		for (const a of tips) {
			for (const b of tips) {
				const cmp = compareTips(entries, a, b);
				if (a !== b && cmp.sharedPrefix > 0 && cmp.commonAncestorId !== null && cmp.tokenDifference !== 0) split++;
			}
		}
	}
	expect(split).toBeGreaterThan(4);
});
