import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { describeFixture, expectTips, libraryItem, openFiles, watchErrors } from "./explorer";

const SMALL = "golden/small-legacy.jsonl";
const BRANCHY = "golden/branchy-legacy.jsonl";
/** 2.4 MB: far more than the tiny quota the first test leaves. */
const LARGE = "pi-mono/before-compaction.jsonl";

const libraryEntry = (page: Page, id: string) =>
	page.locator(`li:has(> [data-testid=library-item][data-session-id="${id}"])`);

/** Writes a raw value into the library's metadata database, behind the app's back. */
function writeRawMeta(page: Page, key: string, value: unknown): Promise<void> {
	return page.evaluate(
		async ({ key, value }) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open("session-explorer-meta-v1");
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			await new Promise<void>((resolve, reject) => {
				const tx = db.transaction("meta", "readwrite");
				tx.objectStore("meta").put(value, key);
				tx.oncomplete = () => resolve();
				tx.onerror = () => reject(tx.error);
			});
			db.close();
		},
		{ key, value },
	);
}

test("over quota for real: the large session stays open unsaved; the stored one survives a reload", async ({
	page,
}) => {
	const errors = watchErrors(page);
	const small = describeFixture(SMALL);
	const large = describeFixture(LARGE);
	await page.goto("./");
	// A tiny quota (before anything is written: Chromium keeps the quota it looked up for a database
	// in use). The small session fits in 1 MB, the large one cannot.
	const cdp = await page.context().newCDPSession(page);
	const origin = new URL(page.url()).origin;
	await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: 1024 * 1024 });
	await openFiles(page, SMALL);
	await expect(libraryItem(page, small.id)).toBeVisible();
	await expectTips(page, small.tips);

	await openFiles(page, LARGE);
	const notice = page.getByTestId("storage-error");
	await expect(notice).toContainText("Could not store before-compaction.jsonl (2.3 MB): browser storage is full");
	await expect(notice).toContainText("in use:");
	await expect(notice).toContainText("It is open in this page but not saved");
	// Open and usable: its tips, its graph and its context.
	await expectTips(page, large.tips);
	await expect(page.getByTestId("open-session")).toContainText("before-compaction.jsonl");
	await expect(page.getByTestId("context-panel").getByTestId("context-entry").first()).toBeVisible();
	// Listed as not saved, apart from the stored library, which still holds the small one only.
	const unsaved = page.locator(`[data-testid=library-unsaved-item][data-session-id="${large.id}"]`);
	await expect(unsaved).toContainText("not saved");
	await expect(unsaved).toHaveAttribute("aria-current", "true");
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	// Saving again fails the same way, and says so again.
	await page.getByTestId("storage-error").getByRole("button", { name: "Dismiss" }).click();
	await page.getByTestId("library-unsaved-save").click();
	await expect(page.getByTestId("storage-error")).toContainText("browser storage is full");
	await expect(unsaved).toBeVisible();

	await page.reload();
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(page.getByTestId("library-unsaved-item")).toHaveCount(0);
	await libraryItem(page, small.id).click();
	await expectTips(page, small.tips);
	await expect(page.getByTestId("context-panel").getByTestId("context-entry").first()).toBeVisible();
	expect(errors).toEqual([]);
	await cdp.send("Storage.overrideQuotaForOrigin", { origin });
});

test("IndexedDB unavailable: everything works in memory, and it says so once", async ({ page }) => {
	const errors = watchErrors(page);
	// What a private window of some browsers does: opening any database throws.
	await page.addInitScript(() => {
		Object.defineProperty(IDBFactory.prototype, "open", {
			configurable: true,
			value() {
				throw new DOMException("The operation is insecure.", "SecurityError");
			},
		});
	});
	const small = describeFixture(SMALL);
	const branchy = describeFixture(BRANCHY);
	await page.goto("./");
	const notice = page.getByTestId("storage-error");
	await expect(notice).toContainText("Browser storage is unavailable");
	await expect(page.getByTestId("storage-offline")).toContainText("Not saving.");
	// The gallery still opens examples.
	await expect(page.getByTestId("gallery")).toBeVisible();

	await openFiles(page, SMALL);
	await expectTips(page, small.tips);
	await expect(page.getByTestId("context-panel").getByTestId("context-entry").first()).toBeVisible();
	await expect(page.locator(`[data-testid=library-unsaved-item][data-session-id="${small.id}"]`)).toContainText(
		"not saved",
	);
	await expect(page.getByTestId("library-item")).toHaveCount(0);
	await expect(notice).toHaveCount(1);

	// Dismissed, the message does not come back with the next file.
	await notice.getByRole("button", { name: "Dismiss" }).click();
	await openFiles(page, BRANCHY);
	await expectTips(page, branchy.tips);
	await expect(page.getByTestId("library-unsaved-item")).toHaveCount(2);
	await expect(page.getByTestId("storage-error")).toHaveCount(0);
	await expect(page.getByTestId("storage-offline")).toBeVisible();

	// Find works; the first session reopens from memory.
	await page.getByTestId("find-input").fill("tree");
	await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", /^[1-9]/);
	await page.locator(`[data-testid=library-unsaved-item][data-session-id="${small.id}"]`).click();
	await expectTips(page, small.tips);

	// Export of the open session works from memory.
	await page.getByTestId("export-button").click();
	const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-download").click()]);
	expect(readFileSync(await download.path(), "utf8").split("\n")[0]).toContain(`"id":"${small.id}"`);
	expect(errors).toEqual([]);
});

