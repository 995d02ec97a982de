import { expect, test } from "@playwright/test";
import { fixturePath } from "./fixtures";

test("loads a session through the file input and shows its tips and context", async ({ page }) => {
	const errors: string[] = [];
	page.on("pageerror", (err) => errors.push(err.message));
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(fixturePath("golden/small-legacy.jsonl"));
	const leaves = page.getByTestId("leaf-item");
	await expect(leaves.first()).toBeVisible();
	expect(await leaves.count()).toBeGreaterThan(1);
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(page.getByTestId("context-panel")).toBeVisible();
	expect(errors).toEqual([]);
});
