import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { libraryItem, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";
import { clearOpfs, pickFromOpfs, writeOpfs } from "./opfs";

const SRC = "5f0c2a1e-7b3d-4c9e-8a21-0d6e4f3b9c10";
const FORK = "9a4b7c2d-1e5f-4a6b-8c3d-2f1e0a9b8c7d";
const LIB = "c3d2e1f0-a9b8-4c7d-9e6f-5a4b3c2d1e0f";
const SRC_FILE = `--home-u-app--/2026-01-01T10-00-00-000Z_${SRC}.jsonl`;
const FORK_FILE = `--home-u-app--/2026-01-02T09-30-00-000Z_${FORK}.jsonl`;
const LIB_FILE = `--home-u-lib--/2026-01-03T08-00-00-000Z_${LIB}.jsonl`;
const text = (file: string) => readFileSync(fixturePath(`project/${file}`), "utf8");

/** A user turn after the last entry of the lib session. */
const GROWN = `${JSON.stringify({
	type: "message",
	id: "c0000007",
	parentId: "c0000006",
	timestamp: "2026-01-03T08:01:00.000Z",
	message: { role: "user", content: "And the docs?", timestamp: 1767427260000 },
})}\n`;

const result = (page: Page, path: string) => page.locator(`[data-testid=import-result][data-path="${path}"]`);
const statuses = (page: Page) =>
	page
		.getByTestId("import-result")
		.evaluateAll((els) =>
			Object.fromEntries(els.map((e) => [e.getAttribute("data-path"), e.getAttribute("data-status")])),
		);
const synced = async (page: Page) => {
	await expect(page.getByTestId("import-batch")).toHaveAttribute("data-running", "false");
	await expect(page.getByTestId("folder-sync")).toBeEnabled();
};

test.beforeEach(async ({ page }) => {
	await pickFromOpfs(page);
	await page.goto("./");
	await clearOpfs(page);
});

test("a linked folder syncs on every visit and on demand: new imported, grown updated, unchanged skipped", async ({
	page,
}) => {
	const errors = watchErrors(page);
	await writeOpfs(page, `sessions/${SRC_FILE}`, text(SRC_FILE));
	await writeOpfs(page, `sessions/${LIB_FILE}`, text(LIB_FILE));
	await writeOpfs(page, "sessions/notes.txt", "not a session");

	// Linking syncs at once: both sessions imported, walking subfolders, with the folder import's results.
	await page.getByTestId("link-folder").click();
	await synced(page);
	expect(await statuses(page)).toEqual({ [`sessions/${SRC_FILE}`]: "imported", [`sessions/${LIB_FILE}`]: "imported" });
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await expect(page.getByTestId("linked-folder")).toContainText("sessions");
	// Each session says where it came from.
	await expect(libraryItem(page, LIB).getByTestId("library-item-folder")).toContainText(`sessions/${LIB_FILE}`);

	// On disk: one session added, one grown.
	await writeOpfs(page, `sessions/${FORK_FILE}`, text(FORK_FILE));
	await writeOpfs(page, `sessions/${LIB_FILE}`, GROWN, true);

	// The next visit syncs by itself: exactly what changed.
	await page.reload();
	await synced(page);
	expect(await statuses(page)).toEqual({
		[`sessions/${SRC_FILE}`]: "unchanged",
		[`sessions/${FORK_FILE}`]: "imported",
		[`sessions/${LIB_FILE}`]: "updated",
	});
	await expect(result(page, `sessions/${LIB_FILE}`)).toContainText("1 entry more");
	await expect(page.getByTestId("library-item")).toHaveCount(3);
	await expect(libraryItem(page, FORK).getByTestId("library-item-folder")).toBeVisible();

	// Sync now, nothing changed: every file skipped.
	await page.getByTestId("folder-sync").click();
	await synced(page);
	expect(Object.values(await statuses(page))).toEqual(["unchanged", "unchanged", "unchanged"]);

	// Unlinking keeps the sessions.
	await page.getByTestId("folder-unlink").click();
	await expect(page.getByTestId("link-folder")).toBeVisible();
	await page.reload();
	await expect(page.getByTestId("library-item")).toHaveCount(3);
	await expect(page.getByTestId("link-folder")).toBeVisible();
	await expect(page.getByTestId("library-item-folder")).toHaveCount(0);
	expect(errors).toEqual([]);
});

test("a folder the browser no longer lets the page read: Reconnect asks, a refusal says so", async ({ page }) => {
	await writeOpfs(page, `sessions/${LIB_FILE}`, text(LIB_FILE));
	await page.getByTestId("link-folder").click();
	await synced(page);
	// The browser's permission (the user's answer) stands in: "ask again", then "no".
	await page.addInitScript(() => {
		const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>;
		proto.queryPermission = async () => "prompt";
		proto.requestPermission = async () => "denied";
	});
	await page.reload();
	await expect(page.getByTestId("folder-reconnect")).toBeVisible();
	await expect(page.getByTestId("import-batch")).toHaveCount(0);
	await page.getByTestId("folder-reconnect").click();
	await expect(page.getByTestId("folder-message")).toContainText("did not allow reading the folder");
	await expect(page.getByTestId("library-item")).toHaveCount(1);
});
