import { expect, type Locator, type Page, test } from "@playwright/test";
import { frameScripts, installProbe, longestTask } from "./perfProbe";

/**
 * "Show more" on a huge text reveals a bounded slice at a time: each click adds at most one
 * window of text to the page, however long the text is, and "Copy all" still copies all of it.
 */

const WINDOW_CHARS = 8000; // ShowMore's WINDOW_CHARS
const OUTPUT_LINES = 600_000; // about 20 MB of tool output
const outputLine = (i: number) => `${String(i).padStart(7, "0")} drwxr-xr-x  user  staff  file-${i}.txt`;
/** Markdown the parser finds hardest (emphasis openers that never close), 300 K characters. */
const MARKDOWN = `Result: ${"*a **b _c ".repeat(30_000)}`;

function session(): string {
	const t = "2026-01-01T00:00:00.000Z";
	const output = Array.from({ length: OUTPUT_LINES }, (_, i) => outputLine(i)).join("\n");
	const lines = [
		{ type: "session", version: 3, id: "huge-text", timestamp: t, cwd: "/work" },
		{
			type: "message",
			id: "u1",
			parentId: null,
			timestamp: t,
			message: { role: "user", content: "list", timestamp: 1 },
		},
		{
			type: "message",
			id: "a1",
			parentId: "u1",
			timestamp: t,
			message: {
				role: "assistant",
				content: [{ type: "toolCall", id: "c1", name: "bash", arguments: { command: "ls -la" } }],
				provider: "p",
				model: "m",
				stopReason: "toolUse",
				timestamp: 2,
			},
		},
		{
			type: "message",
			id: "r1",
			parentId: "a1",
			timestamp: t,
			message: {
				role: "toolResult",
				toolCallId: "c1",
				toolName: "bash",
				content: [{ type: "text", text: output }],
				isError: false,
				timestamp: 3,
			},
		},
		{
			type: "message",
			id: "a2",
			parentId: "r1",
			timestamp: t,
			message: {
				role: "assistant",
				content: [{ type: "text", text: MARKDOWN }],
				provider: "p",
				model: "m",
				stopReason: "stop",
				timestamp: 4,
			},
		},
	];
	return `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
}

/** The page's clock now: long tasks and frames are read from here on (see `perfProbe`). */
const pageNow = (page: Page) => page.evaluate(() => performance.now());

async function openEntry(page: Page, id: string): Promise<Locator> {
	const entry = page.locator(`[data-testid=context-panel] [data-testid=context-entry][data-entry-id="${id}"]`);
	const view = entry.getByTestId("entry-view");
	await entry.scrollIntoViewIfNeeded();
	if ((await view.count()) === 0) await entry.locator(".ins-row__head").click();
	await expect(view).toBeVisible();
	return view;
}

const textLength = (view: Locator) => view.evaluate((el) => el.textContent?.length ?? 0);

test("show more on a 20 MB output and on pathological markdown adds one bounded slice per click", async ({
	page,
	context,
}) => {
	test.setTimeout(120_000);
	await context.grantPermissions(["clipboard-read", "clipboard-write"]);
	await installProbe(page);
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles({
		name: "huge-text.jsonl",
		mimeType: "application/jsonl",
		buffer: Buffer.from(session()),
	});
	await expect(page.locator('[data-testid=leaf-item][data-entry-id="a2"]')).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId("context-panel")).toHaveAttribute("data-count", /^4,/, { timeout: 60_000 });

	for (const id of ["r1", "a2"]) {
		const view = await openEntry(page, id);
		const more = view.getByTestId("show-more").first();
		await expect(more).toBeVisible();
		const from = await pageNow(page);
		let before = await textLength(view);
		for (let click = 0; click < 4; click++) {
			await more.click();
			await expect(view.getByTestId("show-less").first()).toBeVisible();
			const after = await textLength(view);
			// Work done per click: the first shows the collapsed part whole plus one window; then one window each.
			expect(after - before, `${id}, click ${click + 1}`).toBeLessThanOrEqual(2 * WINDOW_CHARS + 200);
			expect(after).toBeGreaterThan(before);
			before = after;
		}
		// Far from everything is on the page.
		expect(before).toBeLessThan(10 * WINDOW_CHARS);
		await expect(more).toContainText("more");
		// A sanity bound only: all at once took seconds (13.6 s for 50 MB, 2.2 s for the markdown).
		const to = await pageNow(page);
		const frames = (await frameScripts(page, from, to)).join(" | ");
		expect((await longestTask(page, from, to)).ms, `${id}; long frames: ${frames}`).toBeLessThan(500);
		await view.getByTestId("show-less").first().click();
		await expect(view.getByTestId("show-less")).toHaveCount(0);
	}

	// Copy all copies the whole text, not the part shown.
	const view = await openEntry(page, "a2");
	const copy = view.getByTestId("show-more-copy").first();
	await copy.click();
	await expect(copy).toHaveText("Copied");
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN);
});
