import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { buildTreeIndex, compareTips, type ParsedSession, parseSession } from "../src/core";
import { openExample, parseExample } from "./examples";
import { openFiles } from "./explorer";
import { fixturePath } from "./fixtures";

/** Picks tips A and B in the compare view and checks every number against the core. */
async function expectComparison(page: Page, s: ParsedSession, a: string, b: string) {
	const compare = page.getByTestId("compare");
	await compare.getByTestId("compare-a").selectOption(a);
	await compare.getByTestId("compare-b").selectOption(b);
	const cmp = compareTips(s.entries, a, b);
	await expect(compare.getByTestId("compare-shared")).toHaveAttribute("data-count", String(cmp.sharedPrefix));
	await expect(compare.getByTestId("compare-ancestor")).toHaveAttribute("data-entry-id", cmp.commonAncestorId ?? "");
	await expect(compare.getByTestId("compare-token-diff")).toHaveAttribute("data-value", String(cmp.tokenDifference));
	await expect(compare.getByTestId("compare-divergence")).toHaveAttribute("data-index", String(cmp.sharedPrefix));
	const side = (x: "a" | "b") =>
		compare.locator(`[data-testid=compare-side][data-side=${x}] [data-testid=compare-message]`);
	await expect(side("a")).toHaveCount(cmp.a.llm.length - cmp.sharedPrefix);
	await expect(side("b")).toHaveCount(cmp.b.llm.length - cmp.sharedPrefix);
	const roles = (x: "a" | "b") => side(x).evaluateAll((els) => els.map((e) => e.getAttribute("data-role")));
	expect(await roles("a")).toEqual(cmp.a.llm.slice(cmp.sharedPrefix).map((m) => m.role));
	expect(await roles("b")).toEqual(cmp.b.llm.slice(cmp.sharedPrefix).map((m) => m.role));
	// The shared prefix is folded; opened, it lists exactly the shared messages.
	const prefix = compare.getByTestId("compare-prefix");
	if (cmp.sharedPrefix === 0) {
		await expect(prefix).toHaveCount(0);
		return cmp;
	}
	await expect(prefix.getByTestId("compare-message")).toHaveCount(0);
	await prefix.getByRole("button").first().click();
	await expect(prefix.getByTestId("compare-message")).toHaveCount(cmp.sharedPrefix);
	await prefix.getByRole("button").first().click();
	return cmp;
}

test("example 05: the two tips share their first messages, and the new branch carries the summary", async ({
	page,
}) => {
	const file = "05-branch-summary.jsonl";
	await openExample(page, file);
	const s = parseExample(file);
	const index = buildTreeIndex(s.entries);
	const [oldTip, newTip] = index.leaves.map((p) => s.entries[p].id);
	await page.getByTestId("compare-button").click();
	await expect(page.getByTestId("graph")).toHaveCount(0);
	// Opens on the selected (current) leaf against the other tip.
	await expect(page.getByTestId("compare-a")).toHaveValue(newTip);
	await expect(page.getByTestId("compare-b")).toHaveValue(oldTip);
	const cmp = await expectComparison(page, s, newTip, oldTip);
	expect(cmp.sharedPrefix).toBeGreaterThan(0);
	const summary = s.entries.find((e) => e.type === "branch_summary");
	expect(cmp.commonAncestorId).toBe(summary?.parentId);
	// The first message after the prefix on the new branch is the branch summary, as a user message.
	const first = page.locator("[data-testid=compare-side][data-side=a] [data-testid=compare-message]").first();
	await expect(first).toContainText("summary of a branch");
	await first.getByRole("button").click();
	await expect(first).toContainText(String((summary as { summary: string }).summary).slice(0, 40));

	await page.getByTestId("compare-close").click();
	await expect(page.getByTestId("graph")).toBeVisible();
});

test("a golden session: shared prefix, split point and token difference match the core", async ({ page }) => {
	const name = "golden/mixed-formats.jsonl";
	const s = parseSession(readFileSync(fixturePath(name), "utf8"));
	const tips = buildTreeIndex(s.entries).leaves.map((p) => s.entries[p].id);
	// The pair of tips with the longest shared prefix, and one that shares nothing.
	let best = { a: tips[0], b: tips[1], shared: -1 };
	let none = { a: tips[0], b: tips[1] };
	for (const a of tips) {
		for (const b of tips) {
			if (a === b) continue;
			const shared = compareTips(s.entries, a, b).sharedPrefix;
			if (shared > best.shared) best = { a, b, shared };
			if (shared === 0) none = { a, b };
		}
	}
	expect(best.shared).toBeGreaterThan(1);
	await page.goto("./");
	await openFiles(page, name);
	await expect(page.getByTestId("leaf-item").first()).toBeVisible();
	await page.getByTestId("compare-button").click();
	await expectComparison(page, s, best.a, best.b);
	await expectComparison(page, s, none.a, none.b);
	// Swapping the sides negates the difference.
	await page.getByTitle("Swap A and B").click();
	const swapped = compareTips(s.entries, none.b, none.a);
	await expect(page.getByTestId("compare-token-diff")).toHaveAttribute("data-value", String(swapped.tokenDifference));
});
