import { expect, test } from "@playwright/test";
import { buildTreeIndex, measuredContext, pathPositions, sortTips, summarizeLeaves } from "../src/core";
import { describeFixture, leafItem, openFiles } from "./explorer";

const FILE = "golden/retained-tail.jsonl";

test("the provider's measured tokens stand next to the estimate, in the inspector, the tips and Compare", async ({
	page,
}) => {
	const fx = describeFixture(FILE);
	const entries = fx.parsed.entries;
	const index = buildTreeIndex(entries);
	const tips = summarizeLeaves(entries, index);
	const tip = tips.find((t) => t.measuredTokens !== null && !t.isCurrent);
	if (!tip) throw new Error("the fixture has no measured tip");
	const measured = measuredContext(entries, pathPositions(index, tip.position));

	await page.goto("./");
	await openFiles(page, FILE);
	await leafItem(page, tip.id).click();
	const panel = page.getByTestId("context-panel");
	await expect(panel).toContainText(`Context for ${tip.id}`);
	const line = panel.getByTestId("context-measured");
	await expect(line).toHaveAttribute("data-value", String(measured?.tokens));
	await expect(line).toHaveAttribute("data-entry-id", measured?.entryId ?? "");
	await expect(line).toContainText("Measured by the provider");
	await expect(line).toContainText("cache read");
	const shown = await panel.getByTestId("context-tokens").locator("strong").first().textContent();
	const estimate = Number((shown ?? "").replace(/,/g, ""));
	await expect(line).toHaveAttribute("data-difference", String(estimate - (measured?.tokens ?? 0)));

	// Every tip row shows what core measured for it.
	for (const t of tips) {
		const cell = leafItem(page, t.id).getByTestId("leaf-measured");
		if (t.measuredTokens === null) await expect(cell).toHaveCount(0);
		else await expect(cell).toHaveAttribute("data-value", String(t.measuredTokens));
	}

	await page.getByTestId("tip-sort").selectOption("measured");
	const order = await page
		.getByTestId("leaf-item")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
	expect(order).toEqual(sortTips(tips, "measured").map((t) => t.id));
	expect(order).not.toEqual(tips.map((t) => t.id));

	await page.getByTestId("compare-button").click();
	const compare = page.getByTestId("compare");
	await compare.getByTestId("compare-a").selectOption(tip.id);
	await expect(compare.getByTestId("compare-measured-a")).toHaveAttribute("data-value", String(measured?.tokens));
});
