import { expect, test } from "@playwright/test";
import { describeFixture, expectTips, libraryItem, openFiles, watchErrors } from "./explorer";

const SMALL = "golden/small-legacy.jsonl";
const BRANCHY = "golden/branchy-legacy.jsonl";

test("the library survives a reload and reopens a session with its tips", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await openFiles(page, SMALL, BRANCHY);
	const small = describeFixture(SMALL);
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	const item = libraryItem(page, small.id);
	// Its working directory names the group it is listed in.
	await expect(
		page.locator('[data-testid=library-group][data-cwd="/work/demo"]').getByTestId("library-item"),
	).toHaveCount(2);
	await expect(page.locator('[data-testid=library-group][data-cwd="/work/demo"]')).toContainText("/work/demo");
	await expect(item).toContainText(`${small.parsed.entries.length} entries`);
	await expect(item).toContainText(`${small.tips.length} tips`);

	// A reload keeps the URL, whose hash names the open session: it comes back by itself.
	await page.reload();
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await expectTips(page, describeFixture(BRANCHY).tips);
	// A new page load without that hash opens nothing until an item is clicked.
	await page.goto("./");
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await expect(page.getByTestId("leaf-item")).toHaveCount(0);
	await libraryItem(page, small.id).click();
	await expectTips(page, small.tips);
	await expect(libraryItem(page, small.id)).toHaveAttribute("aria-current", "true");
	expect(errors).toEqual([]);
});

test("rename and delete (after confirming) both persist across a reload", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, SMALL, BRANCHY);
	const small = describeFixture(SMALL).id;
	const branchy = describeFixture(BRANCHY).id;
	await expect(page.getByTestId("library-item")).toHaveCount(2);

	await page.locator(`li:has([data-session-id="${small}"])`).getByTestId("library-rename").click();
	const input = page.getByTestId("library-rename-input");
	await input.fill("My renamed session");
	await input.press("Enter");
	await expect(libraryItem(page, small).getByTestId("library-item-name")).toHaveText("My renamed session");

	const entry = page.locator(`li:has([data-session-id="${branchy}"])`);
	await entry.getByTestId("library-delete").click();
	await expect(page.getByTestId("delete-confirm")).toBeVisible();
	await page.getByTestId("library-delete-cancel").click();
	await expect(page.getByTestId("delete-confirm")).toHaveCount(0);
	await expect(libraryItem(page, branchy)).toBeVisible();
	await entry.getByTestId("library-delete").click();
	await page.getByTestId("library-delete-confirm").click();
	await expect(libraryItem(page, branchy)).toHaveCount(0);

	await page.reload();
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(libraryItem(page, small).getByTestId("library-item-name")).toHaveText("My renamed session");
	await expect(libraryItem(page, branchy)).toHaveCount(0);
});

test("loading the same session again updates its one item and keeps its name", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, SMALL);
	const small = describeFixture(SMALL);
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(libraryItem(page, small.id).getByTestId("library-item-updated")).toHaveCount(0);
	await page.locator(`li:has([data-session-id="${small.id}"])`).getByTestId("library-rename").click();
	await page.getByTestId("library-rename-input").fill("Named before the re-load");
	await page.getByTestId("library-rename-save").click();
	await expect(libraryItem(page, small.id)).toContainText("Named before the re-load");

	await openFiles(page, SMALL);
	await expect(libraryItem(page, small.id).getByTestId("library-item-updated")).toBeVisible();
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(libraryItem(page, small.id).getByTestId("library-item-name")).toHaveText("Named before the re-load");
	await page.reload();
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(libraryItem(page, small.id).getByTestId("library-item-updated")).toBeVisible();
	await expect(libraryItem(page, small.id).getByTestId("library-item-name")).toHaveText("Named before the re-load");
});

test("searches and sorts the library", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, SMALL, BRANCHY, "pi-mono/large-session.jsonl");
	await expect(page.getByTestId("library-item")).toHaveCount(3);
	const ids = () =>
		page.getByTestId("library-item").evaluateAll((els) => els.map((e) => e.getAttribute("data-session-id")));
	const large = describeFixture("pi-mono/large-session.jsonl").id;

	await page.getByTestId("library-search").fill("pi-mono"); // the working directory
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	expect(await ids()).toEqual([large]);
	await page.getByTestId("library-search").fill("branchy"); // the file name
	expect(await ids()).toEqual([describeFixture(BRANCHY).id]);
	await page.getByTestId("library-search").fill("");

	await page.getByTestId("library-sort").selectOption("size");
	await expect.poll(ids).toEqual([large, describeFixture(BRANCHY).id, describeFixture(SMALL).id]);
	await page.getByTestId("library-sort").selectOption("oldest");
	await expect.poll(async () => (await ids())[0]).toBe(large); // a 2025 session; the golden ones are from 2026
	await expect(page.getByTestId("storage-use")).toContainText(/Storage: [\d.]+ (B|KB|MB) used/);
});
