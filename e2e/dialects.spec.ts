import { expect, type Page, test } from "@playwright/test";
import { buildContextEntries } from "../src/core";
import { describeFixture, leafItem, libraryItem, openFiles, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

const OMP = "dialects/omp-clear.jsonl";
const V4 = "dialects/pi-v4.jsonl";
const OC_ID = "7c1e2d3a-4b5c-4d6e-8f70-0123456789ab";

const contextIds = (page: Page) =>
	page
		.getByTestId("context-panel")
		.locator("[data-testid=context-entry]")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));

test("an oh-my-pi file opens with its title, no error diagnostics, and its context after a /clear", async ({
	page,
}) => {
	const errors = watchErrors(page);
	const { parsed } = describeFixture(OMP);
	await page.goto("./");
	await openFiles(page, OMP);
	const header = page.getByTestId("session-header");
	await expect(header).toContainText("Fix the flaky login test");
	await expect(page.getByTestId("session-header-dialect")).toHaveText("oh-my-pi session, format 3");
	// The title slot is not an entry, and nothing oh-my-pi does on purpose is flagged.
	await expect(page.locator("[data-testid=diagnostic][data-code=missing-id]")).toHaveCount(0);
	await expect(page.locator("[data-testid=diagnostic][data-severity=error]")).toHaveCount(0);
	await expect(page.locator("[data-testid=diagnostic][data-severity=warning]")).toHaveCount(0);
	// The default leaf is after the /clear: only the new request and its answer are read.
	const expected = buildContextEntries(parsed.entries, parsed.leafId).map((e) => e.id);
	expect(expected).toEqual(["a1000010", "a1000011"]);
	const panel = page.getByTestId("context-panel");
	await expect(panel).toHaveAttribute("data-count", "2,2");
	expect(await contextIds(page)).toEqual(expected);
	await expect(panel.locator("[data-testid=llm-message]")).toHaveCount(2);
	await expect(panel.locator("[data-testid=llm-message][data-role=user]")).toHaveCount(1);
	// The plan-role model is shown among the path's settings.
	await expect(page.getByTestId("context-setting-role")).toContainText("openai/gpt-5");
	// Before the /clear, the retry-recovery turn is not sent.
	await leafItem(page, "a1000008").click();
	await expect(panel).toHaveAttribute("data-count", /^\d+,2$/);
	expect(errors).toEqual([]);
});

test("an OpenClaw reset archive in a folder import is listed under the live session with its reason and time", async ({
	page,
}) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await page.getByTestId("folder-input").setInputFiles(fixturePath("openclaw"));
	await expect(page.getByTestId("import-batch")).toHaveAttribute("data-running", "false");
	await expect(page.getByTestId("import-result")).toHaveCount(2);
	await expect(page.locator("[data-testid=import-result][data-status=imported]")).toHaveCount(2);
	const archiveId = `${OC_ID}:reset:2026-04-01T09-30-00.000Z`;
	const live = libraryItem(page, OC_ID);
	const archive = libraryItem(page, archiveId);
	await expect(live).toHaveAttribute("data-depth", "0");
	await expect(archive).toHaveAttribute("data-depth", "1");
	await expect(archive.getByTestId("library-item-archive")).toContainText("archived on reset");
	await expect(archive.getByTestId("library-item-archive")).toContainText("2026");
	// Listed right under the live one.
	const order = await page
		.getByTestId("library-item")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-session-id")));
	expect(order.indexOf(archiveId)).toBe(order.indexOf(OC_ID) + 1);
	// It opens as its own session: the history before the reset.
	await archive.click();
	await expect(page.getByTestId("session-header")).toContainText("Before the reset");
	expect(errors).toEqual([]);
});

test("a pi harness v4 file opens read-only, marked experimental, with lanes as named tips", async ({ page }) => {
	const errors = watchErrors(page);
	const { parsed } = describeFixture(V4);
	await page.goto("./");
	await openFiles(page, V4);
	await expect(page.getByTestId("session-header-dialect")).toContainText(
		"experimental: pi's v4 format is not released yet",
	);
	await expect(page.getByTestId("session-header")).toContainText("Migration plan");
	await expect(page.getByTestId("lab-button")).toBeDisabled();
	await expect(page.locator("[data-testid=diagnostic][data-code=harness-experimental]")).toHaveCount(1);
	await expect(page.locator("[data-testid=diagnostic][data-severity=error]")).toHaveCount(0);
	await expect(page.getByTestId("leaf-item")).toHaveCount(2);
	await expect(leafItem(page, "d1000004")).toContainText("lane side");
	const expected = buildContextEntries(parsed.entries, parsed.leafId).map((e) => e.id);
	expect(expected).toEqual(["d1000006", "d1000007", "d1000008"]);
	await expect(page.getByTestId("context-panel")).toHaveAttribute("data-count", "3,4");
	expect(await contextIds(page)).toEqual(expected);
	expect(errors).toEqual([]);
});

test("a newer pi file resumes at its leaf entry's target, shows its active tools and a deferred reply as not sent", async ({
	page,
}) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await openFiles(page, "dialects/pi-newer.jsonl");
	await expect(page.locator(".ins-header__leaf")).toHaveText("c1000007");
	await expect(page.getByTestId("context-setting-tools")).toContainText("read, bash");
	const deferred = page.locator("[data-testid=path-entry][data-entry-id=c1000004]");
	await expect(deferred).toContainText("not sent");
	await expect(deferred).toContainText('stopReason "deferred"');
	await expect(page.locator("[data-testid=diagnostic][data-severity=warning]")).toHaveCount(0);
	expect(errors).toEqual([]);
});
