/**
 * Browser benchmark (`npm run bench:browser`; skipped by the normal e2e run): opens the 100 MB
 * `large` workload and the branchy `bushy` one through the real file input of the built app in
 * Chromium and prints what a user would feel: time to an interactive graph, against JSON.parse of
 * the same text in the same page; the longest main-thread task; rendered graph nodes; leaf
 * selection; heap; reopening from the library; pan and zoom frame times. Numbers are reported,
 * not asserted (the machine is shared); bench/out/browser.json keeps the last run.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ensureWorkload, OUT_DIR, WORKLOADS } from "../bench/generate";
import { getTreeIndex, parseSession } from "../src/core";
import {
	bareWorkerParse,
	type FrameFigures,
	heapUsed,
	inPageJsonParse,
	installProbe,
	type LoadFigures,
	loadFigures,
	startFrames,
	stopFrames,
	timeExportDialog,
	timeLeafSelection,
} from "./perfProbe";

test.describe.configure({ mode: "serial", timeout: 20 * 60_000 });

/** How long after the first interactive frame late work (diagnostics, storing) still counts as load. */
const SETTLE_MS = 4000;
const LOAD_TIMEOUT = 5 * 60_000;

interface Results {
	large?: {
		bytes: number;
		entries: number;
		load: LoadFigures;
		jsonParseMs: number;
		/** The bare worker's read + decode + JSON.parse of the file (`bareWorkerParse`). */
		workerFloorMs: number;
		nodes: number;
		heapBytes: number;
		select: { updateMs: number; frameMs: number; pathLength: number };
		/** Opening the export dialog until it can download (the file read and scanned for secrets). */
		exportDialog: { readyMs: number; longestTaskMs: number };
		reopen: LoadFigures;
		reopenNodes: number;
	};
	bushy?: { bytes: number; load: LoadFigures; nodes: number; frames: FrameFigures; zoomedOutNodes: number };
}
const results: Results = {};

/** The deepest tip and the shallowest other one, from the core. */
function tips(path: string) {
	const parsed = parseSession(readFileSync(path, "utf8"));
	const index = getTreeIndex(parsed.entries);
	const byDepth = [...index.leaves].sort((a, b) => index.depth[b] - index.depth[a]);
	const deepest = byDepth[0];
	const other = byDepth[byDepth.length - 1];
	return {
		entries: parsed.entries.length,
		deepest: parsed.entries[deepest].id,
		deepestLength: index.depth[deepest] + 1,
		other: parsed.entries[other].id,
	};
}

const nodeCount = (page: Page) => page.locator(".react-flow__node").count();

async function openFile(page: Page, path: string): Promise<LoadFigures> {
	await page.getByTestId("file-input").setInputFiles(path);
	return loadFigures(page, SETTLE_MS, LOAD_TIMEOUT);
}

test("large: 100 MB session", async ({ page, context }) => {
	const file = ensureWorkload(WORKLOADS.large);
	const t = tips(file.path);
	await installProbe(page);
	await page.goto("./");
	const cdp = await context.newCDPSession(page);

	const load = await openFile(page, file.path);
	const nodes = await nodeCount(page);
	await expect(page.getByTestId("library-item")).toHaveCount(1, { timeout: LOAD_TIMEOUT });
	await expect(page.getByTestId("load-progress")).toHaveCount(0, { timeout: LOAD_TIMEOUT });
	const heapBytes = await heapUsed(cdp);

	// Another tip first, so that selecting the deepest one changes what the inspector shows.
	const panel = page.getByTestId("context-panel");
	const before = await panel.getAttribute("data-count");
	await page.locator(`[data-testid=leaf-item][data-entry-id="${t.other}"]`).click();
	await expect(panel).not.toHaveAttribute("data-count", before ?? "", { timeout: 60_000 });
	await page.waitForTimeout(500);
	const select = await timeLeafSelection(page, t.deepest);
	await page.waitForTimeout(500);
	const exportDialog = await timeExportDialog(page);

	// Reopen from the library on a fresh page (no address: nothing opens by itself).
	await page.goto("./");
	await expect(page.getByTestId("library-item")).toHaveCount(1, { timeout: 60_000 });
	await page.waitForTimeout(1000);
	await page.getByTestId("library-item").click();
	const reopen = await loadFigures(page, SETTLE_MS, LOAD_TIMEOUT);
	const reopenNodes = await nodeCount(page);

	// The floor: JSON.parse of the same lines in a fresh page of the same browser.
	await page.goto("about:blank");
	await page.goto("./");
	const jsonParseMs = await inPageJsonParse(page, file.path);
	const floor = await bareWorkerParse(page, file.path);
	expect(floor.count).toBe(t.entries + 1);

	results.large = {
		bytes: file.bytes,
		entries: t.entries,
		load,
		jsonParseMs,
		workerFloorMs: floor.ms,
		nodes,
		heapBytes,
		select: { ...select, pathLength: t.deepestLength },
		exportDialog,
		reopen,
		reopenNodes,
	};
});

