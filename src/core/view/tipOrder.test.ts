import { describe, expect, it } from "vitest";
import type { LeafSummary } from "./leaves";
import { sortTips } from "./tipOrder";

const tip = (id: string, contextTokens: number | null, measuredTokens: number | null, depth: number): LeafSummary => ({
	position: 0,
	id,
	depth,
	lastUser: -1,
	lastUserText: null,
	contextTokens,
	measuredTokens,
	isCurrent: false,
});

describe("sortTips", () => {
	const tips = [tip("a", 10, null, 3), tip("b", 30, 400, 1), tip("c", 20, 900, 2), tip("d", 30, null, 5)];
	it("keeps file order", () => {
		expect(sortTips(tips, "file")).toBe(tips);
	});
	it("puts the largest measured context first, unmeasured tips last in file order", () => {
		expect(sortTips(tips, "measured").map((t) => t.id)).toEqual(["c", "b", "a", "d"]);
	});
	it("sorts by estimate with ties in file order, and by depth", () => {
		expect(sortTips(tips, "estimate").map((t) => t.id)).toEqual(["b", "d", "c", "a"]);
		expect(sortTips(tips, "depth").map((t) => t.id)).toEqual(["d", "a", "c", "b"]);
	});
});
