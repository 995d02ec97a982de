import { expect, type Page, test } from "@playwright/test";
import {
	analyzeContext,
	buildGraph,
	buildTreeIndex,
	type CompareRow,
	compareLayout,
	compareTips,
	entryPreview,
	explainSteps,
	type ParsedSession,
	summarizeLeaves,
} from "../src/core";
import { describeFixture, leafItem, openFiles, watchErrors } from "./explorer";

/**
 * The teaching modes on an opened file (the worker holds the file, the page only what it draws;
 * see e2e/reader.spec.ts): the comparison and the
 * explainer's steps are the worker's, and show what core works out from the file parsed in Node.
 */
async function openThroughInput(page: Page, file: string): Promise<void> {
	await page.goto("./");
	await openFiles(page, file);
}

/** The pair of different tips whose payloads share the most messages (and both go on after). */
function splitPair(s: ParsedSession): { a: string; b: string } {
	const index = buildTreeIndex(s.entries);
	const tips = index.leaves.map((p) => s.entries[p].id);
	let best = { a: tips[0], b: tips[1], shared: -1 };
	for (const a of tips) {
		for (const b of tips) {
			if (a === b) continue;
			const cmp = compareTips(s.entries, a, b);
			const diverge = cmp.a.llm.length > cmp.sharedPrefix && cmp.b.llm.length > cmp.sharedPrefix;
			if (diverge && cmp.sharedPrefix > best.shared) best = { a, b, shared: cmp.sharedPrefix };
		}
	}
	return best;
}

