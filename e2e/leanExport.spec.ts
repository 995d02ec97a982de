import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { parseSession } from "../src/core";
import { startServer } from "../test/staticServer";
import { describeFixture, leafItem, openFiles, openFilesLean, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

/**
 * Export and Diagnostics of a file opened lean (see `lean.spec.ts`: the page holds skeletons, the
 * worker the file): the worker makes the exports and runs the checks, and both come out as for
 * the same file opened normally. Lean from 0 MB, so small fixtures take the lean path.
 */

/** A page of a fresh context (storage of its own), opening files lean or normally. */
async function pageOf(browser: Browser, lean: boolean): Promise<Page> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await openFilesLean(page, lean);
	return page;
}

/** What the Diagnostics panel lists: every issue's code, severity, line, entry and message. */
async function listedIssues(page: Page): Promise<string[]> {
	const panel = page.getByTestId("diagnostics");
	// Every page of every group shown.
	for (;;) {
		const more = panel.getByTestId("diagnostics-more");
		if ((await more.count()) === 0) break;
		await more.first().click();
	}
	return panel
		.getByTestId("diagnostic")
		.evaluateAll((els) =>
			els.map((e) =>
				[
					e.getAttribute("data-severity"),
					e.getAttribute("data-code"),
					e.getAttribute("data-line"),
					e.getAttribute("data-entry-id"),
					e.querySelector(".diagnostic__message")?.textContent,
				].join(" | "),
			),
		);
}

/** Downloads the export of `kind` at the selected leaf; the file's text. */
async function exportText(page: Page, kind: "session" | "branch" | "payload"): Promise<string> {
	await page.getByTestId("export-button").click();
	const dialog = page.getByTestId("export-dialog");
	await dialog.getByTestId(`export-kind-${kind}`).check();
	const button = dialog.getByTestId("export-download");
	await expect(button).toBeVisible();
	const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
	const text = readFileSync(await download.path(), "utf8");
	await page.keyboard.press("Escape");
	await expect(dialog).toHaveCount(0);
	return text;
}

/**
 * A branch export without what is made fresh for each export: the new session's id and time, the
 * new label entries' ids, parents and times.
 */
function comparableBranch(text: string): unknown[] {
	const lines = text.split("\n");
	expect(lines.pop()).toBe("");
	return lines.map((line, i) => {
		const value = JSON.parse(line) as Record<string, unknown>;
		if (i === 0) return { ...value, id: "ID", timestamp: "T" };
		if (value.type === "label") return { ...value, id: "L", parentId: "P", timestamp: "T" };
		return line;
	});
}

for (const file of ["bad/mixed.jsonl", "golden/compaction-heavy.jsonl", "pi-mono/before-compaction.jsonl"]) {
	test(`${file}, opened lean: the Diagnostics panel lists the issues of a normal open, once the worker checked it`, async ({
		browser,
	}) => {
		const expected = parseSession(readFileSync(fixturePath(file), "utf8")).issues.length;
		expect(expected).toBeGreaterThan(0);
		const normal = await pageOf(browser, false);
		await normal.goto("./");
		await openFiles(normal, file);
		await expect(normal.getByTestId("diagnostics")).toHaveAttribute("data-count", String(expected));
		const want = await listedIssues(normal);

		const lean = await pageOf(browser, true);
		const errors = watchErrors(lean);
		await lean.goto("./");
		await openFiles(lean, file);
		await expect(lean.getByTestId("open-session")).toHaveAttribute("data-lean", "true");
		await expect(lean.getByTestId("diagnostics-lean")).toHaveAttribute("data-state", "done");
		await expect(lean.getByTestId("diagnostics")).toHaveAttribute("data-count", String(expected));
		expect(await listedIssues(lean)).toEqual(want);
		// An issue's entry is one click away, as in a normal open.
		const jump = lean.locator("[data-testid=diagnostic] .diagnostic__main--jump").first();
		const target = await jump.locator("xpath=..").getAttribute("data-entry-id");
		await jump.click();
		await expect(lean.locator(`[data-testid=diagnostic][data-entry-id="${target}"]`).first()).toHaveClass(/is-active/);
		expect(errors).toEqual([]);
		await normal.context().close();
		await lean.context().close();
	});
}