test("bushy: pan and zoom", async ({ page }) => {
	const file = ensureWorkload(WORKLOADS.bushy);
	await installProbe(page);
	await page.goto("./");
	const load = await openFile(page, file.path);
	const nodes = await nodeCount(page);
	const box = await page.getByTestId("graph").boundingBox();
	if (!box) throw new Error("no graph");
	const cx = box.x + box.width / 2;
	const cy = box.y + box.height / 2;
	await page.mouse.move(cx, cy);
	await page.waitForTimeout(500);
	await startFrames(page);
	// Zoom all the way out, pan around, zoom back in, pan again.
	for (let i = 0; i < 30; i++) {
		await page.mouse.wheel(0, 120);
		await page.waitForTimeout(16);
	}
	await page.waitForTimeout(300);
	const zoomedOutNodes = await nodeCount(page);
	for (let round = 0; round < 2; round++) {
		await page.mouse.move(cx, cy);
		await page.mouse.down();
		await page.mouse.move(cx - box.width / 3, cy - box.height / 3, { steps: 40 });
		await page.mouse.move(cx + box.width / 3, cy + box.height / 4, { steps: 40 });
		await page.mouse.up();
	}
	for (let i = 0; i < 20; i++) {
		await page.mouse.wheel(0, -120);
		await page.waitForTimeout(16);
	}
	for (let round = 0; round < 2; round++) {
		await page.mouse.move(cx, cy);
		await page.mouse.down();
		await page.mouse.move(cx + box.width / 3, cy - box.height / 3, { steps: 40 });
		await page.mouse.move(cx - box.width / 3, cy + box.height / 3, { steps: 40 });
		await page.mouse.up();
	}
	const frames = await stopFrames(page);
	results.bushy = { bytes: file.bytes, load, nodes, frames, zoomedOutNodes };
});

test.afterAll(() => {
	mkdirSync(OUT_DIR, { recursive: true });
	writeFileSync(join(OUT_DIR, "browser.json"), JSON.stringify(results, null, 2));
	console.log(`\n${report(results)}\n`);
});

const ms = (v: number) => `${Math.round(v).toLocaleString("en-US")} ms`;
const mb = (v: number) => `${(v / 1e6).toFixed(1)} MB`;

/** The table of targets, measured figures and verdicts. */
function report(r: Results): string {
	const rows: [string, string, string, boolean | null][] = [];
	const L = r.large;
	if (L) {
		const ratio = L.load.loadMs / L.jsonParseMs;
		rows.push(
			["large: load, input → interactive graph", "", ms(L.load.loadMs), null],
			["large: JSON.parse of the same lines in the page", "", ms(L.jsonParseMs), null],
			["large: load, input → inspector (every entry parsed)", "", ms(L.load.fullMs), null],
			["large: load / JSON.parse", "≤ 2", ratio.toFixed(2), ratio <= 2],
			[
				"large: floor: a bare worker's read + decode + JSON.parse / JSON.parse",
				"",
				`${(L.workerFloorMs / L.jsonParseMs).toFixed(2)} (${ms(L.workerFloorMs)})`,
				null,
			],
			[
				"large: longest main-thread task while loading",
				"≤ 100 ms",
				ms(L.load.longestTaskMs),
				L.load.longestTaskMs <= 100,
			],
			[
				"large: long tasks while loading (count, total)",
				"",
				`${L.load.longTasks}, ${ms(L.load.longTaskTotalMs)}`,
				null,
			],
			["large: rendered graph nodes", "≤ ~1,000", String(L.nodes), L.nodes <= 1000],
			[
				`large: select the deepest tip (${L.select.pathLength.toLocaleString("en-US")}-entry path) → inspector`,
				"≤ 100 ms",
				`${ms(L.select.updateMs)} (next frame ${ms(L.select.frameMs)})`,
				L.select.updateMs <= 100,
			],
			[
				"large: JS heap after loading / file size",
				"≤ 3",
				`${(L.heapBytes / L.bytes).toFixed(2)} (${mb(L.heapBytes)})`,
				L.heapBytes / L.bytes <= 3,
			],
			[
				"large: export dialog ready (file scanned for secrets); longest task",
				"",
				`${ms(L.exportDialog.readyMs)}; ${ms(L.exportDialog.longestTaskMs)}`,
				null,
			],
			["large: reopen from the library", "≤ first load", ms(L.reopen.loadMs), L.reopen.loadMs <= L.load.loadMs * 1.1],
			["large: reopen → inspector", "≤ first load's", ms(L.reopen.fullMs), L.reopen.fullMs <= L.load.fullMs * 1.1],
			["large: longest task while reopening", "≤ 100 ms", ms(L.reopen.longestTaskMs), L.reopen.longestTaskMs <= 100],
		);
	}
	const B = r.bushy;
	if (B) {
		rows.push(
			["bushy: load, input → interactive graph", "", ms(B.load.loadMs), null],
			["bushy: load, input → inspector", "", ms(B.load.fullMs), null],
			[
				"bushy: longest main-thread task while loading",
				"≤ 100 ms",
				ms(B.load.longestTaskMs),
				B.load.longestTaskMs <= 100,
			],
			[
				"bushy: rendered graph nodes (opened, zoomed out)",
				"≤ ~1,000",
				`${B.nodes}, ${B.zoomedOutNodes}`,
				Math.max(B.nodes, B.frames.maxNodes) <= 1000,
			],
			[
				"bushy: pan/zoom frame interval (median / p95 / max)",
				"smooth",
				`${B.frames.medianMs.toFixed(1)} / ${B.frames.p95Ms.toFixed(1)} / ${B.frames.maxMs.toFixed(1)} ms`,
				B.frames.p95Ms <= 34,
			],
			["bushy: most nodes in any frame; longest task", "", `${B.frames.maxNodes}; ${ms(B.frames.longestTaskMs)}`, null],
		);
	}
	const head = ["", "target", "measured", ""];
	const body = rows.map(([a, b, c, ok]) => [a, b, c, ok === null ? "" : ok ? "pass" : "FAIL"]);
	const widths = head.map((_, i) => Math.max(...[head, ...body].map((line) => line[i].length)));
	const fmt = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
	return [fmt(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(fmt)].join("\n");
}
