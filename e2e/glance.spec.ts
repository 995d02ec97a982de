import { expect, test } from "@playwright/test";
import { analyzeContext, buildTreeIndex, composeContext, inspectContext } from "../src/core";
import { describeFixture, leafItem, openFiles } from "./explorer";

/*
 * A tip at a glance: its context by category, the path over time, and the recorded cost of the
 * tip's path and of the whole session, on a session with two compactions, a branch summary and
 * replies that recorded their cost.
 */

const FILE = "a11y/summarized-wide-code.jsonl";
const TIP = "a1f00011";
// The costs the fixture's replies recorded, added by hand: the tip's path holds a1f00002, 04,
// 06, 09, 0e and 11; the session also a1f0000b, on the other branch.
const TIP_USD = 0.01155 + 0.00273 + 0.002676 + 0.00783 + 0.008205 + 0.004208;
const SESSION_USD = TIP_USD + 0.005303;

test("a tip's composition, path chart and costs; a category filters the messages, the chart selects an entry", async ({
	page,
}) => {
	const fx = describeFixture(FILE);
	const { entries } = fx.parsed;
	const analysis = analyzeContext(entries, TIP, buildTreeIndex(entries));
	const composition = composeContext(analysis.messages, inspectContext(entries, analysis).llm);

	await page.goto("./");
	await openFiles(page, FILE);
	await leafItem(page, TIP).click();
	const panel = page.getByTestId("context-panel");
	await expect(panel).toContainText(`Context for ${TIP}`);

	const parts = panel.getByTestId("context-composition").getByTestId("composition-part");
	await expect(parts).toHaveCount(composition.parts.length);
	const shown = await parts.evaluateAll((els) =>
		els.map((e) => [e.getAttribute("data-category"), Number(e.getAttribute("data-tokens"))]),
	);
	expect(shown).toEqual(composition.parts.map((p) => [p.category, p.tokens]));
	expect(shown.map(([c]) => c)).toContain("summary");

	await expect(panel.getByTestId("tip-cost")).toHaveAttribute("data-usd", String(Math.round(TIP_USD * 1e8) / 1e8));
	await expect(panel.getByTestId("session-cost")).toHaveAttribute(
		"data-usd",
		String(Math.round(SESSION_USD * 1e8) / 1e8),
	);

	// The path has 15 entries: every one is a point.
	const chart = panel.getByTestId("path-chart");
	await expect(chart).toHaveAttribute("data-points", String(analysis.path.length));
	expect(analysis.path.length).toBe(15);

	// A category cuts the messages list to the messages holding it.
	const summary = composition.parts.find((p) => p.category === "summary");
	if (!summary) throw new Error("no summary in the fixture's context");
	await panel.locator('[data-testid=composition-part][data-category="summary"] button').click();
	await expect(panel.getByTestId("messages-filter")).toHaveAttribute("data-category", "summary");
	const messages = panel.locator('[data-stage="messages"] [data-testid=context-message]');
	await expect(messages).toHaveCount(summary.messages.length);
	await panel.getByTestId("messages-filter").getByRole("button", { name: "Show every message" }).click();
	await expect(messages).toHaveCount(analysis.messages.length);

	// A click on the chart selects the entry under the pointer (here the path's first).
	const plot = chart.locator(".u-over");
	await expect(plot).toBeVisible();
	await plot.scrollIntoViewIfNeeded();
	const box = await plot.boundingBox();
	if (!box) throw new Error("the chart has no box");
	await page.mouse.move(box.x + 1, box.y + box.height / 2);
	await expect(chart.getByTestId("path-chart-at")).toContainText(entries[analysis.path[0]].id);
	await page.mouse.click(box.x + 1, box.y + box.height / 2);
	const first = entries[analysis.path[0]].id;
	await expect(panel.locator(`[data-testid=path-entry][data-entry-id="${first}"]`)).toHaveClass(/is-focused/);

	// By keyboard: the slider names an entry and the button selects it.
	const slider = chart.getByRole("slider", { name: "Entry on the path" });
	await slider.focus();
	await page.keyboard.press("End");
	await page.keyboard.press("ArrowLeft");
	const second = entries[analysis.path[analysis.path.length - 2]].id;
	await expect(chart.getByTestId("path-chart-at")).toContainText(second);
	await chart.getByRole("button", { name: "Select it" }).click();
	await expect(panel.locator(`[data-entry-id="${second}"].is-focused`).first()).toBeVisible();
});
