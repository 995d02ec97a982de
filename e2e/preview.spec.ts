import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ensureWorkload, WORKLOADS } from "../bench/generate";
import { getTreeIndex, parseSession } from "../src/core";
import { reshapeSession } from "../test/reshape";
import { openFilesLean, watchErrors } from "./explorer";

/**
 * A file to parse in full (the lean size preference past it: by default every file opens lean, see
 * lean.spec) shows a preview (the graph and the tips from the start of each line) while it is
 * parsed in full; the full session then takes its place. The page records what it showed while the
 * preview was up, so the test does not depend on how long that lasts.
 */
test("a 10 MB session previews its graph and tips, then opens in full with the same graph", async ({ page }) => {
	const file = ensureWorkload(WORKLOADS.medium);
	expect(file.bytes).toBeGreaterThan(8 * 1024 * 1024);
	const errors = watchErrors(page);
	await openFilesLean(page, false);
	await page.addInitScript(() => {
		const seen = { partial: false, nodes: [] as string[], tips: [] as string[], inspector: "", view: "" };
		(window as unknown as { __preview: typeof seen }).__preview = seen;
		const look = () => {
			if (!document.querySelector("[data-testid=open-session][data-partial]")) return;
			seen.partial = true;
			const panel = document.querySelector("[data-testid=context-panel]");
			if (panel) seen.inspector = panel.getAttribute("data-count") ?? "";
			const nodes = [...document.querySelectorAll<HTMLElement>(".react-flow__node")].map((n) => n.dataset.id ?? "");
			const tips = [...document.querySelectorAll<HTMLElement>("[data-testid=leaf-item]")].map(
				(n) => n.dataset.entryId ?? "",
			);
			if (nodes.length > 0) seen.nodes = nodes;
			seen.view = document.querySelector(".react-flow__viewport")?.getAttribute("style") ?? "";
			if (tips.length > 0) seen.tips = tips;
		};
		new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
	});
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(file.path);

	// In full: the inspector, the stored session, no preview mark.
	await expect(page.getByTestId("context-panel")).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId("open-session")).not.toHaveAttribute("data-partial", /.*/);
	await expect(page.getByTestId("library-item")).toHaveCount(1);

	const seen = await page.evaluate(
		() =>
			(
				window as unknown as {
					__preview: { partial: boolean; nodes: string[]; tips: string[]; inspector: string; view: string };
				}
			).__preview,
	);
	expect(seen.partial).toBe(true);
	// The preview showed the graph and the tips; a context it showed (the parse worker's, read from
	// the file while it parsed it in full) is the one the full session shows for the same leaf.
	expect(seen.nodes.length).toBeGreaterThan(0);
	expect(seen.tips.length).toBeGreaterThan(1);
	if (seen.inspector !== "") {
		await expect(page.getByTestId("context-panel")).toHaveAttribute("data-count", seen.inspector);
	}
	// The full session has the same tips, and every node the preview showed.
	const tips = await page
		.getByTestId("leaf-item")
		.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.entryId));
	expect(new Set(tips)).toEqual(new Set(seen.tips));
	const nodes = new Set(
		await page.locator(".react-flow__node").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id)),
	);
	for (const id of seen.nodes) expect(nodes.has(id)).toBe(true);
	// The view the preview opened on (the current leaf) stays: the full session does not move it.
	expect(seen.view).toContain("scale");
	await expect(page.locator(".react-flow__viewport")).toHaveAttribute("style", seen.view);
	expect(errors).toEqual([]);
});

test("a 10 MB session in another shape (keys shuffled, no header id) previews too, then opens in full", async ({
	page,
}, testInfo) => {
	const source = ensureWorkload(WORKLOADS.medium);
	const text = reshapeSession(readFileSync(source.path, "utf8"), { shuffle: true, headerWithoutId: true, seed: 5 });
	const path = testInfo.outputPath("medium-reshaped.jsonl");
	writeFileSync(path, text);
	const parsed = parseSession(text);
	const tips = getTreeIndex(parsed.entries).leaves.map((p) => parsed.entries[p].id);
	const errors = watchErrors(page);
	await openFilesLean(page, false);
	await page.addInitScript(() => {
		const seen = { partial: false, tips: 0 };
		(window as unknown as { __preview: typeof seen }).__preview = seen;
		new MutationObserver(() => {
			if (!document.querySelector("[data-testid=open-session][data-partial]")) return;
			seen.partial = true;
			seen.tips = Math.max(seen.tips, document.querySelectorAll("[data-testid=leaf-item]").length);
		}).observe(document, { subtree: true, childList: true, attributes: true });
	});
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(path);
	await expect(page.getByTestId("context-panel")).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId("open-session")).not.toHaveAttribute("data-partial", /.*/);
	await expect(page.getByTestId("library-item")).toHaveCount(1);
	const seen = await page.evaluate(
		() => (window as unknown as { __preview: { partial: boolean; tips: number } }).__preview,
	);
	expect(seen.partial).toBe(true);
	expect(seen.tips).toBe(tips.length);
	const shown = await page
		.getByTestId("leaf-item")
		.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.entryId));
	expect(new Set(shown)).toEqual(new Set(tips));
	expect(errors).toEqual([]);
});
