import { expect, type Page, test } from "@playwright/test";
import { hashParts, libraryItem, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

const SRC = "5f0c2a1e-7b3d-4c9e-8a21-0d6e4f3b9c10";
const FORK = "9a4b7c2d-1e5f-4a6b-8c3d-2f1e0a9b8c7d";
const LIB = "c3d2e1f0-a9b8-4c7d-9e6f-5a4b3c2d1e0f";
const LIB2 = "e7f6d5c4-b3a2-4190-8f7e-6d5c4b3a2918";
const SRC_FILE = `2026-01-01T10-00-00-000Z_${SRC}.jsonl`;

/** Picks a fixture folder with the folder button's input, as a user would. */
async function importFolder(page: Page, folder: string) {
	await page.getByTestId("folder-input").setInputFiles(fixturePath(folder));
	await expect(page.getByTestId("import-batch")).toHaveAttribute("data-running", "false");
}

const result = (page: Page, path: string) => page.locator(`[data-testid=import-result][data-path="${path}"]`);
const group = (page: Page, cwd: string) => page.locator(`[data-testid=library-group][data-cwd="${cwd}"]`);
const ids = (page: Page, selector: string) =>
	page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute("data-session-id")));

test("imports a folder: one progress bar, a result per file, the library grouped by project", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await importFolder(page, "project");

	// One progress bar for the batch, complete.
	await expect(page.getByTestId("import-progress")).toHaveCount(1);
	await expect(page.getByTestId("import-progress")).toHaveAttribute("data-done", "6");
	await expect(page.getByTestId("import-progress")).toHaveAttribute("data-total", "6");
	await expect(page.getByTestId("import-progress")).toContainText("6 of 6 files");
	await expect(page.getByTestId("load-progress")).toHaveCount(0);

	// Each .jsonl file has its result; the other file is left alone, and the page says so.
	await expect(page.getByTestId("import-result")).toHaveCount(6);
	await expect(result(page, `project/--home-u-app--/${SRC_FILE}`)).toHaveAttribute("data-status", "imported");
	await expect(result(page, "project/copies/flux-backup.jsonl")).toHaveAttribute("data-status", "unchanged");
	await expect(result(page, "project/broken.jsonl")).toHaveAttribute("data-status", "failed");
	await expect(result(page, "project/broken.jsonl")).toContainText("JSON array");
	const summary = page.getByTestId("import-summary");
	await expect(summary.locator("[data-status=imported]")).toHaveAttribute("data-count", "4");
	await expect(summary.locator("[data-status=unchanged]")).toHaveAttribute("data-count", "1");
	await expect(summary.locator("[data-status=failed]")).toHaveAttribute("data-count", "1");
	await expect(summary.locator("[data-status=ignored]")).toContainText("1 not .jsonl");

	// Nothing was opened; the library holds the four sessions, grouped by working directory.
	await expect(page.getByTestId("leaf-item")).toHaveCount(0);
	const checkGroups = async () => {
		await expect(page.getByTestId("library-item")).toHaveCount(4);
		await expect(page.getByTestId("library-group")).toHaveCount(2);
		// Newest first: the lib project has the most recent session.
		expect(
			await page.getByTestId("library-group").evaluateAll((els) => els.map((e) => e.getAttribute("data-cwd"))),
		).toEqual(["/home/u/lib", "/home/u/app"]);
		await expect(group(page, "/home/u/lib").getByTestId("library-group-count")).toHaveText("2");
		expect(await ids(page, '[data-cwd="/home/u/lib"] [data-testid=library-item]')).toEqual([LIB, LIB2]);
		// The fork sits under its source, indented.
		expect(await ids(page, '[data-cwd="/home/u/app"] [data-testid=library-item]')).toEqual([SRC, FORK]);
		await expect(libraryItem(page, FORK)).toHaveAttribute("data-depth", "1");
		await expect(libraryItem(page, SRC)).toHaveAttribute("data-depth", "0");
		await expect(libraryItem(page, SRC)).toContainText("1 fork");
	};
	await checkGroups();

	// Collapse a group: its items stay in the page but hidden; that is remembered.
	await group(page, "/home/u/app").getByTestId("library-group-toggle").click();
	await expect(group(page, "/home/u/app").getByTestId("library-group-toggle")).toHaveAttribute(
		"aria-expanded",
		"false",
	);
	await expect(libraryItem(page, SRC)).toBeHidden();
	await expect(page.getByTestId("library-item")).toHaveCount(4);

	await page.reload();
	await expect(page.getByTestId("import-batch")).toHaveCount(0);
	await expect(group(page, "/home/u/app").getByTestId("library-group-toggle")).toHaveAttribute(
		"aria-expanded",
		"false",
	);
	await expect(libraryItem(page, FORK)).toBeHidden();
	// Searching the library opens every group, so a match never hides.
	await page.getByTestId("library-search").fill("flux");
	await expect(libraryItem(page, SRC)).toBeVisible();
	await page.getByTestId("library-search").fill("");
	await group(page, "/home/u/app").getByTestId("library-group-toggle").click();
	await checkGroups();
	await libraryItem(page, LIB2).click();
	await expect(page.getByTestId("session-header")).toHaveAttribute("data-session-id", LIB2);
	await expect(page.getByTestId("leaf-item")).toHaveCount(1);
	expect(errors).toEqual([]);
});

