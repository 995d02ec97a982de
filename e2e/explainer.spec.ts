import { expect, type Page, test } from "@playwright/test";
import { analyzeContext, buildGraph, buildTreeIndex, explainSteps } from "../src/core";
import { openExample, parseExample } from "./examples";

const FILE = "04-two-compactions.jsonl";

/** Ids of the graph nodes painted as the step's focus. */
const paintedNodes = (page: Page) =>
	page
		.locator(".react-flow__node:has(.is-explain-focus)")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-id") ?? "").sort());

test("walks all seven steps of a compaction example: text, graph paint and inspector stage follow", async ({
	page,
}) => {
	await openExample(page, FILE);
	const s = parseExample(FILE);
	const index = buildTreeIndex(s.entries);
	const steps = explainSteps(s.entries, analyzeContext(s.entries));
	// The graph as the page first lays it out (nothing expanded; the current leaf is its own node).
	const graph = buildGraph(index, new Set());
	const nodesOf = (focus: number[]) =>
		[...new Set(focus.map((p) => graph.nodeOf.get(p)).filter((id): id is string => !!id))].sort();
	const stageOf = ["path", "path", "entries", "entries", "messages", "messages", "payload"];

	await expect(page.locator(".is-explain-focus")).toHaveCount(0);
	await page.getByTestId("explain-button").click();
	const explainer = page.getByTestId("explainer");
	await expect(explainer).toBeVisible();

	let previousText = "";
	for (let i = 0; i < steps.length; i++) {
		const step = steps[i];
		await expect(explainer.getByTestId("explainer-step")).toHaveAttribute("data-index", String(i));
		await expect(explainer.getByTestId("explainer-step")).toHaveText(step.title);
		await expect(explainer.getByTestId("explainer-text")).toHaveText(step.text);
		expect(step.text).not.toBe(previousText);
		previousText = step.text;
		const expected = nodesOf(step.focus);
		await expect.poll(() => paintedNodes(page), { message: `painted nodes of step ${i + 1}` }).toEqual(expected);
		// Only the step's nodes keep full opacity; the rest are dimmed.
		const dimmed = page.locator(".react-flow__node:not(:has(.is-explain-focus)) .graph-node");
		if ((await dimmed.count()) > 0) await expect(dimmed.first()).toHaveCSS("opacity", "0.22");
		await expect(page.locator("[data-stage][data-explained]")).toHaveAttribute("data-stage", stageOf[i]);
		await expect(page.getByTestId("context-panel")).toHaveAttribute("data-explain-step", step.id);
		// Alternate between the button and the keyboard.
		if (i === steps.length - 1) await expect(explainer.getByTestId("explainer-next")).toBeDisabled();
		else if (i % 2 === 0) await explainer.getByTestId("explainer-next").click();
		else await page.keyboard.press("]");
	}

	await page.keyboard.press("[");
	await expect(explainer.getByTestId("explainer-step")).toHaveAttribute("data-index", String(steps.length - 2));
	// A step dot jumps straight to its step.
	await explainer.getByRole("button", { name: "2", exact: true }).click();
	await expect(explainer.getByTestId("explainer-text")).toHaveText(steps[1].text);
	expect(await paintedNodes(page)).toEqual([graph.nodeOf.get(analyzeContext(s.entries).compaction?.position ?? -1)]);

	await page.keyboard.press("Escape");
	await expect(page.getByTestId("explainer")).toHaveCount(0);
	await expect(page.locator(".is-explain-focus")).toHaveCount(0);
	await expect(page.locator("[data-stage][data-explained]")).toHaveCount(0);
});

test("the explainer follows the selected leaf and its keys leave text fields alone", async ({ page }) => {
	const file = "05-branch-summary.jsonl";
	await openExample(page, file);
	const s = parseExample(file);
	const tips = buildTreeIndex(s.entries).leaves.map((p) => s.entries[p].id);
	await page.getByTestId("lesson-explain").click();
	await expect(page.getByTestId("explainer-step")).toHaveAttribute("data-index", "0");
	await page.locator(`[data-testid=leaf-item][data-entry-id="${tips[0]}"]`).click();
	const steps = explainSteps(s.entries, analyzeContext(s.entries, tips[0]));
	await expect(page.getByTestId("explainer-text")).toHaveText(steps[0].text);

	const find = page.getByPlaceholder(/Search text/);
	await find.click();
	await page.keyboard.type("]");
	await expect(page.getByTestId("explainer-step")).toHaveAttribute("data-index", "0");
	await find.press("Escape");
	await expect(page.getByTestId("explainer")).toBeVisible();
});
