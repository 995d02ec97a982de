import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { buildContextEntries, parseSession } from "../src/core";
import { errorFloodText } from "../test/badInputs";
import { fixturePath } from "./fixtures";

/** The diagnostics panel on real files: notices, grouping, filters, jumping to entries, paging. */

const panel = (page: Page) => page.getByTestId("diagnostics");
const items = (page: Page) => panel(page).getByTestId("diagnostic");

function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on("pageerror", (err) => errors.push(err.message));
	return errors;
}

test("a migrated file says so, and an issue's entry is one click away", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(fixturePath("pi-mono/before-compaction.jsonl"));
	const notice = page.locator("[data-testid=diagnostics-notice][data-code=migrated]");
	await expect(notice).toContainText("Migrated from format v1");
	const unanswered = items(page).and(page.locator("[data-code=tool-call-unanswered]"));
	await expect(unanswered).toHaveCount(1);
	await expect(unanswered).toContainText("line 628");
	await expect(unanswered).toContainText("00000274");
	await expect(items(page).and(page.locator("[data-code=migrated]"))).toHaveCount(1);
	expect(errors).toEqual([]);
});

test("clicking an issue selects its entry as the leaf; entries its message names are links too", async ({ page }) => {
	const errors = watchErrors(page);
	const file = "golden/compaction-heavy.jsonl";
	const parsed = parseSession(readFileSync(fixturePath(file), "utf8"));
	const issue = parsed.issues.find((i) => i.code === "tool-call-unanswered" && i.line === 9);
	expect(issue?.entryId).toBe("7614e1a1");
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(fixturePath(file));
	await expect(items(page)).toHaveCount(parsed.issues.length);

	const item = page.locator('[data-testid=diagnostic][data-entry-id="7614e1a1"]');
	await item.locator(".diagnostic__main").click();
	const expected = buildContextEntries(parsed.entries, "7614e1a1").map((e) => e.id);
	const context = page.getByTestId("context-panel");
	await expect(context).toHaveAttribute("data-count", new RegExp(`^${expected.length},`));
	await expect(context.locator("[data-testid=context-entry]").last()).toHaveAttribute("data-entry-id", "7614e1a1");
	await expect(item).toHaveClass(/is-active/);

	// "… before the next assistant message (103fd5d4)": that entry is offered too.
	await item.getByRole("button", { name: "103fd5d4", exact: true }).click();
	await expect(context.locator("[data-testid=context-entry]").last()).toHaveAttribute("data-entry-id", "103fd5d4");
	expect(errors).toEqual([]);
});

test("filters by severity and by code; file-wide issues show their line or none", async ({ page }) => {
	const errors = watchErrors(page);
	const parsed = parseSession(readFileSync(fixturePath("bad/mixed.jsonl"), "utf8"));
	const bySeverity = (s: string) => parsed.issues.filter((i) => i.severity === s).length;
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(fixturePath("bad/mixed.jsonl"));
	await expect(items(page)).toHaveCount(parsed.issues.length);

	const filter = page.getByTestId("diagnostics-filter");
	await filter.locator("[data-severity=error]").click();
	await expect(items(page)).toHaveCount(bySeverity("error"));
	await expect(panel(page).locator("[data-testid=diagnostic]:not([data-severity=error])")).toHaveCount(0);
	await filter.locator("[data-severity=info]").click();
	await expect(items(page)).toHaveCount(bySeverity("error") + bySeverity("info"));

	await filter.getByRole("button", { name: "Clear" }).click();
	await filter.getByLabel("Show one issue code").selectOption("orphan");
	await expect(items(page)).toHaveCount(1);
	await expect(items(page)).toContainText("line 9");
	await expect(items(page)).toContainText("a0000004");

	// A malformed line has no entry: it shows its line and is not a button.
	await filter.getByLabel("Show one issue code").selectOption("malformed-json");
	await expect(items(page).first()).toContainText("line 3");
	await expect(items(page).first().locator(".diagnostic__main")).not.toHaveAttribute("type", "button");
	expect(errors).toEqual([]);
});

test("a flood of 100,000 bad lines: counts stay honest and the list comes a page at a time", async ({ page }) => {
	const errors = watchErrors(page);
	const dir = mkdtempSync(join(tmpdir(), "session-explorer-flood-"));
	try {
		const path = join(dir, "flood.jsonl");
		writeFileSync(path, errorFloodText());
		await page.goto("./");
		await page.getByTestId("file-input").setInputFiles(path);
		// The checks run in the worker that holds the file, after its first answers to the page.
		await expect(panel(page)).toHaveAttribute("data-count", "1001", { timeout: 20_000 });
		await expect(page.locator("[data-testid=diagnostics-notice][data-code=too-many-issues]")).toContainText(
			"99,000 more malformed-json",
		);
		await expect(items(page)).toHaveCount(101);
		const more = panel(page).getByTestId("diagnostics-more");
		await expect(more).toHaveText("Show 100 more of 900");
		await more.click();
		await expect(items(page)).toHaveCount(201);
		// The page still answers at once.
		const t0 = Date.now();
		await page.getByTestId("leaf-item").first().click();
		expect(Date.now() - t0).toBeLessThan(2000);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	expect(errors).toEqual([]);
});