test("re-importing: new content updates the session, the same content is skipped", async ({ page }) => {
	await page.goto("./");
	await importFolder(page, "project");
	await page.getByTestId("import-dismiss").click();
	await importFolder(page, "project-update");
	await expect(page.getByTestId("import-result")).toHaveCount(2);
	await expect(result(page, `project-update/--home-u-lib--/2026-01-03T08-00-00-000Z_${LIB}.jsonl`)).toHaveAttribute(
		"data-status",
		"updated",
	);
	await expect(result(page, `project-update/--home-u-lib--/2026-01-03T08-00-00-000Z_${LIB}.jsonl`)).toContainText(
		"2 entries more",
	);
	await expect(result(page, `project-update/${SRC_FILE}`)).toHaveAttribute("data-status", "unchanged");
	await expect(page.getByTestId("library-item")).toHaveCount(4);
	await expect(libraryItem(page, LIB).getByTestId("library-item-updated")).toBeVisible();
	await expect(libraryItem(page, LIB)).toContainText("8 entries");
	// The search index follows the new content.
	await page.getByTestId("search-all-input").fill("wombat");
	await expect(page.getByTestId("search-group")).toHaveCount(1);
	await expect(page.getByTestId("search-group")).toHaveAttribute("data-session-id", LIB);
});

test("fork lineage: the child opens its parent, the parent lists its fork, also after a reload", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await importFolder(page, "project");

	await libraryItem(page, FORK).click();
	const header = page.getByTestId("session-header");
	await expect(header).toHaveAttribute("data-session-id", FORK);
	await expect(header.getByTestId("session-header-id")).toHaveText(FORK);
	await expect(header.getByTestId("session-header-cwd")).toHaveText("/home/u/app");
	await expect(header.getByTestId("session-header-version")).toHaveText("3");
	await expect(header.getByTestId("session-header-created")).toHaveAttribute("title", "2026-01-02T09:30:00.000Z");
	await expect(header.getByTestId("session-header-parent")).toHaveText(
		`/home/u/.pi/agent/sessions/--home-u-app--/${SRC_FILE}`,
	);

	const followLineage = async () => {
		await header.getByTestId("lineage-parent").click();
		await expect(header).toHaveAttribute("data-session-id", SRC);
		// The address follows in the effects after the header is drawn.
		await expect.poll(() => hashParts(page).session).toBe(SRC);
		await expect(header.getByTestId("session-header-parent")).toHaveCount(0);
		await expect(header.getByTestId("lineage-fork")).toHaveCount(1);
		await expect(header.getByTestId("lineage-fork")).toHaveAttribute("data-session-id", FORK);
		await expect(libraryItem(page, SRC)).toHaveAttribute("aria-current", "true");
		await header.getByTestId("lineage-fork").click();
		await expect(header).toHaveAttribute("data-session-id", FORK);
		await expect(header.getByTestId("lineage-parent")).toHaveAttribute("data-session-id", SRC);
		await expect(libraryItem(page, FORK)).toHaveAttribute("aria-current", "true");
	};
	await followLineage();

	await page.reload();
	await expect(header).toHaveAttribute("data-session-id", FORK);
	await followLineage();
	expect(errors).toEqual([]);
});

