import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { describeFixture, leafItem, openFiles } from "./explorer";

const FILE = "golden/retained-tail.jsonl";
/** Two compactions, a branch with its summary, a tool call and a ~400-character line of code. */
const SUMMARIZED = "a11y/summarized-wide-code.jsonl";
const WIDE_CODE_ENTRY = "a1f00009";
const TOOL_CALL_ENTRY = "a1f00004";
const ABANDONED_TIP = "a1f0000b";
const CURRENT_TIP = "a1f00011";

/** Critical and serious axe violations on the page as it is, each with the elements it found. */
async function seriousViolations(page: Page): Promise<string[]> {
	const result = await new AxeBuilder({ page }).analyze();
	return result.violations
		.filter((v) => v.impact === "critical" || v.impact === "serious")
		.map(
			(v) => `${v.id} (${v.impact}): ${v.nodes.length}× ${v.nodes[0]?.target.join(" ")} ${v.nodes[0]?.failureSummary}`,
		);
}

async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
	const path = testInfo.outputPath(`${screen}.png`);
	await page.screenshot({ path });
	expect.soft(await seriousViolations(page), screen).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
	test.describe(`${theme} theme`, () => {
		test.use({ colorScheme: theme });

		test(`every screen has no critical or serious axe violation (${theme})`, async ({ page }, testInfo) => {
			test.setTimeout(120_000);
			await page.goto("./");
			await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
			await expect(page.getByTestId("gallery")).toBeVisible();
			await expectAccessible(page, testInfo, "welcome");

			const fx = describeFixture(FILE);
			await openFiles(page, FILE);
			await expect(page.getByTestId("context-panel")).toBeVisible();
			await expect(page.locator(".react-flow__node").first()).toBeVisible();
			await expectAccessible(page, testInfo, "loaded");

			await leafItem(page, fx.tips[0]).click();
			await expect(leafItem(page, fx.tips[0])).toHaveAttribute("aria-pressed", "true");
			await expectAccessible(page, testInfo, "tip-selected");

			await page.getByTestId("explain-button").click();
			await expect(page.getByTestId("explainer")).toBeVisible();
			await expectAccessible(page, testInfo, "explain");
			await page.keyboard.press("Escape");
			await expect(page.getByTestId("explainer")).toHaveCount(0);

			await page.getByTestId("compare-button").click();
			await expect(page.getByTestId("compare")).toBeVisible();
			await expectAccessible(page, testInfo, "compare");
			await page.getByTestId("compare-close").click();

			await page.getByTestId("lab-button").click();
			await expect(page.getByTestId("lab-panel")).toBeVisible();
			await expectAccessible(page, testInfo, "lab");
		});

		test(`summarized rows, a code block wider than its panel and the usage views pass axe (${theme})`, async ({
			page,
		}, testInfo) => {
			test.setTimeout(120_000);
			expect(describeFixture(SUMMARIZED).tips).toEqual([ABANDONED_TIP, CURRENT_TIP]);
			await page.goto("./");
			await openFiles(page, SUMMARIZED);
			await expect(page.getByTestId("context-panel")).toBeVisible();
			await leafItem(page, CURRENT_TIP).click();
			await expect(leafItem(page, CURRENT_TIP)).toHaveAttribute("aria-pressed", "true");

			// Stage 1 (the path): the second compaction summarized everything before its kept range.
			const summarized = page.locator("[data-testid=path-entry][data-region=summarized]");
			await expect(summarized).not.toHaveCount(0);
			await summarized.first().scrollIntoViewIfNeeded();
			for (const id of ["context-composition", "path-chart"]) {
				const part = page.getByTestId(id);
				if (await part.count()) await expect(part.first()).toBeVisible();
			}
			await expectAccessible(page, testInfo, `summarized-rows-${theme}`);

			// A summarized row opened: the whole entry, with its code block, on the row's faded background.
			const toolRow = page.locator(`[data-testid=path-entry][data-entry-id="${TOOL_CALL_ENTRY}"]`);
			await toolRow.locator(".ins-row__head").click();
			await expect(toolRow.getByTestId("tool-call")).toBeVisible();
			const row = page.locator(`[data-testid=path-entry][data-entry-id="${WIDE_CODE_ENTRY}"]`);
			await expect(row).toHaveAttribute("data-region", "summarized");
			await row.locator(".ins-row__head").click();
			const wide = row.getByRole("group", { name: "ts code, scrolls sideways" });
			await expect(wide).toBeVisible();
			await expect(wide).toHaveAttribute("tabindex", "0");
			// Keys scroll it once it has focus; a block that fits is no tab stop.
			await wide.focus();
			await page.keyboard.press("ArrowRight");
			await expect.poll(() => wide.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
			await expect(toolRow.getByTestId("tool-call").locator("pre")).not.toHaveAttribute("tabindex");
			await expectAccessible(page, testInfo, `summarized-code-${theme}`);
			// Wrapped, it no longer scrolls: no tab stop, no name.
			await row.getByRole("button", { name: "Wrap" }).click();
			await expect(row.locator("pre.msg-code__pre").first()).not.toHaveAttribute("tabindex");

			// The abandoned branch's tip: the code is a message of its context (stage 3).
			await leafItem(page, ABANDONED_TIP).click();
			const message = page.locator(`[data-testid=context-message][data-entry-id="${WIDE_CODE_ENTRY}"]`);
			await message.locator(".ins-row__head").click();
			await expect(message.getByRole("group", { name: "ts code, scrolls sideways" })).toBeVisible();
			await expectAccessible(page, testInfo, `message-code-${theme}`);

			const usage = page.getByTestId("usage-button");
			if (await usage.count()) {
				await usage.first().click();
				await expect(page.getByTestId("usage-analytics")).toBeVisible();
				await expectAccessible(page, testInfo, `usage-${theme}`);
			}
		});

		test(`the share dialog has no critical or serious axe violation (${theme})`, async ({ page }, testInfo) => {
			await page.goto("./");
			await openFiles(page, "golden/small-legacy.jsonl");
			await expect(page.getByTestId("context-panel")).toBeVisible();
			await page.getByTestId("share-button").click();
			await expect(page.getByTestId("share-dialog").getByTestId("share-link")).toBeVisible();
			await expectAccessible(page, testInfo, "share");
		});
	});
}

