import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { describeFixture, leafItem } from "./explorer";
import { fixturePath } from "./fixtures";

const FILE = "golden/retained-tail.jsonl";
/** A real pi file name: the toolbar used to wrap on it. */
const PI_NAME = "2026-01-02T09-30-00-000Z_0b7c3e2a-1111-4222-8333-944455556666.jsonl";

async function openAsPiFile(page: Page): Promise<void> {
	await page.getByTestId("file-input").setInputFiles({
		name: PI_NAME,
		mimeType: "application/jsonl",
		buffer: readFileSync(fixturePath(FILE)),
	});
	await expect(page.getByTestId("open-session")).toBeVisible();
	await expect(page.getByTestId("leaf-item").first()).toBeVisible();
}

async function width(page: Page, testId: string): Promise<number> {
	const box = await page.getByTestId(testId).boundingBox();
	return box?.width ?? 0;
}

/** The toolbar's children all sit on one line. */
async function toolbarRows(page: Page): Promise<number> {
	return page.locator(".toolbar").evaluate((bar) => {
		const tops = new Set<number>();
		for (const el of bar.children) {
			const r = el.getBoundingClientRect();
			if (r.width > 0) tops.add(Math.round(r.top + r.height / 2));
		}
		// Items of one row share their middle within a few px.
		const sorted = [...tops].sort((a, b) => a - b);
		return sorted.filter((t, i) => i === 0 || t - sorted[i - 1] > 6).length;
	});
}

for (const size of [
	{ width: 1440, height: 900 },
	{ width: 1024, height: 768 },
]) {
	test(`a long pi file name never wraps the toolbar at ${size.width} px: it truncates, full name on hover`, async ({
		page,
	}) => {
		await page.setViewportSize(size);
		await page.goto("./");
		await openAsPiFile(page);
		expect(await toolbarRows(page)).toBe(1);
		const name = page.locator(".toolbar__name");
		await expect(name).toHaveAttribute("title", PI_NAME);
		if (size.width === 1024) {
			expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
		}
	});
}

test("at 800×600 the graph keeps at least half the width; panels collapse and resize, kept after a reload", async ({
	page,
}) => {
	await page.setViewportSize({ width: 800, height: 600 });
	await page.goto("./");
	await openAsPiFile(page);
	expect(await width(page, "graph")).toBeGreaterThanOrEqual(400);
	expect(await width(page, "sidebar-panel")).toBeGreaterThan(150);
	expect(await width(page, "inspector-panel")).toBeGreaterThan(150);

	await page.setViewportSize({ width: 1440, height: 900 });
	const before = await width(page, "graph");
	await page.getByTestId("sidebar-toggle").click();
	await expect(page.getByTestId("sidebar-panel")).toHaveAttribute("data-collapsed", "true");
	await expect(page.getByTestId("leaf-list")).toBeHidden();
	await expect.poll(() => width(page, "graph")).toBeGreaterThan(before + 200);

	const resizer = page.getByTestId("inspector-resizer");
	const start = Number(await resizer.getAttribute("aria-valuenow"));
	await resizer.focus();
	await page.keyboard.press("ArrowLeft");
	await page.keyboard.press("ArrowLeft");
	await expect(resizer).toHaveAttribute("aria-valuenow", String(start + 48));
	await expect.poll(() => width(page, "inspector-panel")).toBeGreaterThanOrEqual(start + 48);

	await page.reload();
	await expect(page.getByTestId("sidebar-panel")).toHaveAttribute("data-collapsed", "true");
	await expect(page.getByTestId("inspector-resizer")).toHaveAttribute("aria-valuenow", String(start + 48));
	await page.getByTestId("sidebar-toggle").click();
	await expect(page.getByTestId("leaf-list")).toBeVisible();
});