test("search across sessions opens the right session at the right entry, also after a reload", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await importFolder(page, "project");
	const input = page.getByTestId("search-all-input");
	const groups = page.getByTestId("search-group");

	// Words only the fork has.
	await input.fill("hoverboard water");
	await expect(groups).toHaveCount(1);
	await expect(groups).toHaveAttribute("data-session-id", FORK);
	// A reply both the source and its fork hold: grouped by session, the words marked as text.
	await input.fill("clock tower");
	await expect(groups).toHaveCount(2);
	expect(await ids(page, "[data-testid=search-group]")).toEqual([FORK, SRC]);
	const hit = page.locator(`[data-testid=search-hit][data-session-id="${SRC}"][data-entry-id=a0000007]`);
	await expect(hit.locator("mark")).toHaveText(["clock", "tower"]);
	await expect(page.getByTestId("search-all-status")).toHaveText("2 hits in 2 sessions.");

	await hit.click();
	await expect(page.getByTestId("session-header")).toHaveAttribute("data-session-id", SRC);
	await expect.poll(() => hashParts(page)).toMatchObject({ session: SRC, entry: "a0000007", leaf: "a0000007" });
	// The inspector shows the entry; a tip through it is selected; the graph shows it selected.
	await expect(page.locator("[data-testid=leaf-item][data-entry-id=a0000007]")).toHaveAttribute("aria-pressed", "true");
	await expect(page.locator("[data-testid=context-entry][data-entry-id=a0000007]")).toBeVisible();
	await expect(page.locator(".react-flow__node[data-id=a0000007]")).toBeVisible();
	await expect(hit).toHaveAttribute("aria-current", "true");

	// A hit on the current leaf's path keeps that leaf and focuses the entry.
	await input.fill("plutonium source problem");
	const onPath = page.locator(`[data-testid=search-hit][data-session-id="${SRC}"][data-entry-id=a0000005]`);
	await onPath.click();
	await expect.poll(() => hashParts(page)).toMatchObject({ session: SRC, entry: "a0000005", leaf: "a000000a" });

	// After a reload the index is read from IndexedDB; bodies are not parsed to search.
	await page.reload();
	await expect(page.getByTestId("session-header")).toHaveAttribute("data-session-id", SRC);
	await input.fill("narwhal changelog");
	await expect(groups).toHaveCount(1);
	await expect(groups).toHaveAttribute("data-session-id", LIB2);
	await page.locator("[data-testid=search-hit][data-entry-id=d0000003]").click();
	await expect(page.getByTestId("session-header")).toHaveAttribute("data-session-id", LIB2);
	await expect.poll(() => hashParts(page)).toMatchObject({ session: LIB2, entry: "d0000003" });
	await expect(page.locator("[data-testid=context-entry][data-entry-id=d0000003]")).toBeVisible();
	expect(errors).toEqual([]);
});

