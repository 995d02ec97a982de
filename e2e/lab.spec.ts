import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { analyzeContext, buildContextEntries, parseSession, type SessionEntry } from "../src/core";
import { idsOf, openExample, parseExample } from "./examples";

const FILE = "02-legacy-compaction.jsonl";

const contextIds = (page: Page) => idsOf(page, "context-entry");

async function addCompaction(page: Page, kept: string, summary: string) {
	const panel = page.getByTestId("lab-panel");
	await panel.getByTestId("lab-kind").selectOption("legacy");
	await panel.getByTestId("lab-kept").selectOption(kept);
	await panel.getByTestId("lab-summary").fill(summary);
	await panel.getByTestId("lab-add").click();
}

test("the lab adds a compaction to a scratch copy, undoes it, exports it, and never touches the original", async ({
	page,
}) => {
	await openExample(page, FILE);
	const s = parseExample(FILE);
	const original = analyzeContext(s.entries);
	const leaf = s.entries[original.leaf].id;
	const path = original.path.map((p) => s.entries[p].id);
	const kept = path[path.length - 2];
	const originalIds = original.selected.map((e) => e.id);
	expect(await contextIds(page)).toEqual(originalIds);

	await page.getByTestId("lab-button").click();
	const banner = page.getByTestId("lab-banner");
	await expect(banner).toContainText("scratch copy");
	await expect(banner).toContainText("changes are not saved");
	await expect(page.getByTestId("lab-parent")).toHaveAttribute("data-entry-id", leaf);

	// The context changes at once: the new compaction leads it, then the kept entry and what follows.
	await addCompaction(page, kept, "What if everything before the last turn were summarized?");
	await expect(banner).toHaveAttribute("data-added", "1");
	const first = page.getByTestId("context-panel").getByTestId("context-entry").first();
	// The new entry (its id is random: any id the session does not have) leads the context.
	const known = new Set(s.entries.map((e) => e.id));
	await expect.poll(async () => known.has((await first.getAttribute("data-entry-id")) ?? "")).toBe(false);
	const added = (await first.getAttribute("data-entry-id")) as string;
	expect(s.entries.some((e) => e.id === added)).toBe(false);
	await expect(first).toHaveAttribute("data-region", "checkpoint");
	const withCompaction: SessionEntry[] = [
		...s.entries,
		{
			type: "compaction",
			id: added,
			parentId: leaf,
			timestamp: "",
			summary: "x",
			tokensBefore: 0,
			firstKeptEntryId: kept,
		},
	];
	await expect.poll(() => contextIds(page)).toEqual(buildContextEntries(withCompaction, added).map((e) => e.id));
	await expect(page.locator(".ins-header__leaf")).toHaveText(added);
	await expect(page.locator(`.react-flow__node[data-id="${added}"]`)).toBeVisible();

	// Undo restores the scratch copy and the selection.
	await banner.getByTestId("lab-undo").click();
	await expect(banner).toHaveAttribute("data-added", "0");
	await expect.poll(() => contextIds(page)).toEqual(originalIds);
	await expect(page.locator(`.react-flow__node[data-id="${added}"]`)).toHaveCount(0);

	// Export downloads the edited copy as JSONL that parses with the added entry.
	await addCompaction(page, kept, "Exported what-if summary");
	// (Exported once the copy holds it: a click before the worker took the edit exports the copy before it.)
	await expect(banner).toHaveAttribute("data-added", "1");
	const downloading = page.waitForEvent("download");
	await banner.getByTestId("lab-export").click();
	const download = await downloading;
	expect(download.suggestedFilename()).toBe("02-legacy-compaction.what-if.jsonl");
	const exported = parseSession(readFileSync(await download.path(), "utf8"));
	expect(exported.entries.length).toBe(s.entries.length + 1);
	expect(exported.entries.slice(0, -1)).toEqual(s.entries);
	const last = exported.entries[exported.entries.length - 1];
	expect(last).toMatchObject({
		type: "compaction",
		parentId: leaf,
		firstKeptEntryId: kept,
		summary: "Exported what-if summary",
	});
	expect(exported.issues.filter((i) => i.severity === "error")).toEqual([]);
	expect(analyzeContext(exported.entries).selected[0].id).toBe(last.id);

	// Leaving shows the original again; after a reload the stored original is unchanged.
	await banner.getByTestId("lab-leave").click();
	await expect(page.getByTestId("lab-banner")).toHaveCount(0);
	await expect.poll(() => contextIds(page)).toEqual(originalIds);
	await expect(page.getByTestId("open-session")).not.toContainText("not stored");
	const itemBefore = await page.getByTestId("library-item").textContent();
	await page.reload();
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(page.getByTestId("library-item")).toHaveText(itemBefore ?? "");
	await expect(page.getByTestId("library-item")).toContainText(`${s.entries.length} entries`);
	await page.getByTestId("library-item").click();
	await expect(page.getByTestId("open-session")).toContainText(`${s.entries.length} entries`);
	await expect.poll(() => contextIds(page)).toEqual(originalIds);
});

test("the lab appends where the graph points: a context edit omits an entry, a message extends a branch", async ({
	page,
}) => {
	const file = "01-no-compaction.jsonl";
	await openExample(page, file);
	const s = parseExample(file);
	const a = analyzeContext(s.entries);
	const ids = a.path.map((p) => s.entries[p].id);
	const target = a.selected.find((e) => e.type === "message" && (e.message as { role: string }).role === "user");
	if (!target) throw new Error("no user message");
	await page.getByTestId("lab-button").click();

	// The parent follows the entry chosen last: a node in the graph, then a row in the inspector.
	// The lab takes the top of the centre and the view keeps the selected tip, so the root may sit
	// above the graph's edge: fit the view first, as one would to reach it.
	await page.locator(".react-flow__controls-fitview").click();
	await page.locator(`.react-flow__node[data-id="${ids[0]}"]`).click();
	await expect(page.getByTestId("lab-parent")).toHaveAttribute("data-entry-id", ids[0]);
	await page.getByTestId("leaf-item").first().click();
	await expect(page.getByTestId("lab-parent")).toHaveAttribute("data-entry-id", ids[ids.length - 1]);
	const parent = ids[ids.length - 2];
	await page.locator(`[data-testid=path-entry][data-entry-id="${parent}"] .ins-row__head`).click();
	await expect(page.getByTestId("lab-parent")).toHaveAttribute("data-entry-id", parent);
	const panel = page.getByTestId("lab-panel");
	await panel.getByTestId("lab-kind").selectOption("context-edit");
	await panel.getByTestId("lab-target").selectOption(target.id);
	await panel.getByTestId("lab-omit").check();
	await panel.getByTestId("lab-add").click();
	await expect(page.locator(`[data-testid=llm-message][data-entry-id="${target.id}"]`)).toHaveCount(0);
	await expect(page.getByTestId("leaf-item")).toHaveCount(2);

	await panel.getByTestId("lab-kind").selectOption("user");
	await panel.getByTestId("lab-text").fill("A what-if question");
	await panel.getByTestId("lab-add").click();
	const llm = page.getByTestId("context-panel").getByTestId("llm-message");
	await expect(llm.last()).toContainText("A what-if question");
	await expect(llm.last()).toHaveAttribute("data-role", "user");
	await expect(page.getByTestId("lab-banner")).toHaveAttribute("data-added", "2");
	await expect(page.getByTestId("leaf-item")).toHaveCount(2);

	// Leaving the lab drops the copy: the original has its single tip again.
	await page.getByTestId("lab-leave").click();
	await expect(page.getByTestId("leaf-item")).toHaveCount(1);
});
