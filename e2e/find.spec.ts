import { expect, type Page, test } from "@playwright/test";
import { buildTreeIndex, type FindFilter, findEntries } from "../src/core";
import { describeFixture, hashParts, leafItem, openFiles, watchErrors } from "./explorer";

const FILE = "golden/mixed-formats.jsonl";

/** The hits core's find gives for the fixture (live entries, file order). */
function expectedHits(query: string, filter: FindFilter): string[] {
	const { parsed } = describeFixture(FILE);
	const index = buildTreeIndex(parsed.entries);
	return findEntries(parsed.entries, query, filter)
		.hits.filter((p) => index.live[p] === 1)
		.map((p) => parsed.entries[p].id);
}

const hitIds = (page: Page) =>
	page.getByTestId("find-hit").evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));

test.beforeEach(async ({ page }) => {
	await page.goto("./");
	await openFiles(page, FILE);
	await expect(page.getByTestId("leaf-item").first()).toBeVisible();
});

test("full-text search lists hits with the words marked; clicking one selects and focuses it", async ({ page }) => {
	const errors = watchErrors(page);
	const expected = expectedHits("write", "default");
	expect(expected.length).toBeGreaterThan(3);
	await page.getByTestId("find-input").fill("write");
	await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", String(expected.length));
	expect(await hitIds(page)).toEqual(expected);
	const marks = await page.locator("[data-testid=find-hit] mark").allTextContents();
	expect(marks.length).toBeGreaterThanOrEqual(expected.length);
	for (const m of marks) expect(m.toLowerCase()).toBe("write");

	const target = expected[1];
	await page.locator(`[data-testid=find-hit][data-entry-id="${target}"]`).click();
	await expect(page.locator(`[data-testid=find-hit][data-entry-id="${target}"]`)).toHaveAttribute(
		"aria-current",
		"true",
	);
	await expect.poll(() => hashParts(page)).toMatchObject({ leaf: target, entry: target });
	const tips = describeFixture(FILE).tips;
	const tipHit = expected.find((id) => tips.includes(id)) as string;
	expect(tipHit).toBeDefined();
	await page.locator(`[data-testid=find-hit][data-entry-id="${tipHit}"]`).click();
	await expect(leafItem(page, tipHit)).toHaveAttribute("aria-pressed", "true");
	expect(errors).toEqual([]);
});

test("Enter and Shift+Enter step through the hits", async ({ page }) => {
	const expected = expectedHits("context", "default");
	expect(expected.length).toBeGreaterThan(2);
	const input = page.getByTestId("find-input");
	await input.fill("context");
	await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", String(expected.length));
	await input.press("Enter");
	await expect.poll(() => hashParts(page).leaf).toBe(expected[0]);
	await input.press("Enter");
	await expect.poll(() => hashParts(page).leaf).toBe(expected[1]);
	await input.press("Shift+Enter");
	await expect.poll(() => hashParts(page).leaf).toBe(expected[0]);
	await input.press("Shift+Enter");
	await expect.poll(() => hashParts(page).leaf).toBe(expected[expected.length - 1]);
	await expect(page.getByTestId("find-count")).toContainText(`${expected.length} of ${expected.length}`);
});

test("pi's filters narrow the hits", async ({ page }) => {
	const input = page.getByTestId("find-input");
	await input.fill("tree");
	await expect(page.getByTestId("find-count")).toHaveAttribute(
		"data-count",
		String(expectedHits("tree", "default").length),
	);
	for (const filter of ["user-only", "no-tools", "all"] as const) {
		const expected = expectedHits("tree", filter);
		await page.locator(`[data-testid=find-filter][data-filter="${filter}"]`).click();
		await expect(page.locator(`[data-testid=find-filter][data-filter="${filter}"]`)).toHaveAttribute(
			"aria-pressed",
			"true",
		);
		await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", String(expected.length));
		expect(await hitIds(page)).toEqual(expected.slice(0, 100));
	}
	// Labelled entries are a list of their own, without a query.
	await input.fill("");
	await page.locator('[data-testid=find-filter][data-filter="labeled-only"]').click();
	const labelled = expectedHits("", "labeled-only");
	expect(labelled.length).toBeGreaterThan(0);
	await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", String(labelled.length));
	expect(await hitIds(page)).toEqual(labelled);
});

test("session text is shown as text, never as markup", async ({ page }) => {
	await page.getByTestId("find-input").fill("<tag>");
	await expect(page.getByTestId("find-hit").first()).toBeVisible();
	await expect(page.locator("[data-testid=find-hit] mark").first()).toHaveText("<tag>");
	expect(await page.locator("tag").count()).toBe(0);
});
