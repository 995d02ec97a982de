import { describe, expect, it } from "vitest";
import { assistant, branchSummary, user } from "../../../test/builders";
import { compareTips } from "./compare";
import { compareLayout } from "./compareView";

// Two tips under "a2": one plain, one that went back and carries a branch summary.
const entries = [
	user("a1", null, "Make the tests faster."),
	assistant("a2", "a1", "Trying a thread pool."),
	user("x1", "a2", "It failed."),
	assistant("x2", "x1", "Shared database file."),
	branchSummary("s1", "a2", "x2", "The thread pool failed on a shared database."),
	user("y1", "s1", "Use one database per file."),
];

describe("compareLayout", () => {
	it("shows the shared prefix once, then each tip's own tail", () => {
		const cmp = compareTips(entries, "x2", "y1");
		const layout = compareLayout(cmp);
		expect(cmp.sharedPrefix).toBe(2);
		expect(layout.shared.map((r) => r.index)).toEqual([0, 1]);
		expect(layout.shared[0]).toMatchObject({ role: "user", preview: "Make the tests faster." });
		expect(layout.a.map((r) => r.preview)).toEqual(["It failed.", "Shared database file."]);
		expect(layout.b.map((r) => r.index)).toEqual([2, 3]);
		expect(layout.b[0].role).toBe("user");
		expect(layout.b[0].preview).toContain("summary of a branch");
		const total = (side: typeof cmp.a) => side.tokens.reduce((s, t) => s + t, 0);
		expect(layout.sharedTokens + layout.aTailTokens).toBe(total(cmp.a));
		expect(layout.sharedTokens + layout.bTailTokens).toBe(total(cmp.b));
	});

	it("has no tails for a tip compared with itself", () => {
		const layout = compareLayout(compareTips(entries, "y1", "y1"));
		expect(layout.a).toEqual([]);
		expect(layout.b).toEqual([]);
		expect(layout.shared.length).toBe(4);
	});
});
