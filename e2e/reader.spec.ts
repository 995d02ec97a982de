import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
	analyzeContext,
	buildGraph,
	buildTreeIndex,
	convertToLlm,
	entryPreview,
	findEntries,
	parseSession,
	previewSession,
	previewToParts,
	type SessionEntry,
	summarizeLeaves,
} from "../src/core";
import { formatTokens } from "../src/ui/components/Library/format";
import { assistant, header, jsonl, user } from "../test/builders";
import { readGolden } from "../test/fixtures";
import { describeFixture, leafItem, libraryItem, openFiles, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

/**
 * Every file is held by the parse worker, which answers for a tip's context and its rows (the page
 * holds what it shows). These tests check the inspector against pi's own output for every tip.
 */

async function expectContext(page: Page, leafId: string, expected: { contextEntryIds: string[]; llm: unknown[] }) {
	const panel = page.getByTestId("context-panel");
	// The panel a tip's context is shown in stays while the next tip's is read (marked busy).
	const before = await panel.elementHandle({ timeout: 100 }).catch(() => null);
	await leafItem(page, leafId).click();
	await expect(panel).not.toHaveAttribute("aria-busy", "true");
	if (before) expect(await before.evaluate((el) => el.isConnected)).toBe(true);
	await expect(panel).toHaveAttribute("data-count", `${expected.contextEntryIds.length},${expected.llm.length}`);
	// The small golden sessions render every row.
	await expect(panel.getByTestId("context-entry")).toHaveCount(expected.contextEntryIds.length);
	const ids = await panel
		.getByTestId("context-entry")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
	expect(ids).toEqual(expected.contextEntryIds);
	const roles = await panel
		.getByTestId("llm-message")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-role")));
	expect(roles).toEqual(expected.llm.map((m) => (m as { role: string }).role));
}

/** Opens the golden session `name` (see `beforeEach`) and waits for its tips; pi's expected output and the fixture's facts. */
async function openGolden(page: Page, name: string) {
	const { expected } = readGolden(name);
	const fixture = describeFixture(`golden/${name}.jsonl`);
	await page.goto("./");
	await openFiles(page, `golden/${name}.jsonl`);
	await expect(page.getByTestId("leaf-item")).toHaveCount(fixture.tips.length);
	return { expected, fixture };
}

for (const name of ["compaction-heavy", "branchy-legacy", "retained-tail"]) {
	test(`${name}: every tip's context is pi's, from the worker`, async ({ page }) => {
		const errors = watchErrors(page);
		const { expected, fixture } = await openGolden(page, name);
		// The worker counts every tip's context tokens in the background, as core does for the whole file.
		const counted = summarizeLeaves(parseSession(readGolden(name).text).entries);
		for (const tip of counted) {
			await expect(leafItem(page, tip.id)).toContainText(`~${formatTokens(tip.contextTokens ?? -1)} est`);
		}
		for (const tip of fixture.tips) await expectContext(page, tip, expected.leaves[tip]);
		expect(errors).toEqual([]);
	});
}

test("every row shows its entry's own words, a summarized one too, and a reload reopens it from its stored index", async ({
	page,
}) => {
	const errors = watchErrors(page);
	const name = "compaction-heavy";
	const { expected } = readGolden(name);
	const fixture = describeFixture(`golden/${name}.jsonl`);
	await page.goto("./");
	await openFiles(page, `golden/${name}.jsonl`);
	const leaf = fixture.currentLeaf as string;
	await expectContext(page, leaf, expected.leaves[leaf]);

	// A path entry the compaction summarised (the worker holds it as a skeleton: its type, id and
	// parent) shows its own words in its row, as every row does, and opens to the whole entry.
	const panel = page.getByTestId("context-panel");
	const { fates } = analyzeContext(fixture.parsed.entries, leaf);
	const preview = previewSession([readFileSync(fixturePath(`golden/${name}.jsonl`))]);
	const shape = preview ? previewToParts(preview).shape : new Int16Array();
	const fate = fates.find((f) => f.region === "summarized" && shape[f.position] !== -1);
	expect(fate).toBeDefined();
	const entry = fixture.parsed.entries[fate?.position ?? -1];
	const summarized = panel.locator(`[data-testid=path-entry][data-entry-id="${fate?.id}"]`);
	await expect(summarized).toBeVisible();
	await expect(summarized.getByTestId("entry-row")).toHaveAttribute("data-entry-id", entry.id);
	await expect(summarized.locator(".ins-row__preview")).toHaveText(entryPreview(entry, 140));
	await summarized.locator(".ins-row__head").click();
	const detail = summarized.locator(".ins-row__detail");
	await expect(detail.getByTestId("entry-view")).toBeVisible();

	// Stored as a Blob, with the scan's index beside it; a reload reopens it from those.
	await expect(libraryItem(page, fixture.id)).toHaveCount(1);
	await expect(page.getByTestId("load-progress")).toHaveCount(0);
	const storedIndex = () =>
		page.evaluate(
			() =>
				new Promise<string[]>((resolve) => {
					const open = indexedDB.open("session-explorer-index");
					open.onerror = () => resolve([]);
					open.onsuccess = () => {
						const db = open.result;
						if (!db.objectStoreNames.contains("previews")) return resolve([]);
						const req = db.transaction("previews").objectStore("previews").getAllKeys();
						req.onsuccess = () => resolve(req.result.map(String));
						req.onerror = () => resolve([]);
					};
				}),
		);
	// One index: its head under the session's key, its large members in pieces under that key + "/k".
	const heads = async () => (await storedIndex()).filter((key) => !key.includes("/"));
	await expect.poll(heads).toHaveLength(1);
	const [head] = await heads();
	expect((await storedIndex()).filter((key) => key.startsWith(`${head}/`)).length).toBeGreaterThan(1);
	await page.reload();
	await libraryItem(page, fixture.id).click();
	await expectContext(page, leaf, expected.leaves[leaf]);
	expect(errors).toEqual([]);
});

for (const file of ["dialects/omp-clear.jsonl", "dialects/pi-v4.jsonl", "bad/no-header.jsonl"]) {
	test(`${file} (no header on its first line) opens, every tip's context as core's, also reopened`, async ({
		page,
	}) => {
		const errors = watchErrors(page);
		const { parsed, tips } = describeFixture(file);
		const count = (leaf: string | null) => {
			const want = analyzeContext(parsed.entries, leaf);
			return `${want.selected.length},${convertToLlm(want.messages).length}`;
		};
		await page.goto("./");
		await openFiles(page, file);
		await expect(page.getByTestId("session-header-dialect").first()).toHaveAttribute(
			"data-dialect",
			parsed.dialect ?? "pi",
		);
		const panel = page.getByTestId("context-panel");
		for (const tip of tips) {
			await leafItem(page, tip).click();
			await expect(panel).not.toHaveAttribute("aria-busy", "true");
			await expect(panel).toHaveAttribute("data-count", count(tip));
		}
		// Stored, and opened again from the library the same way.
		await expect(page.getByTestId("library-item")).toHaveCount(1);
		await page.reload();
		await page.getByTestId("library-item").first().click();
		// (The tip shown may be the one last selected before the reload.)
		await leafItem(page, tips[0]).click();
		await expect(panel).not.toHaveAttribute("aria-busy", "true");
		await expect(panel).toHaveAttribute("data-count", count(tips[0]));
		expect(errors).toEqual([]);
	});
}

for (const file of ["dialects/pi-newer.jsonl", "pi-mono/before-compaction.jsonl", "pi-mono/large-session.jsonl"]) {
	test(`${file}, opens on the full parse's current leaf with its context`, async ({ page }) => {
		const errors = watchErrors(page);
		const { parsed } = describeFixture(file);
		const want = analyzeContext(parsed.entries, parsed.leafId);
		await page.goto("./");
		await openFiles(page, file);
		await expect(page.getByTestId("context-panel")).toHaveAttribute(
			"data-count",
			`${want.selected.length},${convertToLlm(want.messages).length}`,
		);
		expect(errors).toEqual([]);
	});
}

test("find in a session: the worker searches the file, hits as core's, with excerpts; a hit opens its context", async ({
	page,
}) => {
	const errors = watchErrors(page);
	const file = "golden/mixed-formats.jsonl";
	const { parsed } = describeFixture(file);
	const index = buildTreeIndex(parsed.entries);
	await page.goto("./");
	await openFiles(page, file);
	for (const [query, filter] of [
		["write", "default"],
		["tool read", "all"],
	] as const) {
		const expected = findEntries(parsed.entries, query, filter)
			.hits.filter((p) => index.live[p] === 1)
			.map((p) => parsed.entries[p].id);
		expect(expected.length).toBeGreaterThan(0);
		await page.locator(`[data-testid=find-filter][data-filter=${filter}]`).click();
		await page.getByTestId("find-input").fill(query);
		await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", String(expected.length));
		const ids = await page
			.getByTestId("find-hit")
			.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
		expect(ids).toEqual(expected.slice(0, ids.length));
		// Excerpts from the file, the words marked (the page holds only skeletons).
		const marks = await page.locator("[data-testid=find-hit] mark").allTextContents();
		expect(marks.length).toBeGreaterThan(0);
	}
	const target = findEntries(parsed.entries, "tool read", "all").hits.find((p) => index.live[p] === 1) as number;
	await page.locator(`[data-testid=find-hit][data-entry-id="${parsed.entries[target].id}"]`).click();
	const want = analyzeContext(parsed.entries, parsed.entries[target].id, index);
	await expect(page.getByTestId("context-panel")).toHaveAttribute(
		"data-count",
		`${want.selected.length},${convertToLlm(want.messages).length}`,
	);
	expect(errors).toEqual([]);
});

/** Opens `entries` as a session file (needles.jsonl) through the file input. */
async function openNeedles(page: Page, entries: SessionEntry[]) {
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles({
		name: "needles.jsonl",
		mimeType: "application/x-ndjson",
		buffer: Buffer.from(jsonl(header(), ...entries)),
	});
}

test("find in a session with hundreds of hits: rows past the first hits read their excerpts when shown", async ({
	page,
}) => {
	const errors = watchErrors(page);
	// 320 user turns, each naming its number after the word searched for.
	const entries: SessionEntry[] = [];
	for (let i = 0; i < 320; i++) {
		const parent = i === 0 ? null : `a${i - 1}`;
		entries.push(user(`u${i}`, parent, `please look for the needle number ${i} in the stack`));
		entries.push(assistant(`a${i}`, `u${i}`, `done with ${i}`));
	}
	await openNeedles(page, entries);
	await page.getByTestId("find-input").fill("needle");
	await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", "320");
	const hits = page.getByTestId("find-hit");
	const excerpt = (i: number) => `please look for the needle number ${i} in the stack`;
	await expect(hits).toHaveCount(100);
	await expect(hits.nth(99)).toContainText(excerpt(99));
	// Past the hits the search sent excerpts for, each shown row asks the worker for its own.
	for (const shown of [200, 300, 320]) {
		await page.locator(".find__more").click();
		await expect(hits).toHaveCount(shown);
		for (const i of [shown - 100, shown - 1]) {
			await expect(hits.nth(i)).toHaveAttribute("data-entry-id", `u${i}`);
			await expect(hits.nth(i)).toContainText(excerpt(i));
			await expect(hits.nth(i).locator("mark")).toHaveText("needle");
		}
	}
	expect(errors).toEqual([]);
});

test("find split between the parse worker and a helper worker: the same hits, in the session's order, with excerpts", async ({
	page,
}) => {
	const errors = watchErrors(page);
	// From 0 MB on, every search of a session the worker holds is split near the file's middle.
	await page.addInitScript(() => localStorage.setItem("session-explorer:split-find-from-mb:v1", "0"));
	const entries: SessionEntry[] = [];
	for (let i = 0; i < 320; i++) {
		const parent = i === 0 ? null : `a${i - 1}`;
		entries.push(user(`u${i}`, parent, `please look for the needle number ${i} in the stack`));
		entries.push(assistant(`a${i}`, `u${i}`, i % 3 === 0 ? `a needle here too, ${i}` : `done with ${i}`));
	}
	const parsed = parseSession(jsonl(header(), ...entries));
	await openNeedles(page, entries);
	const want = findEntries(parsed.entries, "needle", "default").hits.map((p) => parsed.entries[p].id);
	expect(want.length).toBe(320 + 107);
	await page.getByTestId("find-input").fill("needle");
	await expect(page.getByTestId("find-count")).toHaveAttribute("data-count", String(want.length));
	// A helper (a worker the parse worker started) searched the second half.
	const parser = page.workers().find((w) => w.url().includes("parse.worker"));
	if (!parser) throw new Error("no parse worker");
	expect(await parser.evaluate(() => (self as { partsHelpersSearched?: number }).partsHelpersSearched)).toBe(1);
	const hits = page.getByTestId("find-hit");
	for (let shown = 100; ; shown = Math.min(shown + 100, want.length)) {
		await expect(hits).toHaveCount(shown);
		const ids = await hits.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
		expect(ids).toEqual(want.slice(0, shown));
		await expect(
			hits
				.nth(shown - 1)
				.locator("mark")
				.first(),
		).toHaveText("needle");
		if (shown === want.length) break;
		await page.locator(".find__more").click();
	}
	expect(errors).toEqual([]);
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("a folded run expands into nodes whose kinds and previews are read from the file", async ({ page }) => {
	const errors = watchErrors(page);
	const file = "golden/branchy-legacy.jsonl";
	const session = parseSession(readFileSync(fixturePath(file), "utf8"));
	const index = buildTreeIndex(session.entries);
	await page.goto("./");
	await openFiles(page, file);
	await page.getByRole("button", { name: "Fit View" }).click();
	const segment = page.locator(".react-flow__node-segment").first();
	const segId = (await segment.getAttribute("data-id")) as string;
	await segment.getByTestId("graph-expand").click();
	await expect(page.locator(`.react-flow__node[data-id="${segId}"]`)).toHaveCount(0);
	// Every entry of the run is a node, with the kind and preview a full parse gives it.
	const run = buildGraph(index, new Set([segId])).nodes.filter((n) => n.run === segId);
	expect(run.length).toBeGreaterThan(1);
	for (const n of run) {
		const shown = page.locator(`.react-flow__node[data-id="${n.id}"] .graph-node`);
		await expect(shown).toHaveAttribute("data-kind", n.entryKind);
		// (Zoomed out, the node shows its kind only; its title has the preview.)
		await expect(shown).toHaveAttribute("title", new RegExp(`\\n${escapeRegExp(n.preview)}$`));
	}
	expect(errors).toEqual([]);
});

for (const name of ["compaction-heavy", "branchy-legacy"]) {
	test(`${name}, its scan split between the parse worker and a helper: every tip's context is still pi's`, async ({
		page,
	}) => {
		const errors = watchErrors(page);
		// From 0 MB on, whatever the machine's cores: every file with a header is cut near its middle.
		await page.addInitScript(() => localStorage.setItem("session-explorer:split-scan-from-mb:v1", "0"));
		const { expected, fixture } = await openGolden(page, name);
		// The helper (a worker the parse worker started) scanned the file's second part.
		const helper = page.workers().find((w) => w.url().includes("scanPart.worker"));
		if (!helper) throw new Error("no helper worker");
		expect(await helper.evaluate(() => (self as { partsScanned?: number }).partsScanned)).toBe(1);
		for (const tip of fixture.tips) await expectContext(page, tip, expected.leaves[tip]);
		expect(errors).toEqual([]);
	});
}
