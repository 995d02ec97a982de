import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test, type Worker } from "@playwright/test";
import { buildTreeIndex, type ParsedSession } from "../src/core";
import { readSessionBlob } from "../src/workers/readSession";
import { BAD_INPUTS, type BadInput, GOOD_ID, GOOD_NAME } from "../test/badInputs";
import { fixturePath } from "./fixtures";

/**
 * Every kind of bad file, through the real file input, each beside a good session in the same
 * pick: the good one must load, the bad one must either load with its diagnostics or fail with
 * a load error that names it and says why, and the page must never throw.
 */

let dir: string;
test.beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), "session-explorer-bad-"));
});
test.afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

/** The input as a file on disk: the committed fixture, or made now for the big ones. */
function pathOf(input: BadInput): string {
	if (!input.big) return fixturePath(`bad/${input.name}`);
	const path = join(dir, input.name);
	writeFileSync(path, input.bytes());
	return path;
}

function tipsOf(parsed: ParsedSession): string[] {
	return buildTreeIndex(parsed.entries).leaves.map((p) => parsed.entries[p].id);
}

function watchPage(page: Page): string[] {
	const problems: string[] = [];
	page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
	page.on("crash", () => problems.push("the page crashed"));
	return problems;
}

const libraryItem = (page: Page, id: string) => page.locator(`[data-testid=library-item][data-session-id="${id}"]`);
const leafItems = (page: Page) => page.getByTestId("leaf-item");