test("a folder of 300 sessions imports with the page responsive, then searches all of them", async ({ page }) => {
	test.setTimeout(120_000);
	const errors = watchErrors(page);
	await page.goto("./");
	// Built in the page and handed to the real folder input.
	await page.getByTestId("folder-input").evaluate((input: HTMLInputElement) => {
		const dt = new DataTransfer();
		for (let i = 0; i < 300; i++) {
			const id = `bulk-${String(i).padStart(3, "0")}`;
			const t = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
			const lines = [
				{ type: "session", version: 3, id, timestamp: t, cwd: `/bulk/project-${i % 3}` },
				...Array.from({ length: 40 }, (_, j) => ({
					type: "message",
					id: `${id}-${j}`,
					parentId: j === 0 ? null : `${id}-${j - 1}`,
					timestamp: t,
					message: { role: j % 2 ? "assistant" : "user", content: `turn ${j} of ${id} marker${i}x${j}`, timestamp: 0 },
				})),
			];
			dt.items.add(new File([lines.map((l) => JSON.stringify(l)).join("\n")], `${id}.jsonl`));
		}
		input.files = dt.files;
		// Frame gaps while the batch runs: a frozen page would show one long gap.
		const w = window as unknown as { maxGap: number };
		w.maxGap = 0;
		let last = performance.now();
		const tick = (now: number) => {
			w.maxGap = Math.max(w.maxGap, now - last);
			last = now;
			if (document.querySelector("[data-testid=import-batch][data-running=false]") === null)
				requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
		input.dispatchEvent(new Event("change", { bubbles: true }));
	});
	await expect(page.getByTestId("import-batch")).toHaveAttribute("data-running", "true");
	// The page takes input while the import runs.
	await page.getByTestId("library-search").fill("project-1");
	await expect(page.getByTestId("library-search")).toHaveValue("project-1");
	await expect(page.getByTestId("import-batch")).toHaveAttribute("data-running", "false", { timeout: 90_000 });
	await page.getByTestId("library-search").fill("");
	await expect(page.getByTestId("import-summary").locator("[data-status=imported]")).toHaveAttribute(
		"data-count",
		"300",
	);
	await expect(page.getByTestId("library-item")).toHaveCount(300);
	await expect(page.getByTestId("library-group")).toHaveCount(3);
	const maxGap = await page.evaluate(() => (window as unknown as { maxGap: number }).maxGap);
	expect(maxGap).toBeLessThan(1000);

	await page.getByTestId("search-all-input").fill("marker123x7");
	await expect(page.getByTestId("search-group")).toHaveCount(1);
	await expect(page.getByTestId("search-group")).toHaveAttribute("data-session-id", "bulk-123");
	await page.getByTestId("search-all-input").fill("turn of bulk");
	await expect(page.getByTestId("search-all-status")).toHaveText("12000 hits in 300 sessions.");
	expect(errors).toEqual([]);
});

test("dropping a folder on the page imports every session in it, subfolders included", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	// A real drag of a directory from the OS, through Chromium's input pipeline.
	const cdp = await page.context().newCDPSession(page);
	const data = { items: [], files: [fixturePath("project")], dragOperationsMask: 1 };
	for (const type of ["dragEnter", "dragOver", "drop"] as const) {
		await cdp.send("Input.dispatchDragEvent", { type, x: 700, y: 400, data });
	}
	await expect(page.getByTestId("import-batch")).toHaveAttribute("data-running", "false");
	await expect(page.getByTestId("import-result")).toHaveCount(6);
	await expect(result(page, `project/--home-u-app--/${SRC_FILE}`)).toHaveAttribute("data-status", "imported");
	await expect(result(page, "project/copies/flux-backup.jsonl")).toHaveAttribute("data-status", "unchanged");
	await expect(result(page, "project/broken.jsonl")).toHaveAttribute("data-status", "failed");
	await expect(page.getByTestId("import-summary").locator("[data-status=ignored]")).toContainText("1 not .jsonl");
	await expect(page.getByTestId("library-item")).toHaveCount(4);
	// The broken file is the one load error, named with its reason.
	await expect(page.getByTestId("load-error")).toHaveCount(1);
	await expect(page.getByTestId("load-error")).toContainText("broken.jsonl");
	expect(errors).toEqual([]);
});
