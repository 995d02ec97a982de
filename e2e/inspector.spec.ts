import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { fixturePath } from "./fixtures";

interface ExpectedLeaf {
	contextEntryIds: string[];
	llm: { role: string }[];
}

function expectedFor(name: string): Record<string, ExpectedLeaf> {
	return JSON.parse(readFileSync(fixturePath(`golden/${name}.expected.json`), "utf8")).leaves;
}

async function open(page: Page, relative: string) {
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(fixturePath(relative));
	await expect(page.getByTestId("leaf-item").first()).toBeVisible();
	// Stored and listed: the progress row goes and the library row comes, which moves the tips
	// (a click meanwhile may land on the tip a row away).
	await expect(page.getByTestId("load-progress")).toHaveCount(0);
	await expect(page.getByTestId("library-item")).toHaveCount(1);
}

async function selectLeaf(page: Page, id: string) {
	await page.locator(`[data-testid=leaf-item][data-entry-id="${id}"]`).click();
	await expect(page.locator(".ins-header__leaf")).toHaveText(id);
}

const panel = (page: Page) => page.getByTestId("context-panel");

const entryIds = (page: Page) =>
	panel(page)
		.getByTestId("context-entry")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));

const llmRoles = (page: Page) =>
	panel(page)
		.getByTestId("llm-message")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-role")));

for (const name of ["small-legacy", "branchy-legacy", "mixed-formats-2", "retained-tail", "compaction-heavy"]) {
	test(`every leaf of ${name} shows pi's context entries and provider roles`, async ({ page }) => {
		const leaves = expectedFor(name);
		await open(page, `golden/${name}.jsonl`);
		const tips = await page
			.getByTestId("leaf-item")
			.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id") ?? ""));
		expect(tips.length).toBeGreaterThanOrEqual(3);
		for (const id of tips) {
			const exp = leaves[id];
			await selectLeaf(page, id);
			await expect(panel(page)).toHaveAttribute("data-count", `${exp.contextEntryIds.length},${exp.llm.length}`);
			await expect.poll(() => entryIds(page), { message: `entries of ${id}` }).toEqual(exp.contextEntryIds);
			await expect.poll(() => llmRoles(page), { message: `roles of ${id}` }).toEqual(exp.llm.map((m) => m.role));
		}
	});
}

test("a firstKeptEntryId that is not on the path is flagged as a warning", async ({ page }) => {
	await open(page, "golden/branchy-legacy.jsonl");
	await selectLeaf(page, "b673016b");
	const rule = page.getByTestId("context-rule");
	await expect(rule).toHaveAttribute("data-rule", "legacy-kept-missing");
	await expect(rule).toHaveAttribute("role", "alert");
	await expect(rule).toContainText("not on this path");
	await selectLeaf(page, "e9dc5bf4");
	await expect(page.getByTestId("context-settings")).toContainText("in the summarized region");
});

test("the payload copy button copies exactly what pi sends", async ({ page, context }) => {
	await context.grantPermissions(["clipboard-read", "clipboard-write"]);
	const exp = JSON.parse(readFileSync(fixturePath("golden/retained-tail.expected.json"), "utf8")).leaves.bdc38864;
	await open(page, "golden/retained-tail.jsonl");
	await selectLeaf(page, "bdc38864");
	await page.getByTestId("copy-payload").click();
	await expect(page.getByTestId("copy-payload")).toHaveText("Copied");
	const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
	expect(copied).toEqual(exp.llm);
	// One message: the first provider message.
	await panel(page).getByTestId("llm-message").first().getByTestId("copy-message").click();
	expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(exp.llm[0]);
});

test("an entry opens to its full rendering and raw JSON, and entry links focus their target", async ({ page }) => {
	await open(page, "golden/small-legacy.jsonl");
	await selectLeaf(page, "1283e6ec");
	const edit = panel(page).locator('[data-testid=context-entry][data-entry-id="b66afa12"]');
	await edit.locator(".ins-row__head").click();
	await expect(edit).toHaveClass(/is-focused/);
	const view = edit.getByTestId("entry-view");
	await expect(view).toContainText("edits");
	await view.getByTestId("raw-json").locator("summary").click();
	await expect(view.getByTestId("raw-json").locator("pre")).toContainText('"id": "b66afa12"');
	await expect(view.getByTestId("raw-json").locator("pre")).toContainText('"type": "context_edit"');
	await expect(view.getByTestId("raw-json").getByTestId("copy-button")).toBeVisible();
	// The edit's target: an entry link moves the focus there and opens it.
	await view.locator(".msg-facts").getByRole("button", { name: "2ca90f71" }).click();
	const target = panel(page).locator('[data-testid=context-entry][data-entry-id="2ca90f71"]');
	await expect(target).toHaveClass(/is-focused/);
	await expect(edit).not.toHaveClass(/is-focused/);
	await expect(target.getByTestId("entry-view")).toBeVisible();
	await expect(target).toBeInViewport();
});