test("Compare takes the inspector's place while open", async ({ page }) => {
	await page.goto("./");
	await openAsPiFile(page);
	const graphWidth = await width(page, "graph");
	await page.getByTestId("compare-button").click();
	await expect(page.getByTestId("compare")).toBeVisible();
	await expect(page.getByTestId("inspector-panel")).toHaveCount(0);
	expect(await width(page, "compare")).toBeGreaterThan(graphWidth + 300);
	await page.getByTestId("compare-close").click();
	await expect(page.getByTestId("inspector-panel")).toBeVisible();
});

test("below 700 px the page is one column: tips, then context, with a toggle to the graph", async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto("./");
	await expect(page.getByTestId("gallery")).toBeVisible();
	await openAsPiFile(page);
	const fx = describeFixture(FILE);
	const tips = page.getByTestId("leaf-list");
	const context = page.getByTestId("context-panel");
	await expect(tips).toBeVisible();
	await expect(page.getByTestId("graph")).toBeHidden();
	const tipsBox = await tips.boundingBox();
	const contextBox = await context.boundingBox();
	const libraryBox = await page.getByTestId("library").boundingBox();
	expect(contextBox?.y ?? 0).toBeGreaterThan(tipsBox?.y ?? 0);
	expect(libraryBox?.y ?? 0).toBeGreaterThan(contextBox?.y ?? 0);
	expect(contextBox?.width ?? 0).toBeGreaterThan(340);
	const axe = await new AxeBuilder({ page }).analyze();
	expect(axe.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => v.id)).toEqual([]);

	await leafItem(page, fx.tips[1]).click();
	await expect(leafItem(page, fx.tips[1])).toHaveAttribute("aria-pressed", "true");
	const toggle = page.getByTestId("narrow-toggle");
	await toggle.click();
	await expect(toggle).toHaveAttribute("aria-pressed", "true");
	await expect(page.getByTestId("graph")).toBeVisible();
	await expect(tips).toBeHidden();
	expect(await width(page, "graph")).toBeGreaterThan(380);
	await expect(page.locator(`.react-flow__node[data-id="${fx.tips[1]}"]`)).toBeInViewport();
	await toggle.click();
	await expect(tips).toBeVisible();
});

test("tip rows show whole ids and figures, never a glyph cut in half", async ({ page }) => {
	await page.setViewportSize({ width: 800, height: 600 });
	await page.goto("./");
	await openAsPiFile(page);
	const clipped = await page.locator(".leaf-item__meta").evaluateAll((metas) =>
		metas.flatMap((meta) => {
			const box = meta.getBoundingClientRect();
			return [...meta.children]
				.filter((el) => getComputedStyle(el).display !== "none")
				.filter((el) => {
					const r = el.getBoundingClientRect();
					return r.right > box.right + 0.5 || el.scrollWidth > el.clientWidth + 0.5;
				})
				.map((el) => el.textContent);
		}),
	);
	expect(clipped).toEqual([]);
	// The id shows unless the column is very narrow, and then all of it.
	const ids = await page
		.locator(".leaf-item__id")
		.evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== "none").map((e) => e.textContent));
	for (const id of ids) expect(describeFixture(FILE).tips).toContain(id);
});

for (const theme of ["light", "dark"] as const) {
	test(`screenshots at 1440×900, 800×600 and 390×844 (${theme})`, async ({ page }, testInfo) => {
		await page.emulateMedia({ colorScheme: theme });
		await page.goto("./");
		await openAsPiFile(page);
		const fx = describeFixture(FILE);
		await leafItem(page, fx.tips[2]).click();
		for (const size of [
			{ width: 1440, height: 900 },
			{ width: 800, height: 600 },
			{ width: 390, height: 844 },
		]) {
			await page.setViewportSize(size);
			await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
			await page.waitForTimeout(350);
			await page.screenshot({ path: testInfo.outputPath(`${theme}-${size.width}x${size.height}.png`) });
			if (size.width === 390) {
				await page.getByTestId("narrow-toggle").click();
				await expect(page.getByTestId("graph")).toBeVisible();
				await page.waitForTimeout(350);
				await page.screenshot({ path: testInfo.outputPath(`${theme}-${size.width}x${size.height}-graph.png`) });
			}
		}
	});
}