async function expectTips(page: Page, tips: string[]) {
	await expect(leafItems(page)).toHaveCount(tips.length, { timeout: 20_000 });
	const ids = await leafItems(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
	expect(ids).toEqual(tips);
}

const goodParsed = async () => (await readSessionBlob(new Blob([readFileSync(fixturePath(GOOD_NAME))]))).parsed;

for (const input of BAD_INPUTS) {
	const { outcome } = input;
	test(`${input.name} (${input.what}) beside a good session: ${outcome.opens ? "loads with diagnostics" : "a named load error"}`, async ({
		page,
	}) => {
		test.setTimeout(input.big ? 120_000 : 30_000);
		const problems = watchPage(page);
		const bytes = input.bytes();
		const path = pathOf(input);
		await page.goto("./");
		await page.getByTestId("file-input").setInputFiles([path, fixturePath(GOOD_NAME)]);

		// The good session loads, is listed, and (picked last) is open with its tips.
		await expect(libraryItem(page, GOOD_ID)).toBeVisible({ timeout: 60_000 });
		await expectTips(page, tipsOf(await goodParsed()));
		await expect(page.getByTestId("load-progress")).toHaveCount(0, { timeout: 60_000 });

		const errors = page.getByTestId("load-error");
		if (!outcome.opens) {
			await expect(errors).toHaveCount(1);
			await expect(errors.first()).toContainText(input.name);
			await expect(errors.first()).toContainText(outcome.reason);
			await expect(page.getByTestId("library-item")).toHaveCount(1);
		} else {
			await expect(errors).toHaveCount(0);
			await expect(page.getByTestId("library-item")).toHaveCount(2);
			const parsed = (await readSessionBlob(new Blob([bytes]))).parsed;
			await libraryItem(page, outcome.sessionId).click();
			await expectTips(page, tipsOf(parsed));
			const panel = page.getByTestId("diagnostics");
			await expect(panel).toBeVisible();
			// The worker checks the file in the background, after the page's first questions: a file
			// of 100,000 bad lines takes seconds on a busy machine.
			await expect(page.getByTestId("diagnostics-checks")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
			await expect(panel).toHaveAttribute("data-count", String(parsed.issues.length));
			for (const code of outcome.codes) {
				await expect(panel.locator(`[data-testid=diagnostic][data-code="${code}"]`).first()).toBeVisible();
			}
			for (const code of outcome.notCodes ?? []) {
				await expect(panel.locator(`[data-testid=diagnostic][data-code="${code}"]`)).toHaveCount(0);
			}
		}
		expect(problems).toEqual([]);
	});
}

/** The session parser's worker (the page also runs an import worker for the search index). */
function parseWorker(page: Page): Worker {
	const worker = page.workers().find((w) => w.url().includes("parse.worker"));
	if (!worker) throw new Error("no parse worker running");
	return worker;
}

test("every small bad file and a good one in one pick: each failure named, every session listed", async ({ page }) => {
	const problems = watchPage(page);
	const small = BAD_INPUTS.filter((b) => !b.big);
	await page.goto("./");
	// One pick of every file: past the batch threshold it goes through the import report, whose
	// failed rows are load errors like any other; the last good file opens.
	await page.getByTestId("file-input").setInputFiles([...small.map(pathOf), fixturePath(GOOD_NAME)]);
	await expect(libraryItem(page, GOOD_ID)).toBeVisible({ timeout: 30_000 });
	await expect(page.getByTestId("load-progress")).toHaveCount(0, { timeout: 30_000 });
	const failing = small.filter((b) => !b.outcome.opens);
	const errors = page.getByTestId("load-error");
	await expect(errors).toHaveCount(failing.length);
	for (const input of failing) {
		if (input.outcome.opens) continue;
		await expect(errors.filter({ hasText: input.name })).toContainText(input.outcome.reason);
	}
	for (const input of small) {
		if (input.outcome.opens) await expect(libraryItem(page, input.outcome.sessionId)).toHaveCount(1);
	}
	await expect(page.getByTestId("library-item")).toHaveCount(small.length - failing.length + 1);
	await expectTips(page, tipsOf(await goodParsed()));
	expect(problems).toEqual([]);
});

test("the parser dying mid-file fails that file only; the next file in the pick loads in a fresh parser", async ({
	page,
}) => {
	const problems = watchPage(page);
	await page.goto("./");
	// Start the parser with a first file, then make it end itself (as when the browser kills a
	// worker) the moment it receives crash-me.jsonl, before it can answer.
	await page.getByTestId("file-input").setInputFiles(fixturePath("bad/crlf.jsonl"));
	await expect(libraryItem(page, "bad-crlf")).toBeVisible();
	const worker = parseWorker(page);
	await worker.evaluate(() => {
		self.addEventListener("message", (e: MessageEvent) => {
			const call = e.data;
			if (call?.type === "call" && call.method === "open" && call.args?.blob?.name === "crash-me.jsonl") self.close();
		});
	});
	const closed = worker.waitForEvent("close");
	const crashMe = join(dir, "crash-me.jsonl");
	writeFileSync(crashMe, readFileSync(fixturePath("bad/bom.jsonl")));
	await page.getByTestId("file-input").setInputFiles([crashMe, fixturePath(GOOD_NAME)]);
	await closed;
	const error = page.getByTestId("load-error");
	await expect(error).toHaveCount(1);
	await expect(error).toContainText("crash-me.jsonl");
	await expect(error).toContainText(/parser stopped while reading this file/);
	await expect(libraryItem(page, GOOD_ID)).toBeVisible();
	await expectTips(page, tipsOf(await goodParsed()));
	await expect(libraryItem(page, "bad-bom")).toHaveCount(0);
	// One parser (the search index has a worker of its own).
	expect(page.workers().filter((w) => w.url().includes("parse.worker"))).toHaveLength(1);
	expect(problems).toEqual([]);
});

test("a parser that died between picks is replaced for the next one", async ({ page }) => {
	const problems = watchPage(page);
	await page.goto("./");
	await page.getByTestId("file-input").setInputFiles(fixturePath("bad/crlf.jsonl"));
	await expect(libraryItem(page, "bad-crlf")).toBeVisible();
	const worker = parseWorker(page);
	const closed = worker.waitForEvent("close");
	await worker.evaluate(() => setTimeout(() => self.close(), 0));
	await closed;
	await page.getByTestId("file-input").setInputFiles(fixturePath(GOOD_NAME));
	await expect(libraryItem(page, GOOD_ID)).toBeVisible();
	await expectTips(page, tipsOf(await goodParsed()));
	await expect(page.getByTestId("load-error")).toHaveCount(0);
	expect(problems).toEqual([]);
});