test("the theme follows the system until the toggle picks one, and the choice is kept", async ({ page }) => {
	await page.emulateMedia({ colorScheme: "dark" });
	await page.goto("./");
	const html = page.locator("html");
	await expect(html).toHaveAttribute("data-theme", "dark");
	await page.emulateMedia({ colorScheme: "light" });
	await expect(html).toHaveAttribute("data-theme", "light");
	const toggle = page.getByTestId("theme-toggle");
	await toggle.click(); // system → light
	await toggle.click(); // light → dark
	await expect(toggle).toHaveAttribute("data-theme-pref", "dark");
	await expect(html).toHaveAttribute("data-theme", "dark");
	const panel = await page.locator(".sidebar").evaluate((el) => getComputedStyle(el).backgroundColor);
	expect(panel).toBe("rgb(23, 28, 36)");
	await page.reload();
	await expect(html).toHaveAttribute("data-theme", "dark");
	await expect(page.getByTestId("theme-toggle")).toHaveAttribute("data-theme-pref", "dark");
});

test("Tab never lands on the hidden file input, and every stop shows a focus ring", async ({ page }) => {
	await page.goto("./");
	await expect(page.getByTestId("gallery")).toBeVisible();
	for (let i = 0; i < 8; i++) {
		await page.keyboard.press("Tab");
		const focused = await page.evaluate(() => {
			const el = document.activeElement as HTMLElement;
			const style = getComputedStyle(el);
			return { testId: el.dataset.testid ?? "", outline: style.outlineStyle, width: style.outlineWidth };
		});
		expect(focused.testId).not.toBe("file-input");
		expect(focused.outline).not.toBe("none");
		expect(focused.width).not.toBe("0px");
	}
});

for (const theme of ["light", "dark"] as const) {
	test(`? opens the keyboard shortcuts, which pass axe; Escape closes them; typing ? in a field does not (${theme})`, async ({
		page,
	}, testInfo) => {
		await page.emulateMedia({ colorScheme: theme });
		await page.goto("./");
		await openFiles(page, FILE);
		await expect(page.getByTestId("context-panel")).toBeVisible();
		await page.locator("body").press("?");
		const overlay = page.getByTestId("shortcuts");
		await expect(overlay).toBeVisible();
		await expect(overlay.getByTestId("shortcut")).not.toHaveCount(0);
		await expect(overlay).toContainText("Find in the open session");
		await expect(overlay).toContainText("Next step");
		await expectAccessible(page, testInfo, `shortcuts-${theme}`);
		await page.keyboard.press("Escape");
		await expect(overlay).toHaveCount(0);

		await page.getByTestId("find-input").focus();
		await page.keyboard.type("a?b");
		await expect(page.getByTestId("find-input")).toHaveValue("a?b");
		await expect(overlay).toHaveCount(0);
		await page.getByTestId("shortcuts-button").click();
		await expect(overlay).toBeVisible();
	});
}
