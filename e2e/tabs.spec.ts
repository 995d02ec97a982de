import { expect, test } from "@playwright/test";
import { describeFixture, libraryItem, openFiles } from "./explorer";

/** The library is one for the whole browser: what one tab stores or deletes shows in the others. */
test("a session stored, renamed or deleted in one tab shows in another without a reload", async ({ context }) => {
	const first = await context.newPage();
	const second = await context.newPage();
	await first.goto("./");
	await second.goto("./");
	await expect(second.getByTestId("library")).toBeVisible();
	await expect(second.getByTestId("library-item")).toHaveCount(0);

	const f = describeFixture("golden/branchy-legacy.jsonl");
	await openFiles(first, "golden/branchy-legacy.jsonl");
	await expect(libraryItem(first, f.id)).toBeVisible();
	await expect(libraryItem(second, f.id)).toBeVisible();

	await first.getByTestId("library-rename").click();
	await first.getByTestId("library-rename-input").fill("Renamed in the first tab");
	await first.keyboard.press("Enter");
	await expect(libraryItem(second, f.id).getByTestId("library-item-name")).toHaveText("Renamed in the first tab");

	await first.getByTestId("library-delete").click();
	await first.getByTestId("library-delete-confirm").click();
	await expect(first.getByTestId("library-item")).toHaveCount(0);
	await expect(second.getByTestId("library-item")).toHaveCount(0);
});