test("damaged records are reported and can be deleted; the good sessions still list and open", async ({ page }) => {
	const errors = watchErrors(page);
	const small = describeFixture(SMALL);
	const branchy = describeFixture(BRANCHY);
	await page.goto("./");
	await openFiles(page, SMALL, BRANCHY);
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await writeRawMeta(page, "junk-record", "not a session record");
	await writeRawMeta(page, "half-record", { id: "half-record", fileName: "half.jsonl", size: 12 });

	await page.goto("./");
	const corrupt = page.getByTestId("library-corrupt");
	await expect(corrupt).toHaveAttribute("data-count", "2");
	await expect(corrupt).toContainText("2 damaged records are not listed");
	const junk = corrupt.locator('[data-testid=library-corrupt-item][data-key="junk-record"]');
	await expect(junk).toContainText("the metadata is a string, not a session record");
	const half = corrupt.locator('[data-testid=library-corrupt-item][data-key="half-record"]');
	await expect(half).toContainText("half.jsonl");
	await expect(half).toContainText("missing or invalid fields: title, cwd");
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await libraryItem(page, branchy.id).click();
	await expectTips(page, branchy.tips);

	// Deleting asks first.
	await junk.getByTestId("library-corrupt-delete").click();
	await junk.getByRole("button", { name: "Cancel" }).click();
	await expect(junk).toBeVisible();
	await junk.getByTestId("library-corrupt-delete").click();
	await junk.getByTestId("library-corrupt-delete-confirm").click();
	await expect(junk).toHaveCount(0);
	await expect(corrupt).toHaveAttribute("data-count", "1");

	await page.goto("./");
	await expect(page.getByTestId("library-corrupt")).toHaveAttribute("data-count", "1");
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await libraryItem(page, small.id).click();
	await expectTips(page, small.tips);
	expect(errors).toEqual([]);
});

test("export the library, delete everything, import it back: names survive, also a reload", async ({ page }) => {
	const errors = watchErrors(page);
	const small = describeFixture(SMALL);
	const branchy = describeFixture(BRANCHY);
	await page.goto("./");
	await openFiles(page, SMALL, BRANCHY);
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await libraryEntry(page, small.id).getByTestId("library-rename").click();
	await page.getByTestId("library-rename-input").fill("Backed-up small session");
	await page.getByTestId("library-rename-input").press("Enter");
	await expect(libraryItem(page, small.id).getByTestId("library-item-name")).toHaveText("Backed-up small session");

	const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("library-export").click()]);
	expect(download.suggestedFilename()).toMatch(/^session-explorer-library-\d{4}-\d{2}-\d{2}\.jsonl$/);
	const bundlePath = await download.path();
	const lines = readFileSync(bundlePath, "utf8").trimEnd().split("\n");
	expect(JSON.parse(lines[0])).toMatchObject({ type: "session-explorer-library", version: 1, sessions: 2 });
	expect(lines).toHaveLength(3);
	await expect(page.getByTestId("library-export-status")).toContainText("Exported 2 sessions");

	for (const id of [small.id, branchy.id]) {
		await libraryEntry(page, id).getByTestId("library-delete").click();
		await page.getByTestId("library-delete-confirm").click();
		await expect(libraryItem(page, id)).toHaveCount(0);
	}
	await expect(page.getByTestId("library-item")).toHaveCount(0);

	await page.getByTestId("library-import-input").setInputFiles(bundlePath);
	const report = page.getByTestId("import-batch");
	await expect(report).toHaveAttribute("data-running", "false");
	await expect(report).toHaveAttribute("data-kind", "library");
	await expect(report.locator("[data-testid=import-result][data-status=imported]")).toHaveCount(2);
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await expect(libraryItem(page, small.id).getByTestId("library-item-name")).toHaveText("Backed-up small session");

	// Importing the same file again changes nothing.
	await page.getByTestId("import-dismiss").click();
	await page.getByTestId("library-import-input").setInputFiles(bundlePath);
	await expect(report.locator("[data-testid=import-result][data-status=unchanged]")).toHaveCount(2);

	await page.goto("./");
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await expect(libraryItem(page, small.id).getByTestId("library-item-name")).toHaveText("Backed-up small session");
	await libraryItem(page, branchy.id).click();
	await expectTips(page, branchy.tips);
	// The search index was rebuilt for the imported sessions.
	await page.getByTestId("search-all-input").fill("tree edit write");
	await page.getByTestId("search-all-input").press("Enter");
	await expect(page.getByTestId("search-all-results")).toContainText("Backed-up small session");
	expect(errors).toEqual([]);
});