test("hostile content renders as text, runs nothing and loads nothing remote", async ({ page }) => {
	const dialogs: string[] = [];
	const remote: string[] = [];
	const errors: string[] = [];
	page.on("dialog", (d) => {
		dialogs.push(d.message());
		void d.dismiss();
	});
	page.on("pageerror", (e) => errors.push(e.message));
	page.on("request", (r) => {
		const url = r.url();
		if (!url.startsWith("http://127.0.0.1") && !url.startsWith("data:")) remote.push(url);
	});
	await open(page, "hostile/hostile.jsonl");
	const p = panel(page);
	await expect(p).toHaveAttribute("data-count", "13,8");
	// Open every entry, every thinking block, details and raw JSON view.
	for (const head of await p.locator("[data-testid=context-entry] .ins-row__head").all()) await head.click();
	for (const head of await p.locator("[data-testid=context-message] .ins-row__head").all()) await head.click();
	for (const summary of await p.locator("details > summary").all()) await summary.click();
	const call = p.getByTestId("llm-message").getByTestId("tool-call").first();
	await call.getByRole("button", { name: "As text" }).click();
	await expect(call.locator(".msg-args")).toContainText(`<img src=x onerror="window.__pwned='args'">`);
	await page.waitForTimeout(300);

	expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
	expect(dialogs).toEqual([]);
	expect(errors).toEqual([]);
	expect(remote).toEqual([]);
	// Raw HTML and unsafe links are shown as text.
	const user = p.getByTestId("llm-message").first();
	await expect(user).toContainText("<script>window.__pwned='script'</script>");
	await expect(user).toContainText(`<img src=x onerror="window.__pwned='img'">`);
	await expect(user).toContainText("[click me](javascript:window.__pwned='js-link')");
	await expect(user).toContainText("[data link](data:text/html,");
	await expect(p.locator("script, iframe, object, embed, svg")).toHaveCount(0);
	// Only safe links, and the safe one is a real link.
	const hrefs = await p.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
	expect(hrefs.length).toBeGreaterThan(0);
	for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|mailto:)/);
	await expect(user.getByRole("link", { name: "safe link" })).toHaveAttribute("href", "https://example.com/docs");
	// Images: only the session's own raster data, decoded; SVG and URLs are refused.
	const srcs = await p.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));
	expect(srcs.length).toBeGreaterThan(0);
	for (const src of srcs) expect(src).toMatch(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/);
	const image = p.getByTestId("llm-message").getByTestId("message-image").first().locator("img");
	await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
	await expect(p.getByTestId("llm-message").getByTestId("image-blocked")).toHaveCount(2);
	await expect(p.getByTestId("llm-message").getByTestId("image-blocked").first()).toContainText("image/svg+xml");
	// Errors, bash flags and unknown entries are marked.
	await expect(p.locator(".msg-alert--error").first()).toContainText(`<b onmouseover="window.__pwned='err'">boom</b>`);
	await expect(p.getByTestId("context-message").filter({ hasText: "!! not sent" })).toHaveCount(1);
	await expect(p.locator('[data-testid=context-entry][data-entry-id="bad0000b"]')).toContainText("Unknown entry type");
	expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});

