import { expect, type Page, test } from "@playwright/test";
import { buildGraph, buildTreeIndex, NODE_PREVIEW_MAX, nodePreview } from "../src/core";
import { describeFixture, leafItem, openFiles } from "./explorer";

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

/** The graph's zoom (the scale of React Flow's viewport). */
async function zoom(page: Page): Promise<number> {
	return page
		.locator(".react-flow__viewport")
		.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
}

/** The smallest text on screen among the graph's nodes, in CSS px (font size × zoom). */
async function smallestText(page: Page): Promise<number> {
	const z = await zoom(page);
	const sizes = await page.locator(".graph-node").evaluateAll((nodes) => {
		const out: number[] = [];
		for (const n of nodes) {
			const walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
			for (let t = walker.nextNode(); t; t = walker.nextNode()) {
				const el = t.parentElement;
				if (el && t.textContent?.trim() && el.getClientRects().length > 0)
					out.push(Number.parseFloat(getComputedStyle(el).fontSize));
			}
		}
		return out;
	});
	expect(sizes.length).toBeGreaterThan(0);
	return Math.min(...sizes) * z;
}

/** Whether a node lies fully inside the graph's canvas. */
async function onCanvas(page: Page, id: string): Promise<boolean> {
	const canvas = await page.locator(".graph__canvas").boundingBox();
	const box = await node(page, id).boundingBox();
	if (!canvas || !box) return false;
	return (
		box.x >= canvas.x &&
		box.y >= canvas.y &&
		box.x + box.width <= canvas.x + canvas.width &&
		box.y + box.height <= canvas.y + canvas.height
	);
}

for (const file of ["golden/retained-tail.jsonl", "golden/mixed-formats.jsonl"]) {
	test(`${file} opens readable: labels ≥ 11 px, the current leaf and its parent on screen`, async ({ page }) => {
		const fx = describeFixture(file);
		await page.goto("./");
		await openFiles(page, file);
		const leaf = fx.currentLeaf as string;
		await expect(node(page, leaf)).toBeVisible();
		await expect.poll(() => onCanvas(page, leaf)).toBe(true);
		expect(await smallestText(page)).toBeGreaterThanOrEqual(11);
		// The node above the leaf (an entry or the folded run before it) is on screen too.
		const graph = buildGraph(buildTreeIndex(fx.parsed.entries));
		const above = graph.parentNode[graph.indexOf.get(leaf) ?? -1];
		if (above !== undefined && above >= 0) await expect.poll(() => onCanvas(page, graph.nodes[above].id)).toBe(true);
	});
}

test("nodes show what they are and a preview of their content; selecting a tip when zoomed out makes it readable", async ({
	page,
}) => {
	const file = "golden/retained-tail.jsonl";
	const fx = describeFixture(file);
	await page.goto("./");
	await openFiles(page, file);
	await expect(node(page, fx.currentLeaf as string)).toBeVisible();
	// Every entry node on screen carries its kind and core's one-line preview.
	const shown = await page.locator(".react-flow__node-entry").evaluateAll((els) => els.map((e) => e.dataset.id ?? ""));
	expect(shown.length).toBeGreaterThan(2);
	for (const id of shown) {
		const entry = fx.parsed.entries.find((e) => e.id === id);
		if (!entry) continue;
		const preview = node(page, id).locator(".graph-node__preview");
		await expect(preview).toHaveText(nodePreview(entry));
		expect(nodePreview(entry).length).toBeLessThanOrEqual(NODE_PREVIEW_MAX);
		await expect(node(page, id).locator(".graph-node__kind")).not.toBeEmpty();
	}

	for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Zoom Out" }).click();
	await expect.poll(() => zoom(page)).toBeLessThan(0.7);
	const other = fx.tips.find((t) => t !== fx.currentLeaf) as string;
	await leafItem(page, other).click();
	await expect.poll(() => zoom(page)).toBeGreaterThanOrEqual(1);
	await expect.poll(() => onCanvas(page, other)).toBe(true);
	expect(await smallestText(page)).toBeGreaterThanOrEqual(11);
});

/** A long main chain with a short branch every `every` entries (a long real session's shape). */
function longChain(length: number, every: number): string {
	const lines = [
		JSON.stringify({ type: "session", version: 3, id: "long", timestamp: "2026-01-01T00:00:00Z", cwd: "/w" }),
	];
	const msg = (id: string, parentId: string | null, text: string) =>
		JSON.stringify({
			type: "message",
			id,
			parentId,
			timestamp: "2026-01-01T00:00:00Z",
			message: { role: "user", content: text, timestamp: 0 },
		});
	let parent: string | null = null;
	for (let i = 0; i < length; i++) {
		const id = `m${i}`;
		lines.push(msg(id, parent, `step ${i}`));
		if (i % every === 0) lines.push(msg(`b${i}`, id, `side ${i}`));
		parent = id;
	}
	return `${lines.join("\n")}\n`;
}

test("the minimap shows the whole shape of a long chain, not a thin line", async ({ page }) => {
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles({
		name: "long.jsonl",
		mimeType: "application/jsonl",
		buffer: Buffer.from(longChain(1200, 12)),
	});
	const minimap = page.getByTestId("graph-minimap");
	await expect(minimap).toBeVisible();
	const box = await minimap.boundingBox();
	const drawn = await minimap.locator("path[fill]").evaluateAll((paths) => {
		let left = Number.POSITIVE_INFINITY;
		let right = Number.NEGATIVE_INFINITY;
		for (const p of paths) {
			const r = p.getBoundingClientRect();
			left = Math.min(left, r.left);
			right = Math.max(right, r.right);
		}
		return right - left;
	});
	expect(drawn).toBeGreaterThan((box?.width ?? 0) * 0.6);
});
