import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { openFiles, watchErrors } from "./explorer";

/** Two small sessions whose replies record known costs (see the files). */
const SHOP = "usage/shop.jsonl"; // /work/shop: $0.0125 + $0.025 (sonnet, 1 Feb) + $0.50 (gpt-5, 2 Feb)
const DOCS = "usage/docs.jsonl"; // `/work/docs, "draft"`: $0.125 and a reply with no cost (haiku, 2 Feb)
const HAND_SUM = 0.6625;

const HEADER =
	"session_id,title,project,day,provider,model,replies,input,output,cacheRead,cacheWrite,cost_usd,cost_recorded";

async function openBoth(page: Page): Promise<void> {
	await page.goto("./");
	await openFiles(page, SHOP, DOCS);
	// Stored once the worker has read and hashed each file: slow on a busy machine.
	await expect(page.getByTestId("library-item")).toHaveCount(2, { timeout: 20_000 });
}

async function openUsage(page: Page) {
	await page.getByTestId("usage-button").click();
	const dialog = page.getByTestId("usage-analytics");
	await expect(dialog).toBeVisible();
	return dialog;
}

/** Critical and serious axe violations inside the open dialog. */
async function seriousViolations(page: Page): Promise<string[]> {
	const result = await new AxeBuilder({ page }).include("[data-testid=usage-analytics]").analyze();
	return result.violations
		.filter((v) => v.impact === "critical" || v.impact === "serious")
		.map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× ${v.nodes[0]?.target.join(" ")}`);
}

test("the library's recorded cost adds up, downloads as CSV and survives a reload", async ({ page }) => {
	const errors = watchErrors(page);
	await openBoth(page);
	const dialog = await openUsage(page);
	await expect(dialog).toHaveAttribute("aria-labelledby", /.+/);
	await expect(page.getByRole("dialog", { name: "Usage and cost" })).toBeVisible();
	await expect(page.getByTestId("usage-total")).toHaveAttribute("data-usd", String(HAND_SUM));
	await expect(page.getByTestId("usage-total")).toHaveText("$0.6625");
	// One of the five replies recorded no cost: said, not estimated.
	await expect(page.getByTestId("usage-cost-note")).toHaveText("cost recorded for 4 of 5 replies");
	await expect(page.getByTestId("usage-uncounted")).toHaveCount(0);

	// By day (UTC), by model, by project, by session.
	const days = page.getByTestId("usage-by-day").locator("tbody tr");
	await expect(days).toHaveCount(2);
	await expect(days.nth(0)).toContainText("1 Feb 2026");
	await expect(days.nth(0)).toContainText("$0.0375");
	await expect(days.nth(1)).toContainText("2 Feb 2026");
	await expect(days.nth(1)).toContainText("$0.6250 (2 of 3 replies)");
	const models = page.getByTestId("usage-by-model").locator("tbody tr");
	await expect(models).toHaveCount(3);
	await expect(models.nth(0)).toContainText("gpt-5");
	await expect(models.nth(0)).toContainText("openai");
	await expect(models.nth(0)).toContainText("$0.5000");
	await expect(page.getByTestId("usage-by-project").locator("tbody tr").first()).toContainText("/work/shop");
	await expect(page.getByTestId("usage-by-project")).toContainText('/work/docs, "draft"');
	await expect(page.getByTestId("usage-session")).toHaveCount(2);
	// The chart is drawn (uPlot, loaded on opening) and hidden from assistive technology.
	await expect(dialog.locator(".usage__chart canvas")).toHaveCount(1);
	await expect(dialog.locator(".usage__chart")).toHaveAttribute("aria-hidden", "true");

	const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("usage-csv").click()]);
	expect(download.suggestedFilename()).toBe("usage.csv");
	const csv = readFileSync(await download.path(), "utf8");
	const lines = csv.split("\r\n");
	expect(lines[0]).toBe(HEADER);
	expect(lines.slice(1).sort()).toEqual(
		[
			"",
			"usage-shop-0001,Add a cart page,/work/shop,2026-02-01,anthropic,claude-sonnet-4-5,2,3000,500,8000,1000,0.0375,2",
			"usage-shop-0001,Add a cart page,/work/shop,2026-02-02,openai,gpt-5,1,4000,500,0,0,0.5,1",
			// A title that starts like a formula gets an apostrophe; quotes and commas are quoted.
			`usage-docs-0002,"'=SUM(1,2) is what the sheet shows","/work/docs, ""draft""",2026-02-02,anthropic,claude-haiku-4-5,2,500,90,300,100,0.125,1`,
		].sort(),
	);

	// Escape closes it and gives focus back to the button.
	await page.keyboard.press("Escape");
	await expect(dialog).toHaveCount(0);
	await expect(page.getByTestId("usage-button")).toBeFocused();

	// Kept in IndexedDB with each session: the same total after a reload.
	await page.goto("./");
	await expect(page.getByTestId("library-item")).toHaveCount(2);
	await openUsage(page);
	await expect(page.getByTestId("usage-total")).toHaveAttribute("data-usd", String(HAND_SUM));
	expect(errors).toEqual([]);
});

test("the usage button is reached and used by keyboard; focus stays in the dialog", async ({ page }) => {
	await openBoth(page);
	const button = page.getByRole("button", { name: "Usage and cost" });
	await expect(button).toHaveAttribute("data-testid", "usage-button");
	await button.focus();
	await page.keyboard.press("Enter");
	const dialog = page.getByTestId("usage-analytics");
	await expect(dialog).toBeVisible();
	const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
	expect(await focusInside()).toBe(true);
	for (let i = 0; i < 12; i++) {
		await page.keyboard.press("Tab");
		expect(await focusInside()).toBe(true);
	}
	await dialog.getByRole("button", { name: "Close" }).click();
	await expect(dialog).toHaveCount(0);
	await expect(button).toBeFocused();
});

for (const theme of ["light", "dark"] as const) {
	test(`the usage dialog fits every screen size and passes axe (${theme})`, async ({ page }, testInfo) => {
		await page.emulateMedia({ colorScheme: theme });
		await openBoth(page);
		await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
		for (const [width, height] of [
			[1440, 900],
			[800, 600],
			[390, 844],
		] as const) {
			await page.setViewportSize({ width, height });
			// At 700 px or less the library may sit further down the one column.
			await page.getByTestId("usage-button").scrollIntoViewIfNeeded();
			const dialog = await openUsage(page);
			await expect(dialog.locator(".usage__chart canvas")).toHaveCount(1);
			const box = await dialog.boundingBox();
			expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height).toBe(true);
			await page.screenshot({ path: testInfo.outputPath(`usage-${theme}-${width}x${height}.png`) });
			expect.soft(await seriousViolations(page), `${width}×${height}`).toEqual([]);
			await page.keyboard.press("Escape");
			await expect(dialog).toHaveCount(0);
		}
	});
}

test("the chart is drawn again in the other theme's colours", async ({ page }) => {
	await page.emulateMedia({ colorScheme: "light" });
	await openBoth(page);
	const dialog = await openUsage(page);
	const canvas = dialog.locator(".usage__chart canvas");
	await expect(canvas).toHaveCount(1);
	await canvas.evaluate((c) => c.setAttribute("data-before", "1"));
	await page.emulateMedia({ colorScheme: "dark" });
	await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
	// A new canvas: the old one (light colours) was destroyed.
	await expect(dialog.locator(".usage__chart canvas[data-before]")).toHaveCount(0);
	await expect(canvas).toHaveCount(1);
});

/** Stores `count` sessions' records (a usage summary each) and tiny bodies, behind the app's back. */
async function seedLibrary(page: Page, count: number, uncounted: number): Promise<number> {
	return page.evaluate(
		async ({ count, uncounted }) => {
			const open = (name: string) =>
				new Promise<IDBDatabase>((resolve, reject) => {
					const req = indexedDB.open(name);
					req.onsuccess = () => resolve(req.result);
					req.onerror = () => reject(req.error);
				});
			const put = async (name: string, store: string, rows: [string, unknown][]) => {
				const db = await open(name);
				await new Promise<void>((resolve, reject) => {
					const tx = db.transaction(store, "readwrite");
					for (const [key, value] of rows) tx.objectStore(store).put(value, key);
					tx.oncomplete = () => resolve();
					tx.onerror = () => reject(tx.error);
				});
				db.close();
			};
			const metas: [string, unknown][] = [];
			const bodies: [string, unknown][] = [];
			let cents = 0;
			for (let i = 0; i < count + uncounted; i++) {
				const id = `seed-${i}`;
				const rows = [];
				for (let d = 0; d < 6; d++) {
					const day = `2026-0${1 + (d % 3)}-${String(1 + ((i + d) % 28)).padStart(2, "0")}`;
					const cost = ((i + d) % 7) / 100;
					if (i < count) cents += (i + d) % 7;
					rows.push({
						day,
						provider: d % 2 ? "openai" : "anthropic",
						model: `model-${d % 3}`,
						replies: 3,
						input: 1000 + i,
						output: 200,
						cacheRead: 5000,
						cacheWrite: 300,
						cost,
						costed: 3,
					});
				}
				metas.push([
					id,
					{
						id,
						fileName: `${id}.jsonl`,
						title: `Seeded session ${i}`,
						cwd: `/work/project-${i % 25}`,
						created: "2026-01-01T00:00:00.000Z",
						modified: "2026-01-01T00:00:00.000Z",
						storedAt: i,
						entries: 10,
						leaves: 1,
						compactions: 0,
						size: 10,
						contentHash: `h${i}`,
						version: 3,
						...(i < count ? { usage: { rows } } : {}),
					},
				]);
				bodies.push([id, "{}\n"]);
			}
			await put("session-explorer-bodies-v1", "bodies", bodies);
			await put("session-explorer-meta-v1", "meta", metas);
			return cents / 100;
		},
		{ count, uncounted },
	);
}

test("500 stored sessions: the analytics open well under 2 s; older records are listed as not counted", async ({
	page,
}, testInfo) => {
	await page.goto("./");
	await expect(page.getByTestId("library")).toContainText("No stored sessions yet");
	const usd = await seedLibrary(page, 500, 3);
	await page.reload();
	await expect(page.getByTestId("library")).toContainText("503");
	// Timed in the page, from the click to the frame that shows the total and the drawn chart (the
	// test runner's own work on a page of 500 items would count otherwise).
	const took = await page.evaluate(async () => {
		const started = performance.now();
		document.querySelector<HTMLElement>("[data-testid=usage-button]")?.click();
		while (!document.querySelector("[data-testid=usage-total]") || !document.querySelector(".usage__chart canvas")) {
			if (performance.now() - started > 10_000) break;
			await new Promise((resolve) => requestAnimationFrame(resolve));
		}
		return performance.now() - started;
	});
	expect(took, `opened in ${Math.round(took)} ms`).toBeLessThan(2000);
	await expect(page.getByTestId("usage-total")).toHaveAttribute("data-usd", String(Math.round(usd * 1e8) / 1e8));
	await expect(page.getByTestId("usage-uncounted")).toHaveAttribute("data-count", "3");
	await expect(page.getByTestId("usage-uncounted")).toContainText("Not counted: 3 sessions");
	// The session list is windowed: far fewer rows than sessions are in the page.
	expect(await page.getByTestId("usage-session").count()).toBeLessThan(100);
	await expect(page.getByTestId("usage-by-project").locator("tbody tr")).toHaveCount(25);
	await page.screenshot({ path: testInfo.outputPath("usage-500.png") });
});
