import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { describeFixture, expectTips, libraryItem, openFiles, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

test("loads several files at once and lists each in the library", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	const files = ["golden/small-legacy.jsonl", "golden/branchy-legacy.jsonl", "golden/retained-tail.jsonl"];
	await openFiles(page, ...files);
	for (const f of files) await expect(libraryItem(page, describeFixture(f).id)).toBeVisible();
	await expect(page.getByTestId("library-item")).toHaveCount(3);
	// The last file opens, with its tips.
	await expectTips(page, describeFixture(files[2]).tips);
	await expect(page.getByTestId("load-progress")).toHaveCount(0);
	await expect(page.getByTestId("load-error")).toHaveCount(0);
	expect(errors).toEqual([]);
});

test("shows each file's progress with name, percent and bytes", async ({ page }) => {
	await page.goto("./");
	// A large session (the real pi-mono one, repeated) so parsing takes a visible while. It is built
	// in the page and handed to the real file input, which is much faster than sending 28 MB over.
	const text = readFileSync(fixturePath("pi-mono/before-compaction.jsonl"), "utf8");
	const small = readFileSync(fixturePath("golden/small-legacy.jsonl"), "utf8");
	await page.getByTestId("file-input").evaluate(
		(input: HTMLInputElement, [text, small]) => {
			const [header, ...rest] = text.split("\n");
			const body = rest.join("\n");
			const big = [header, ...Array.from({ length: 12 }, () => body)].join("\n");
			const dt = new DataTransfer();
			dt.items.add(new File([big], "big-session.jsonl"));
			dt.items.add(new File([small], "small-legacy.jsonl"));
			input.files = dt.files;
			input.dispatchEvent(new Event("change", { bubbles: true }));
		},
		[text, small],
	);
	const rows = page.getByTestId("load-progress");
	await expect(rows.first()).toBeVisible();
	await expect(rows.filter({ hasText: "big-session.jsonl" })).toContainText(/\d+% · [\d.]+ (B|KB|MB) of 2\d MB/);
	// The second file waits its turn with its own row.
	await expect(page.locator('[data-testid=load-progress][data-file-name="small-legacy.jsonl"]')).toBeVisible();
	await expect(page.getByTestId("library-item")).toHaveCount(2, { timeout: 45_000 });
	await expect(rows).toHaveCount(0);
});

test("a broken file beside good ones: each failure is named, the rest load", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await openFiles(
		page,
		"broken/binary.bin",
		"broken/array.json",
		"broken/empty.jsonl",
		"broken/malformed-middle.jsonl",
		"golden/small-legacy.jsonl",
	);
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	const failures = page.getByTestId("load-error");
	await expect(failures).toHaveCount(3);
	await expect(failures.filter({ hasText: "binary.bin" })).toContainText("binary file");
	await expect(failures.filter({ hasText: "array.json" })).toContainText("JSON array");
	await expect(failures.filter({ hasText: "empty.jsonl" })).toContainText("empty");

	// The file with one malformed line loads, and says so.
	const broken = describeFixture("broken/malformed-middle.jsonl");
	await libraryItem(page, broken.id).click();
	await expectTips(page, broken.tips);
	await expect(page.locator("[data-testid=diagnostic][data-code=malformed-json]")).toContainText("line 21");

	// The page stays usable while errors show, and errors can be dismissed.
	await page.getByTestId("leaf-item").first().click();
	await expect(page.getByTestId("leaf-item").first()).toHaveAttribute("aria-pressed", "true");
	await failures.filter({ hasText: "empty.jsonl" }).getByRole("button", { name: "Dismiss" }).click();
	await expect(failures).toHaveCount(2);
	await expect(failures.filter({ hasText: "empty.jsonl" })).toHaveCount(0);
	expect(errors).toEqual([]);
});

test("dropping a file anywhere on the page opens it", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	const fixture = describeFixture("golden/branchy-legacy.jsonl");
	const text = readFileSync(fixturePath("golden/branchy-legacy.jsonl"), "utf8");
	const target = await page.evaluateHandle((content) => {
		const dt = new DataTransfer();
		dt.items.add(new File([content], "dropped.jsonl", { type: "application/jsonl" }));
		return dt;
	}, text);
	// No session is open yet: drop onto the empty library panel.
	const spot = page.getByTestId("library");
	await spot.dispatchEvent("dragenter", { dataTransfer: target });
	await expect(page.getByTestId("drop-overlay")).toBeVisible();
	await spot.dispatchEvent("dragover", { dataTransfer: target });
	await spot.dispatchEvent("drop", { dataTransfer: target });
	await expect(page.getByTestId("drop-overlay")).toHaveCount(0);
	await expect(libraryItem(page, fixture.id)).toBeVisible();
	await expect(libraryItem(page, fixture.id)).toContainText("dropped.jsonl");
	await expectTips(page, fixture.tips);
	expect(errors).toEqual([]);
});
