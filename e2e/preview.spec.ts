import { readFileSync, writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { ensureWorkload, WORKLOADS } from "../bench/generate";
import {
	analyzeContext,
	buildGraph,
	getTreeIndex,
	inspectContext,
	type ParsedSession,
	parseSession,
} from "../src/core";
import { reshapeSession } from "../test/reshape";
import { expectTips, watchErrors } from "./explorer";

/**
 * A large generated session (10 MB) opens lean from its first scan: the page shows the preview the
 * scan makes (the graph and the tips, from the start of each line) and keeps it, the parse worker
 * holding the file and answering for the context; no full parse on the page replaces it. The page
 * records how the open session showed itself from the first moment on, so the test does not depend
 * on when it looks.
 */

interface Seen {
	/** Whether the open session was a preview (`data-partial`) the first time it showed. */
	firstPartial: boolean | null;
	/** Whether it was lean (`data-lean`: the worker holds it) the first time it showed. */
	firstLean: boolean | null;
	/** Whether it ever showed without either mark (a session parsed in full on the page). */
	whole: boolean;
}

async function watchOpenSession(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const seen: Seen = { firstPartial: null, firstLean: null, whole: false };
		(window as unknown as { __seen: Seen }).__seen = seen;
		new MutationObserver(() => {
			const open = document.querySelector<HTMLElement>("[data-testid=open-session]");
			if (!open) return;
			const partial = open.dataset.partial === "true";
			const lean = open.dataset.lean === "true";
			seen.firstPartial ??= partial;
			seen.firstLean ??= lean;
			if (!partial || !lean) seen.whole = true;
		}).observe(document, { subtree: true, childList: true, attributes: true });
	});
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Opens the file at `path` (the session core reads as `parsed`) and checks what a lean open shows:
 * core's tips in file order, graph nodes of core's graph, the current tip's context as core builds
 * it, the session in the library, lean and a preview from the first moment to the last.
 */
async function expectOpensLean(page: Page, path: string, parsed: ParsedSession): Promise<void> {
	const index = getTreeIndex(parsed.entries);
	const tips = index.leaves.map((p) => parsed.entries[p].id);
	expect(tips.length).toBeGreaterThan(1);
	const leaf = parsed.leafId as string;
	const analysis = analyzeContext(parsed.entries, leaf, index);
	const pipeline = inspectContext(parsed.entries, analysis);
	expect(analysis.compaction).not.toBeNull();
	const graphNodes = new Set(buildGraph(index).nodes.map((n) => n.id));

	const errors = watchErrors(page);
	await watchOpenSession(page);
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
	// Stored, and still lean: a lean session stays its preview.
	await expect(page.getByTestId("open-session")).toHaveAttribute("data-lean", "true");
	await expect(page.getByTestId("open-session")).toHaveAttribute("data-partial", "true");
	await expect(page.locator(".toolbar__facts")).toContainText(`${parsed.entries.length} entries`);
	const seen = await page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
	expect(seen).toEqual({ firstPartial: true, firstLean: true, whole: false });
	expect(errors).toEqual([]);
}

test("a 10 MB session opens lean from its first scan: core's tips, graph and current context", async ({ page }) => {
	const file = ensureWorkload(WORKLOADS.medium);
	expect(file.bytes).toBeGreaterThan(8 * 1024 * 1024);
	await expectOpensLean(page, file.path, parseSession(readFileSync(file.path, "utf8")));
});

test("a 10 MB session in another shape (keys shuffled, no header id) opens lean too", async ({ page }, testInfo) => {
	const source = ensureWorkload(WORKLOADS.medium);
	const text = reshapeSession(readFileSync(source.path, "utf8"), { shuffle: true, headerWithoutId: true, seed: 5 });
	const path = testInfo.outputPath("medium-reshaped.jsonl");
	writeFileSync(path, text);
	const parsed = parseSession(text);
	expect(parsed.header?.id).toBeUndefined();
	await expectOpensLean(page, path, parsed);
});
