import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { generateSessionLines, WORKLOADS } from "../bench/generate";
import { buildGraph, buildTreeIndex, parseSession } from "../src/core";
import { overviewPaths } from "../src/ui/components/Graph/overview";
import { fixturePath } from "./fixtures";

const GOLDEN = "golden/branchy-legacy.jsonl";

/** The session as core reads it: what the graph must show. */
function expected(file: string) {
	const session = parseSession(readFileSync(fixturePath(file), "utf8"));
	const index = buildTreeIndex(session.entries);
	const ids = (positions: readonly number[]) => positions.map((p) => session.entries[p].id);
	return { session, index, graph: buildGraph(index), leaves: ids(index.leaves), branchPoints: ids(index.branchPoints) };
}

const node = (page: Page, id: string): Locator => page.locator(`.react-flow__node[data-id="${id}"]`);

async function open(page: Page, file: string, errors: string[]): Promise<void> {
	page.on("pageerror", (err) => errors.push(err.message));
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(fixturePath(file));
	await expect(page.locator(".react-flow__node").first()).toBeVisible();
}

/** A generated bushy session of `maxEntries` entries, opened through the file input; its text. */
async function openGenerated(page: Page, maxEntries: number, errors: string[]): Promise<string> {
	page.on("pageerror", (err) => errors.push(err.message));
	const text = `${[...generateSessionLines({ ...WORKLOADS.bushy, maxEntries })].join("\n")}\n`;
	await page.goto("./");
	await page
		.getByTestId("file-input")
		.setInputFiles({ name: `bushy-${maxEntries}.jsonl`, mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
	return text;
}

/** Whether a node lies fully inside the graph's canvas (so a user could click it). */
async function onCanvas(page: Page, target: Locator): Promise<boolean> {
	const canvas = await page.locator(".graph__canvas").boundingBox();
	const box = await target.boundingBox();
	if (!canvas || !box) return false;
	return (
		box.x >= canvas.x &&
		box.y >= canvas.y &&
		box.x + box.width <= canvas.x + canvas.width &&
		box.y + box.height <= canvas.y + canvas.height
	);
}

test("every leaf and branch point is a node whose id is the entry id; the current leaf is marked and centred", async ({
	page,
}) => {
	const errors: string[] = [];
	const { leaves, branchPoints, session } = expected(GOLDEN);
	await open(page, GOLDEN, errors);
	const current = session.leafId as string;
	await expect(node(page, current).locator(".graph-node")).toHaveClass(/is-current-leaf/);
	await expect(node(page, current)).toContainText("current leaf");
	expect(await onCanvas(page, node(page, current))).toBe(true);

	await page.getByRole("button", { name: "Fit View" }).click();
	for (const id of [...leaves, ...branchPoints]) await expect(node(page, id)).toHaveCount(1);
	for (const id of branchPoints) await expect(node(page, id).locator(".graph-node")).toHaveClass(/is-branch-point/);
	await expect(page.locator(".graph-node.is-current-leaf")).toHaveCount(1);
	expect(errors).toEqual([]);
});

test("clicking a node selects it as the leaf and paints its path from the worker's context", async ({ page }) => {
	const errors: string[] = [];
	const { leaves, session, index } = expected(GOLDEN);
	await open(page, GOLDEN, errors);
	// The worker holds the file: the context shown for the clicked leaf is the one it builds.
	await page.getByRole("button", { name: "Fit View" }).click();
	const other = leaves.find((id) => id !== session.leafId) as string;
	await node(page, other).click();
	await expect(page.locator(`[data-testid=leaf-item][data-entry-id="${other}"]`)).toHaveAttribute(
		"aria-pressed",
		"true",
	);
	await expect(page.getByTestId("context-panel")).toContainText(`Context for ${other}`);
	await expect(node(page, other).locator(".graph-node")).toHaveClass(/is-selected/);
	await expect(page.locator(".graph-node.is-selected")).toHaveCount(1);
	// The root of the selected path is painted on the path; the old leaf is now off it.
	let root = index.byId.get(other) as number;
	while (index.parent[root] !== -1) root = index.parent[root];
	await expect(node(page, session.entries[root].id).locator(".graph-node")).not.toHaveClass(/is-off/);
	await expect(node(page, session.leafId as string).locator(".graph-node")).toHaveClass(/is-off/);
	await expect(page.locator(".react-flow__edge-path.is-path").first()).toBeAttached();
	expect(errors).toEqual([]);
});

test("a folded run expands on click into entry nodes and folds back", async ({ page }) => {
	const errors: string[] = [];
	await open(page, GOLDEN, errors);
	const segments = page.locator(".react-flow__node-segment");
	let segment: Locator | null = null;
	for (let i = 0; i < (await segments.count()); i++) {
		if (await onCanvas(page, segments.nth(i))) {
			segment = segments.nth(i);
			break;
		}
	}
	if (!segment) throw new Error("no folded run on screen");
	const segId = (await segment.getAttribute("data-id")) as string;
	const count = Number(await segment.locator(".graph-node").getAttribute("data-count"));
	expect(count).toBeGreaterThan(1);
	const firstId = segId.replace(/^seg:/, "");
	const nodesBefore = await page.locator(".react-flow__node").count();

	await segment.click();
	await expect(node(page, segId)).toHaveCount(0);
	await expect(node(page, firstId)).toHaveCount(1);
	await expect(page.locator(".react-flow__node")).toHaveCount(nodesBefore + count - 1);
	// The run opens where the folded node was, so its first entry is still on screen.
	expect(await onCanvas(page, node(page, firstId))).toBe(true);

	await node(page, firstId).getByTestId("graph-fold").click();
	await expect(node(page, segId)).toHaveCount(1);
	await expect(node(page, firstId)).toHaveCount(0);
	await expect(page.locator(".react-flow__node")).toHaveCount(nodesBefore);

	// An entry selected inside the run stays a node of its own when the run folds again.
	const { index } = expected(GOLDEN);
	let middle = index.byId.get(firstId) as number;
	for (let i = 0; i < Math.floor(count / 2); i++) middle = index.children.first(middle);
	const middleId = index.entries[middle].id;
	await node(page, segId).getByTestId("graph-expand").click();
	await node(page, middleId).click();
	await expect(page.getByTestId("context-panel")).toContainText(`Context for ${middleId}`);
	await node(page, firstId).getByTestId("graph-fold").click();
	await expect(node(page, middleId).locator(".graph-node")).toHaveClass(/is-selected/);
	const ids = buildGraph(index, new Set(), [middle]).nodes.map((n) => n.id);
	await expect(page.locator(".react-flow__node")).toHaveCount(ids.length);
	const shown = await page.locator(".react-flow__node").evaluateAll((els) => els.map((e) => e.getAttribute("data-id")));
	expect(shown.sort()).toEqual(ids.sort());
	expect(errors).toEqual([]);
});

test("the keyboard walks the tree: up to the parent, down to the child, End to the current leaf", async ({ page }) => {
	const errors: string[] = [];
	const { graph, session } = expected(GOLDEN);
	await open(page, GOLDEN, errors);
	const current = session.leafId as string;
	await node(page, current).click();
	await expect(page.getByTestId("graph")).toBeFocused();

	// Up: onto the parent node. A folded run only takes the cursor; the next Up selects its parent.
	let at = graph.indexOf.get(current) as number;
	let parent = graph.nodes[graph.parentNode[at]];
	await page.keyboard.press("ArrowUp");
	if (parent.kind === "segment") {
		await expect(node(page, parent.id).locator(".graph-node")).toHaveClass(/is-cursor/);
		await expect(page.getByTestId("context-panel")).toContainText(`Context for ${current}`);
		at = graph.indexOf.get(parent.id) as number;
		parent = graph.nodes[graph.parentNode[at]];
		await page.keyboard.press("ArrowUp");
	}
	expect(parent.kind).toBe("entry");
	await expect(page.getByTestId("context-panel")).toContainText(`Context for ${parent.id}`);
	await expect(node(page, parent.id).locator(".graph-node")).toHaveClass(/is-selected/);

	// Down goes back towards the child; End returns to the file's current leaf.
	await page.keyboard.press("ArrowDown");
	await expect(node(page, graph.nodes[at].id).locator(".graph-node")).toHaveClass(/is-cursor/);
	await page.keyboard.press("End");
	await expect(page.getByTestId("context-panel")).toContainText(`Context for ${current}`);
	await expect(page.locator(`[data-testid=leaf-item][data-entry-id="${current}"]`)).toHaveAttribute(
		"aria-pressed",
		"true",
	);
	// Enter on a folded run expands it.
	await page.keyboard.press("ArrowUp");
	const up = graph.nodes[graph.parentNode[graph.indexOf.get(current) as number]];
	if (up.kind === "segment") {
		await page.keyboard.press("Enter");
		await expect(node(page, up.id)).toHaveCount(0);
		await expect(node(page, up.id.replace(/^seg:/, ""))).toHaveCount(1);
	}
	expect(errors).toEqual([]);
});

test("selecting a branch tip elsewhere brings its node on screen", async ({ page }) => {
	const errors: string[] = [];
	const { leaves, session } = expected(GOLDEN);
	await open(page, GOLDEN, errors);
	for (const id of leaves.filter((l) => l !== session.leafId).slice(0, 4)) {
		await page.locator(`[data-testid=leaf-item][data-entry-id="${id}"]`).click();
		await expect(node(page, id).locator(".graph-node")).toHaveClass(/is-selected/);
		await expect.poll(() => onCanvas(page, node(page, id))).toBe(true);
	}
	expect(errors).toEqual([]);
});

test("a long pi session opens folded and expands in steps", async ({ page }) => {
	const errors: string[] = [];
	const file = "pi-mono/large-session.jsonl";
	const { graph } = expected(file);
	await open(page, file, errors);
	const seg = graph.nodes.find((n) => n.kind === "segment" && n.count > 100);
	if (!seg) throw new Error("expected a long folded run");
	await page.getByRole("button", { name: "Fit View" }).click();
	await node(page, seg.id).click();
	// One step opens; the rest of the run stays folded behind it.
	await expect(node(page, seg.id)).toHaveCount(0);
	await expect(page.locator(".react-flow__node-entry")).toHaveCount(graph.nodes.length - 1 + 50);
	await expect(page.locator(".react-flow__node-segment")).toHaveCount(1);
	expect(errors).toEqual([]);
});

test("the minimap draws the whole tree and frames the view; pressing on it moves the view there", async ({ page }) => {
	const errors: string[] = [];
	await open(page, "pi-mono/large-session.jsonl", errors);
	const minimap = page.getByTestId("graph-minimap");
	await expect(minimap).toBeVisible();
	// One path per kind of node and one for the edges, however many nodes: not an element per node.
	expect(await minimap.locator("path").count()).toBeLessThan(20);
	const viewport = page.locator(".react-flow__viewport");
	const before = await viewport.getAttribute("style");
	const box = await minimap.boundingBox();
	if (!box) throw new Error("no minimap box");
	// The far corners of the tree: the view moves to each.
	await page.mouse.click(box.x + 4, box.y + 4);
	await expect(viewport).not.toHaveAttribute("style", before ?? "");
	const afterFirst = await viewport.getAttribute("style");
	await page.mouse.click(box.x + box.width - 4, box.y + box.height - 4);
	await expect(viewport).not.toHaveAttribute("style", afterFirst ?? "");
	expect(errors).toEqual([]);
});

test("a large tree hands React Flow only what is on and around screen; panning, Home and far tips still show their nodes", async ({
	page,
}) => {
	const errors: string[] = [];
	const text = await openGenerated(page, 4000, errors);
	const session = parseSession(text);
	const index = buildTreeIndex(session.entries);
	const graph = buildGraph(index);
	expect(graph.nodes.length).toBeGreaterThan(400);
	await expect(page.locator(".react-flow__node").first()).toBeVisible();
	// A few dozen nodes are mounted, not hundreds; each edge drawn joins two of them.
	const mounted = await page.locator(".react-flow__node").count();
	expect(mounted).toBeLessThan(100);
	await expect(page.locator(".react-flow__edge").first()).toBeAttached();

	// Home: the root, far above the current leaf, is brought on screen and drawn.
	const root = graph.nodes[graph.rootNodes[0]];
	await page.getByTestId("graph").focus();
	await page.keyboard.press("Home");
	await expect(node(page, root.id)).toBeVisible();
	await expect.poll(() => onCanvas(page, node(page, root.id))).toBe(true);

	// Tips elsewhere in the tree: each one's node is drawn and on screen once selected.
	const far = [...index.leaves].map((p) => session.entries[p].id).filter((id) => id !== session.leafId);
	for (const id of [far[0], far[Math.floor(far.length / 2)], far[far.length - 1]]) {
		await page.locator(`[data-testid=leaf-item][data-entry-id="${id}"]`).scrollIntoViewIfNeeded();
		await page.locator(`[data-testid=leaf-item][data-entry-id="${id}"]`).click();
		await expect(node(page, id).locator(".graph-node")).toHaveClass(/is-selected/);
		await expect.poll(() => onCanvas(page, node(page, id))).toBe(true);
	}

	// A drag across the pane, from the root down its tree: the nodes that come into view are drawn.
	await page.getByTestId("graph").focus();
	await page.keyboard.press("Home");
	await expect.poll(() => onCanvas(page, node(page, root.id))).toBe(true);
	const box = await page.locator(".graph__canvas").boundingBox();
	if (!box) throw new Error("no canvas");
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
	await page.mouse.down();
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - box.height * 1.5, { steps: 12 });
	await page.mouse.up();
	await expect(node(page, root.id)).toHaveCount(0);
	const onScreen = () =>
		page.evaluate(() => {
			const canvas = document.querySelector(".graph__canvas")?.getBoundingClientRect();
			if (!canvas) return 0;
			return [...document.querySelectorAll(".react-flow__node")].filter((n) => {
				const r = n.getBoundingClientRect();
				return r.bottom > canvas.top && r.top < canvas.bottom && r.right > canvas.left && r.left < canvas.right;
			}).length;
		});
	await expect.poll(onScreen).toBeGreaterThan(0);
	expect(errors).toEqual([]);
});

test("a tree of over 2,000 nodes gets its minimap and overview drawn once the page is idle, the whole tree in both", async ({
	page,
}) => {
	const errors: string[] = [];
	const text = await openGenerated(page, 16_000, errors);
	const graph = buildGraph(buildTreeIndex(parseSession(text).entries));
	// Past the size whose paths are made at once (useOverviewPaths' AT_ONCE).
	expect(graph.nodes.length).toBeGreaterThan(2000);
	const want = overviewPaths(graph);
	const drawn = (within: Locator) =>
		within.locator("path").evaluateAll((paths) => paths.map((p) => p.getAttribute("d") ?? ""));
	const minimap = page.getByTestId("graph-minimap");
	await expect(minimap).toBeVisible();
	// The edges and one path per kind of node, as core lays the tree out.
	const sorted = (d: string[]) => [...d].sort();
	const expected = sorted([want.edges, ...want.kinds.map((k) => k.d)]);
	await expect.poll(async () => sorted(await drawn(minimap))).toEqual(expected);
	// Zoomed far out: the overview stands in for the nodes, drawn from the same paths.
	const overview = page.getByTestId("graph-overview");
	const scale = () =>
		page.evaluate(() => {
			const style = document.querySelector(".react-flow__viewport")?.getAttribute("style") ?? "";
			return Number(/scale\(([\d.e-]+)\)/.exec(style)?.[1] ?? Number.NaN);
		});
	for (let i = 0; i < 20 && (await overview.count()) === 0; i++) {
		const before = await scale();
		await page.locator(".react-flow__controls-zoomout").click();
		await expect.poll(scale).toBeLessThan(before);
	}
	await expect(overview).toBeAttached();
	await expect(page.locator(".react-flow__node")).toHaveCount(0);
	await expect
		.poll(async () => (await drawn(overview)).filter((d) => expected.includes(d)).length)
		.toBe(expected.length);
	expect(errors).toEqual([]);
});
