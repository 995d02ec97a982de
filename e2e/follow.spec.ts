import { expect, type Page, test } from "@playwright/test";
import { expectTips, libraryItem, watchErrors } from "./explorer";
import { clearOpfs, pickFromOpfs, writeOpfs } from "./opfs";

const T = "2026-02-01T10:00:00.000Z";
const line = (o: Record<string, unknown>) => `${JSON.stringify({ timestamp: T, ...o })}\n`;
const user = (id: string, parentId: string | null, text: string) =>
	line({ type: "message", id, parentId, message: { role: "user", content: text, timestamp: 1769940000000 } });
const reply = (id: string, parentId: string, text: string) =>
	line({
		type: "message",
		id,
		parentId,
		message: {
			role: "assistant",
			content: [{ type: "text", text }],
			api: "anthropic-messages",
			provider: "anthropic",
			model: "claude-sonnet-4-5",
			usage: {
				input: 1,
				output: 1,
				cacheRead: 0,
				cacheWrite: 0,
				totalTokens: 2,
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
			},
			stopReason: "stop",
			timestamp: 1769940000000,
		},
	});
const HEADER = line({ type: "session", version: 3, id: "live-1", cwd: "/work/live" });
const FILE = "follow.jsonl";

/** What the inspector shows for the selected leaf: its context entries. */
const contextIds = (page: Page) =>
	page
		.getByTestId("context-panel")
		.getByTestId("context-entry")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
const transform = (page: Page) =>
	page.locator(".react-flow__viewport").evaluate((el) => (el as HTMLElement).style.transform);
const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const append = (page: Page, text: string) => writeOpfs(page, FILE, text, true);
const within = { timeout: 3000 };

test.beforeEach(async ({ page }) => {
	await pickFromOpfs(page);
	await page.goto("./");
	await clearOpfs(page);
});

test("a followed file grows in place: new turn, branch, compaction, a line completed later, a broken line; truncated, it is read again", async ({
	page,
}) => {
	const errors = watchErrors(page);
	await writeOpfs(page, FILE, HEADER + user("u1", null, "hello") + reply("a1", "u1", "hi there"));
	await page.getByTestId("follow-file").click();
	await expectTips(page, ["a1"]);
	await expect(page.getByTestId("follow")).toHaveAttribute("data-following", "true");
	await expect.poll(() => contextIds(page)).toEqual(["u1", "a1"]);
	// Let the opening view settle, then it must not move.
	await page.waitForTimeout(500);
	const view = await transform(page);

	// A new turn.
	await append(page, user("u2", "a1", "next question") + reply("a2", "u2", "next answer"));
	await expect(page.locator('[data-testid=leaf-item][data-entry-id="a2"]')).toBeVisible(within);
	await expectTips(page, ["a2"]);
	await expect(node(page, "a2")).toBeAttached(within);
	// The selection (a1, the tip when the file was opened) stays: follow-leaf is off.
	expect(await contextIds(page)).toEqual(["u1", "a1"]);

	// A branch from a1 and a compaction on the main line.
	await append(
		page,
		user("b1", "a1", "another way") +
			line({
				type: "compaction",
				id: "c1",
				parentId: "a2",
				summary: "So far: two questions.",
				firstKeptEntryId: "a2",
				tokensBefore: 900,
			}) +
			user("u3", "c1", "after compaction"),
	);
	await expect(page.locator('[data-testid=leaf-item][data-entry-id="u3"]')).toBeVisible(within);
	await expectTips(page, ["b1", "u3"]);
	await expect(node(page, "a1")).toBeAttached(within); // now a branch point
	await expect(node(page, "c1")).toBeAttached(within);

	// Half a line: nothing yet; the rest of it: the entry comes.
	const half = reply("a3", "u3", "a long answer being streamed");
	await append(page, half.slice(0, 40));
	await page.waitForTimeout(2000);
	await expectTips(page, ["b1", "u3"]);
	await expect(page.locator('[data-testid=diagnostic][data-code="malformed-json"]')).toHaveCount(0);
	await append(page, half.slice(40));
	await expect(page.locator('[data-testid=leaf-item][data-entry-id="a3"]')).toBeVisible(within);

	// A broken line is a diagnostic with its line number; the next good line still comes.
	await append(page, `{"type":"message","id":\n${user("u4", "a3", "still going")}`);
	await expect(page.locator('[data-testid=leaf-item][data-entry-id="u4"]')).toBeVisible(within);
	await expect(page.locator('[data-testid=diagnostic][data-code="malformed-json"]')).toHaveAttribute("data-line", "10");

	// Throughout, the view did not move and the selection did not change.
	expect(await transform(page)).toBe(view);
	expect(await contextIds(page)).toEqual(["u1", "a1"]);

	// Find searches the new lines too (the worker searches the file it holds).
	await page.getByTestId("find-input").fill("still going");
	await expect
		.poll(() => page.getByTestId("find-hit").evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id"))))
		.toEqual(["u4"]);
	await page.getByTestId("find-input").fill("");

	// The library's copy grew with it.
	await expect(libraryItem(page, "live-1")).toContainText("9 entries", within);

	// Follow the current leaf: the newest tip is selected and its context shown.
	await page.getByTestId("follow-leaf").check();
	await expect.poll(() => contextIds(page), within).toEqual(["c1", "a2", "u3", "a3", "u4"]);
	await append(page, reply("a4", "u4", "done"));
	await expect.poll(() => contextIds(page), within).toEqual(["c1", "a2", "u3", "a3", "u4", "a4"]);

	// Truncated under it: read again from the start, with a note.
	await writeOpfs(page, FILE, HEADER + user("u1", null, "hello"));
	await expect(page.getByTestId("follow-note")).toContainText("read again from the start", within);
	await expectTips(page, ["u1"]);
	await expect(page.getByTestId("follow")).toHaveAttribute("data-following", "true");
	// And it is still followed.
	await append(page, reply("z1", "u1", "fresh start"));
	await expect(page.locator('[data-testid=leaf-item][data-entry-id="z1"]')).toBeVisible(within);
	expect(errors).toEqual([]);
});

test("a file of an older format is followed by reading it again whole as it grows", async ({ page }) => {
	const errors = watchErrors(page);
	const v2 = line({ type: "session", version: 2, id: "live-1", cwd: "/work/live" });
	await writeOpfs(page, FILE, v2 + user("u1", null, "hello") + reply("a1", "u1", "hi there"));
	await page.getByTestId("follow-file").click();
	await expectTips(page, ["a1"]);
	await expect(page.getByTestId("follow")).toHaveAttribute("data-following", "true");
	// Its worker does not grow a migrated file: the page has it read again.
	await append(page, user("u2", "a1", "next question") + reply("a2", "u2", "next answer"));
	await expect(page.locator('[data-testid=leaf-item][data-entry-id="a2"]')).toBeVisible(within);
	await expectTips(page, ["a2"]);
	await expect(page.getByTestId("follow")).toHaveAttribute("data-following", "true");
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(page.getByTestId("follow-note")).toHaveCount(0);
	expect(errors).toEqual([]);
});