for (const file of ["golden/compaction-heavy.jsonl", "pi-mono/large-session.jsonl"]) {
	test(`${file}, opened lean: session, branch and payload exports are a normal open's`, async ({ browser }) => {
		const f = describeFixture(file);
		const tip = f.tips.find((id) => id !== f.currentLeaf) ?? (f.currentLeaf as string);
		const exports = async (lean: boolean) => {
			const page = await pageOf(browser, lean);
			const errors = watchErrors(page);
			await page.goto("./");
			await openFiles(page, file);
			if (lean) await expect(page.getByTestId("open-session")).toHaveAttribute("data-lean", "true");
			else await expect(page.getByTestId("open-session")).not.toHaveAttribute("data-lean", /.*/);
			await expect(page.getByTestId("export-button")).toBeEnabled();
			const out: Record<string, string> = {};
			// The link to the session (a lean one's file exported by its worker), as a normal open's.
			await page.getByTestId("share-button").click();
			const dialog = page.getByTestId("share-dialog");
			const link = dialog.getByTestId("share-link");
			const tooBig = dialog.getByTestId("share-too-big");
			await expect(link.or(tooBig)).toBeVisible();
			out.link = (await link.count()) > 0 ? await link.inputValue() : `too big: ${await tooBig.textContent()}`;
			await page.keyboard.press("Escape");
			await expect(page.getByTestId("share-dialog")).toHaveCount(0);
			out.session = await exportText(page, "session");
			await leafItem(page, tip).click();
			out.branch = await exportText(page, "branch");
			out.payload = await exportText(page, "payload");
			expect(errors).toEqual([]);
			await page.context().close();
			return out;
		};
		const normal = await exports(false);
		const lean = await exports(true);
		expect(lean.session).toBe(normal.session);
		expect(lean.session).toBe(readFileSync(fixturePath(file), "utf8"));
		expect(lean.link).toBe(normal.link);
		// The golden is small enough for a link; the other one says it is too large, alike.
		expect(lean.link).toMatch(file.startsWith("golden/") ? /#share=/ : /^too big: /);
		expect(comparableBranch(lean.branch)).toEqual(comparableBranch(normal.branch));
		expect(lean.branch.split("\n").length).toBeGreaterThan(3);
		expect(lean.payload).toBe(normal.payload);
		expect(JSON.parse(lean.payload).length).toBeGreaterThan(0);
	});
}

test.describe("a lean session from a link (not saved)", () => {
	let server: Awaited<ReturnType<typeof startServer>>;
	test.beforeAll(async () => {
		server = await startServer((req, res) => {
			const name = (req.url ?? "").slice(1);
			const allowed = ["large-session.jsonl", "compaction-heavy.jsonl"];
			if (!allowed.includes(name)) {
				res.writeHead(404, { "Access-Control-Allow-Origin": "*" });
				res.end("not here");
				return;
			}
			const dir = name === "large-session.jsonl" ? "pi-mono" : "golden";
			res.writeHead(200, { "Access-Control-Allow-Origin": "*", "content-type": "application/jsonl" });
			res.end(readFileSync(fixturePath(`${dir}/${name}`)));
		});
	});
	test.afterAll(() => server.close());

	for (const name of ["large-session.jsonl", "compaction-heavy.jsonl"]) {
		test(`${name}: the whole session comes from the worker (an older version migrated), as a normal open's`, async ({
			browser,
		}) => {
			const url = `${server.origin}/${name}`;
			const sessionOf = async (lean: boolean) => {
				const page = await pageOf(browser, lean);
				const errors = watchErrors(page);
				await page.goto(`./?url=${encodeURIComponent(url)}`);
				if (lean) await expect(page.getByTestId("open-session")).toHaveAttribute("data-lean", "true");
				else await expect(page.getByTestId("open-session")).not.toHaveAttribute("data-lean", /.*/);
				await expect(page.getByTestId("library-unsaved-item")).toHaveCount(1);
				const text = await exportText(page, "session");
				expect(errors).toEqual([]);
				await page.context().close();
				return text;
			};
			const normal = await sessionOf(false);
			const lean = await sessionOf(true);
			expect(lean).toBe(normal);
			const parsed = parseSession(lean);
			expect(parsed.version).toBe(name === "large-session.jsonl" ? 1 : 3);
			expect(parsed.entries.length).toBeGreaterThan(100);
		});
	}
});
