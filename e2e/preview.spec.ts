import { readFileSync, writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { ensureWorkload, WORKLOADS } from "../bench/generate";
import {
	analyzeContext,
	buildGraph,
	buildTreeIndex,
	inspectContext,
	type ParsedSession,
	parseSession,
} from "../src/core";
import { reshapeSession } from "../test/reshape";
import { expectTips, watchErrors } from "./explorer";

/**
 * A large generated session (10 MB) opens from its first scan: the graph and the tips the worker's
 * scan makes, the current tip's context the worker reads from the file it holds; nothing of the
 * file is parsed on the page.
 */

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Opens the file at `path` (the session core reads as `parsed`) and checks what it shows: core's
 * tips in file order, graph nodes of core's graph, the current tip's context as core builds it,
 * the session in the library.
 */
async function expectOpens(page: Page, path: string, parsed: ParsedSession): Promise<void> {
	const index = buildTreeIndex(parsed.entries);
	const tips = index.leaves.map((p) => parsed.entries[p].id);
	expect(tips.length).toBeGreaterThan(1);
	const leaf = parsed.leafId as string;
	const analysis = analyzeContext(parsed.entries, leaf, index);
	const pipeline = inspectContext(parsed.entries, analysis);
	expect(analysis.compaction).not.toBeNull();
	const graphNodes = new Set(buildGraph(index).nodes.map((n) => n.id));

	const errors = watchErrors(page);
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(path);

	// The inspector: the current tip's context, read by the worker from the file it holds.
	const panel = page.getByTestId("context-panel");
	await expect(panel).toBeVisible({ timeout: 60_000 });
	await expect(panel.locator(".ins-header__leaf")).toHaveText(leaf);
	await expect(panel.locator(".ins-header .badge")).toHaveText("current leaf");
	await expect(panel).toHaveAttribute("data-count", `${analysis.selected.length},${pipeline.llm.length}`);
	const stages = {
		path: analysis.fates.length,
		entries: analysis.selected.length,
		messages: analysis.messages.length,
		payload: pipeline.llm.length,
	};
	for (const [stage, n] of Object.entries(stages))
		await expect(panel.locator(`[data-stage=${stage}] .ins-stage__count`)).toHaveText(count(n));
	await expect(panel.getByTestId("context-tokens")).toContainText(`≈${count(pipeline.llmTokens)} tokens sent`);

	await expectTips(page, tips);
	// The graph: nodes core's graph has, the current tip's among them.
	await expect(page.locator(`.react-flow__node[data-id="${leaf}"] .graph-node`)).toHaveClass(/is-current-leaf/);
	const shown = await page
		.locator(".react-flow__node")
		.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id ?? ""));
	expect(shown.length).toBeGreaterThan(1);
	expect(shown.filter((id) => !graphNodes.has(id))).toEqual([]);

	await expect(page.getByTestId("library-item")).toHaveCount(1);
	await expect(page.locator(".toolbar__facts")).toContainText(`${parsed.entries.length} entries`);
	expect(errors).toEqual([]);
}

test("a 10 MB session opens from its first scan: core's tips, graph and current context", async ({ page }) => {
	const file = ensureWorkload(WORKLOADS.medium);
	expect(file.bytes).toBeGreaterThan(8 * 1024 * 1024);
	await expectOpens(page, file.path, parseSession(readFileSync(file.path, "utf8")));
});

test("a 10 MB session in another shape (keys shuffled, no header id) opens alike", async ({ page }, testInfo) => {
	const source = ensureWorkload(WORKLOADS.medium);
	const text = reshapeSession(readFileSync(source.path, "utf8"), { shuffle: true, headerWithoutId: true, seed: 5 });
	const path = testInfo.outputPath("medium-reshaped.jsonl");
	writeFileSync(path, text);
	const parsed = parseSession(text);
	expect(parsed.header?.id).toBeUndefined();
	await expectOpens(page, path, parsed);
});