/** Everything the compare view shows of the two tips picked, the shared prefix opened. */
async function readComparison(page: Page, a: string, b: string) {
	const compare = page.getByTestId("compare");
	await compare.getByTestId("compare-a").selectOption(a);
	await compare.getByTestId("compare-b").selectOption(b);
	await expect(compare.locator("[data-testid=compare-side][data-side=a] code")).toHaveText(a);
	await expect(compare.locator("[data-testid=compare-side][data-side=b] code")).toHaveText(b);
	const attr = (id: string, name: string) => compare.getByTestId(id).getAttribute(name);
	const messages = (scope: string) =>
		compare
			.locator(`${scope} [data-testid=compare-message]`)
			.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-role")}: ${e.textContent}`));
	const prefix = compare.getByTestId("compare-prefix");
	if ((await prefix.count()) > 0) await prefix.getByRole("button").first().click();
	return {
		options: await compare
			.getByTestId("compare-a")
			.locator("option")
			.evaluateAll((els) => els.map((e) => `${(e as HTMLOptionElement).value} = ${e.textContent}`)),
		shared: await attr("compare-shared", "data-count"),
		sharedText: await compare.getByTestId("compare-shared").textContent(),
		ancestor: await attr("compare-ancestor", "data-entry-id"),
		tokenDifference: await attr("compare-token-diff", "data-value"),
		divergence: await attr("compare-divergence", "data-index"),
		prefix: await messages("[data-testid=compare-prefix]"),
		a: await messages("[data-testid=compare-side][data-side=a]"),
		b: await messages("[data-testid=compare-side][data-side=b]"),
	};
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * What `readComparison` reads of the two tips, as core works it out: `compareTips` laid out by
 * `compareLayout`, every tip labelled by its last user message (`summarizeLeaves`), each in the
 * words the compare view puts around them.
 */
function expectedComparison(s: ParsedSession, a: string, b: string): Awaited<ReturnType<typeof readComparison>> {
	const index = buildTreeIndex(s.entries);
	const cmp = compareTips(s.entries, a, b);
	const layout = compareLayout(cmp);
	const row = (r: CompareRow) => `${r.role}: ${r.index + 1}${r.role}${r.preview}≈${count(r.tokens)} tok`;
	const options = summarizeLeaves(s.entries, index, { tokens: false }).map((leaf) => {
		const user = leaf.lastUser < 0 ? " · (no user message)" : ` · ${entryPreview(s.entries[leaf.lastUser], 50)}`;
		return `${leaf.id} = ${leaf.id}${user}${leaf.isCurrent ? " · current" : ""}`;
	});
	const plural = cmp.sharedPrefix === 1 ? "" : "s";
	return {
		options,
		shared: String(cmp.sharedPrefix),
		sharedText: `Shared prefix${count(cmp.sharedPrefix)} identical message${plural} (≈${count(layout.sharedTokens)} tok)`,
		ancestor: cmp.commonAncestorId ?? "",
		tokenDifference: String(cmp.tokenDifference),
		divergence: String(cmp.sharedPrefix),
		prefix: layout.shared.map(row),
		a: layout.a.map(row),
		b: layout.b.map(row),
	};
}

test("a golden with branches: two tips compared by the worker, as core compares them", async ({ page }) => {
	const file = "golden/branchy-legacy.jsonl";
	const { parsed } = describeFixture(file);
	const { a, b } = splitPair(parsed);
	const want = expectedComparison(parsed, a, b);
	// A pair that shares a prefix and then differs on both sides: every part of the view has rows.
	expect(Number(want.shared)).toBeGreaterThan(0);
	expect(want.a.length).toBeGreaterThan(0);
	expect(want.b.length).toBeGreaterThan(0);
	expect(want.ancestor).not.toBe("");

	const errors = watchErrors(page);
	await openThroughInput(page, file);
	// The lab too is served by the worker (see lab.spec.ts, run on worker-held sessions as well).
	await expect(page.getByTestId("lab-button")).toBeEnabled();
	await page.getByTestId("compare-button").click();
	await expect(page.getByTestId("graph")).toHaveCount(0);
	const shown = await readComparison(page, a, b);
	expect(shown).toEqual(want);
	// Every tip is labelled by its last user message (the preview holds those whole, or the worker
	// reads them), never by an empty one.
	expect(shown.options.some((o) => o.includes("(no text)"))).toBe(false);

	// Tips picked one after another without waiting: the view ends on the last pair picked.
	const tips = buildTreeIndex(parsed.entries).leaves.map((p) => parsed.entries[p].id);
	const compare = page.getByTestId("compare");
	for (const other of tips.filter((t) => t !== a).slice(0, 4))
		await compare.getByTestId("compare-b").selectOption(other);
	await compare.getByTestId("compare-b").selectOption(b);
	await compare.getByTestId("compare-a").selectOption(b);
	await expect(compare.getByTestId("compare-divergence")).toHaveText("The two payloads are identical.");
	const same = compareTips(parsed.entries, b, b);
	await expect(compare.getByTestId("compare-shared")).toHaveAttribute("data-count", String(same.sharedPrefix));
	await expect(compare.getByTestId("compare-token-diff")).toHaveAttribute("data-value", "0");

	await page.getByTestId("compare-close").click();
	await expect(page.getByTestId("graph")).toBeVisible();
	expect(errors).toEqual([]);
});

test("a golden with compactions: the explainer walks its seven steps from the worker's analysis", async ({ page }) => {
	const errors = watchErrors(page);
	const file = "golden/compaction-heavy.jsonl";
	const { parsed, tips } = describeFixture(file);
	const index = buildTreeIndex(parsed.entries);
	// A tip whose context has a compaction, not the one the file opens on.
	const leaf = tips.find(
		(t) => t !== parsed.leafId && analyzeContext(parsed.entries, t, index).compaction !== null,
	) as string;
	expect(leaf).toBeDefined();
	const steps = explainSteps(parsed.entries, analyzeContext(parsed.entries, leaf, index));
	const graph = buildGraph(index, new Set());
	const stageOf = ["path", "path", "entries", "entries", "messages", "messages", "payload"];

	await openThroughInput(page, file);
	await leafItem(page, leaf).click();
	await page.getByTestId("explain-button").click();
	const explainer = page.getByTestId("explainer");
	await expect(explainer).toBeVisible();
	for (let i = 0; i < steps.length; i++) {
		const step = steps[i];
		await expect(explainer.getByTestId("explainer-step")).toHaveAttribute("data-index", String(i));
		await expect(explainer.getByTestId("explainer-step")).toHaveText(step.title);
		await expect(explainer.getByTestId("explainer-text")).toHaveText(step.text);
		await expect(page.getByTestId("context-panel")).toHaveAttribute("data-explain-step", step.id);
		await expect(page.locator("[data-stage][data-explained]")).toHaveAttribute("data-stage", stageOf[i]);
		// The graph paints the step's entries (the graph is the whole session's, runs folded).
		const painted = () =>
			page
				.locator(".react-flow__node:has(.is-explain-focus)")
				.evaluateAll((els) => els.map((e) => e.getAttribute("data-id") ?? "").sort());
		const nodes = [...new Set(step.focus.map((p) => graph.nodeOf.get(p)).filter((id): id is string => !!id))].sort();
		await expect.poll(painted, { message: `painted nodes of step ${i + 1}` }).toEqual(nodes);
		if (i === steps.length - 1) await expect(explainer.getByTestId("explainer-next")).toBeDisabled();
		else if (i % 2 === 0) await explainer.getByTestId("explainer-next").click();
		else await page.keyboard.press("]");
	}
	// Another tip: the steps follow it.
	const other = parsed.leafId as string;
	await leafItem(page, other).click();
	const otherSteps = explainSteps(parsed.entries, analyzeContext(parsed.entries, other, index));
	await expect(explainer.getByTestId("explainer-text")).toHaveText(otherSteps[otherSteps.length - 1].text);
	await explainer.getByRole("button", { name: "1", exact: true }).click();
	await expect(explainer.getByTestId("explainer-text")).toHaveText(otherSteps[0].text);
	await page.keyboard.press("Escape");
	await expect(page.getByTestId("explainer")).toHaveCount(0);
	expect(errors).toEqual([]);
});