/** A linear session of `n` messages ending in a context edit of an early entry. */
function bigSession(n: number): { text: string; editId: string; targetId: string } {
	const id = (i: number) => i.toString(16).padStart(8, "0");
	const lines = [
		JSON.stringify({ type: "session", version: 3, id: "big", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" }),
	];
	for (let i = 0; i < n; i++) {
		const message =
			i % 2 === 0
				? { role: "user", content: `question ${i}`, timestamp: i }
				: {
						role: "assistant",
						content: [{ type: "text", text: `answer ${i}` }],
						provider: "p",
						model: "m",
						timestamp: i,
					};
		lines.push(
			JSON.stringify({
				type: "message",
				id: id(i),
				parentId: i ? id(i - 1) : null,
				timestamp: "2026-01-01T00:00:00.000Z",
				message,
			}),
		);
	}
	const editId = "eeeeeeee";
	lines.push(
		JSON.stringify({
			type: "context_edit",
			id: editId,
			parentId: id(n - 1),
			timestamp: "2026-01-01T00:00:00.000Z",
			targetId: id(10),
			replacement: { content: "replaced question" },
		}),
	);
	return { text: `${lines.join("\n")}\n`, editId, targetId: id(10) };
}

test("a 100k-entry path is virtualised, scrolls and focuses far entries", async ({ page }) => {
	test.setTimeout(180_000);
	const n = 100_000;
	const { text, editId, targetId } = bigSession(n);
	await page.goto("./");
	await page
		.getByTestId("file-input")
		.setInputFiles({ name: "big.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
	const p = panel(page);
	await expect(p).toHaveAttribute("data-count", `${n + 1},${n}`, { timeout: 90_000 });
	const rendered = await p.getByTestId("context-entry").count();
	expect(rendered).toBeGreaterThan(0);
	expect(rendered).toBeLessThan(300);
	expect(await p.getByTestId("llm-message").count()).toBeLessThan(300);
	// Rendered rows are a contiguous run, in order.
	const first = await entryIds(page);
	expect(first[0]).toBe("00000000");
	expect(first).toEqual(first.map((_, i) => i.toString(16).padStart(8, "0")));
	// Scroll the entries to the end: the context edit is the last row.
	const box = p.locator('[data-stage="entries"] .vlist-box');
	await box.evaluate((el) => {
		el.scrollTop = el.scrollHeight;
	});
	const edit = p.locator(`[data-testid=context-entry][data-entry-id="${editId}"]`);
	// The rows there are asked of the worker, which may still be reading the file for its checks.
	const far = { timeout: 30_000 };
	await expect(edit).toBeVisible(far);
	await expect(p.locator('[data-testid=context-entry][data-entry-id="00000000"]')).toHaveCount(0);
	// Its target is 99,990 rows up: the entry link brings it into view, open and focused. (Scrolled
	// to the end again if the list moved meanwhile: under load, the click once waited on a list
	// shown at its top.)
	await expect(async () => {
		if (!(await edit.isVisible())) await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
		await edit.locator(".ins-row__head").click({ timeout: 3_000 });
	}).toPass(far);
	await edit.getByTestId("entry-view").locator(".msg-facts").getByRole("button", { name: targetId }).click();
	const target = p.locator(`[data-testid=context-entry][data-entry-id="${targetId}"]`);
	await expect(target).toHaveClass(/is-focused/, far);
	await expect(target).toBeInViewport();
	await expect(target.getByTestId("entry-view")).toContainText("question 10", far);
	await expect(target.locator(".ins-row__line")).toContainText("1 message, edited");
});

test("a stage's long list below the panel's fold renders its first rows only until it is scrolled into view", async ({
	page,
}) => {
	const n = 2_000;
	const { text } = bigSession(n);
	await page.setViewportSize({ width: 1280, height: 720 });
	await page.goto("./");
	await page
		.getByTestId("file-input")
		.setInputFiles({ name: "long.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
	const p = panel(page);
	await expect(p).toHaveAttribute("data-count", `${n + 1},${n}`);
	const payload = p.locator('[data-stage="payload"]');
	const sent = payload.getByTestId("llm-message");
	await page.waitForTimeout(500);
	await expect(payload.locator(".vlist-box")).not.toBeInViewport();
	const first = await sent.count();
	expect(first).toBeGreaterThan(0);
	await page.waitForTimeout(300);
	expect(await sent.count()).toBe(first);
	// In view, it renders the rows around its box's visible part too. (A stage not laid out yet is
	// taken to be smaller than it is: the first scroll may land short of it, as a reader's would.)
	await expect(async () => {
		await payload.locator(".vlist-box").scrollIntoViewIfNeeded();
		await expect(sent.first()).toBeInViewport({ timeout: 1000 });
	}).toPass();
	await expect.poll(() => sent.count()).toBeGreaterThan(first);
});
