import { expect, type Page, test } from "@playwright/test";
import { encodeShare, SHARE_LIMITS } from "../src/core";
import { openFiles } from "./explorer";

/**
 * Links are untrusted like files: a `#share=` link that unpacks to far more than any link the
 * explorer makes is refused with a clear message, without freezing the page and without storing
 * anything, then or after a reload.
 */

/** Records the page's long tasks (ms) from before its first script. */
async function watchLongTasks(page: Page): Promise<() => Promise<number[]>> {
	await page.addInitScript(() => {
		const win = window as unknown as { __long: number[] };
		win.__long = [];
		new PerformanceObserver((list) => {
			for (const e of list.getEntries()) win.__long.push(e.duration);
		}).observe({ type: "longtask", buffered: true });
	});
	return () => page.evaluate(() => (window as unknown as { __long: number[] }).__long);
}

test("a share-link bomb is refused with a clear message, stores nothing and leaves the page usable", async ({
	page,
}) => {
	// 64 MB of one character deflates to a link of about 85 KB.
	const bomb = await encodeShare("x".repeat(64 * 1024 * 1024));
	expect(bomb.length).toBeLessThan(SHARE_LIMITS.payloadChars);
	const longTasks = await watchLongTasks(page);
	await page.goto(`./#share=${bomb}&name=bomb.jsonl`);
	const error = page.getByTestId("load-error");
	await expect(error).toContainText("bomb.jsonl (shared link)");
	await expect(error).toContainText("unpacks to more than 16 MB");
	await expect(page.getByTestId("library-item")).toHaveCount(0);
	await expect(page.getByTestId("library-unsaved-item")).toHaveCount(0);
	// No freeze: inflating stops at the limit (it used to take seconds for a bigger link).
	expect(Math.max(0, ...(await longTasks()))).toBeLessThan(1000);

	// The refused payload has left the address: a reload does not try it again, and stores nothing.
	await expect.poll(() => new URL(page.url()).hash).not.toContain("share=");
	await page.reload();
	await expect(page.getByTestId("library")).toBeVisible();
	await expect(page.getByTestId("load-error")).toHaveCount(0);
	await expect(page.getByTestId("library-item")).toHaveCount(0);

	// A link longer than any the explorer makes is not even decoded.
	const long = `1.${"A".repeat(SHARE_LIMITS.payloadChars + 10)}`;
	await page.goto(`./#share=${long}&name=long.jsonl`);
	await expect(page.getByTestId("load-error")).toContainText("longer than any link this explorer makes");

	// The page still works.
	await openFiles(page, "golden/branchy-legacy.jsonl");
	await expect(page.getByTestId("library-item")).toHaveCount(1);
});

test("a link's bidi controls and invisible characters are shown escaped, in its text and its address", async ({
	page,
}) => {
	const RLO = "\u202e";
	const url = `https://example.com/invoice${RLO}fdp.exe`;
	const text = `Download <${url}> or ${url} or [report${RLO}fdp.exe](${url} "the${RLO}fdp.exe report")`;
	const t = "2026-01-01T00:00:00.000Z";
	const lines = [
		{ type: "session", version: 3, id: "bidi-links", timestamp: t, cwd: "/work" },
		{
			type: "message",
			id: "m1",
			parentId: null,
			timestamp: t,
			message: { role: "user", content: text, timestamp: 1 },
		},
	];
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles({
		name: "bidi.jsonl",
		mimeType: "application/jsonl",
		buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n")),
	});
	const entry = page.locator('[data-testid=context-entry][data-entry-id="m1"]');
	await entry.locator(".ins-row__head").click();
	const links = entry.getByTestId("entry-view").locator("a[href]");
	await expect(links).toHaveCount(3);
	for (const link of await links.all()) {
		const seen = await link.evaluate((a) => ({
			href: a.getAttribute("href") ?? "",
			text: a.textContent ?? "",
			title: a.getAttribute("title") ?? "",
		}));
		expect(seen.href).toBe("https://example.com/invoice%E2%80%AEfdp.exe");
		for (const part of [seen.text, seen.title]) expect(part).not.toContain(RLO);
		expect(seen.text).toContain("[U+202E]");
	}
});
