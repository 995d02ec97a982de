import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { buildContextEntries, buildSessionContext, convertToLlm, providerPayload, sessionTips } from "../src/core";
import { describeFixture, expectTips, leafItem, libraryItem, openFiles, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";
import { clearOpfs, pickFromOpfs, writeOpfs } from "./opfs";

const CLAUDE = "agents/claude-code.jsonl";
const CODEX = "agents/codex.jsonl";
const CLAUDE_ID = "7f3c2a10-0000-4000-8000-000000000001";
const PROJECT_ID = "5b0d9e44-0000-4000-8000-000000000002";
const CODEX_ID = "019a0000-1111-7222-8333-444455556666";
const FORK_ID = "019a0000-9999-7222-8333-444455556666";

const contextIds = (page: Page) =>
	page
		.getByTestId("context-panel")
		.locator("[data-testid=context-entry]")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));

/** What core builds for a tip: the inspector's two totals and its entries. */
function expected(relative: string, leafId: string) {
	const { parsed } = describeFixture(relative);
	const entries = buildContextEntries(parsed.entries, leafId).map((e) => e.id);
	const messages = convertToLlm(buildSessionContext(parsed.entries, leafId).messages);
	return { entries, count: `${entries.length},${messages.length}`, payload: providerPayload(parsed, leafId) };
}

/** The payload export of the selected tip, parsed. */
async function exportedPayload(page: Page): Promise<unknown> {
	await page.getByTestId("export-button").click();
	await page.getByTestId("export-kind-payload").check();
	const downloading = page.waitForEvent("download");
	await page.getByTestId("export-download").click();
	const download = await downloading;
	const text = readFileSync(await download.path(), "utf8");
	await page.keyboard.press("Escape");
	return JSON.parse(text);
}

test("a Claude Code transcript opens through the file input: its version, real branches only, each tip's context and request", async ({
	page,
}) => {
	const errors = watchErrors(page);
	const { parsed } = describeFixture(CLAUDE);
	await page.goto("./");
	await openFiles(page, CLAUDE);
	await expect(page.getByTestId("session-header-dialect")).toHaveText("Claude Code 2.1.17 session");
	await expect(page.getByTestId("session-header")).toContainText("Parser fixes");
	// Parallel calls, hooks and timings do not fork: the tips are the regenerated reply, the API
	// error after the other reply, and the edited prompt's line.
	await expectTips(page, sessionTips(parsed));
	expect(sessionTips(parsed)).toEqual(["D1", "X1", "G2"]);
	await expect(page.locator("[data-testid=diagnostic][data-severity=error]")).toHaveCount(0);
	await expect(page.locator("[data-testid=diagnostic][data-severity=warning]")).toHaveCount(0);
	await expect(page.getByTestId("lab-button")).toBeDisabled();
	// The compaction is a node on the path.
	await expect(page.locator('.react-flow__node[data-id="K1"]')).toBeAttached();
	const panel = page.getByTestId("context-panel");
	const atLeaf = expected(CLAUDE, "G2");
	await expect(panel).toHaveAttribute("data-count", atLeaf.count);
	expect(await contextIds(page)).toEqual(atLeaf.entries);
	// Another tip: the response's lines are one assistant message in the request.
	await leafItem(page, "X1").click();
	const atError = expected(CLAUDE, "X1");
	await expect(panel).toHaveAttribute("data-count", atError.count);
	expect(await exportedPayload(page)).toEqual(atError.payload);
	// The part of the request the file does not hold is said, not guessed.
	await expect(page.getByTestId("context-composition")).toBeVisible();
	await expect(panel).toContainText("not in the file");
	// The explainer tells Claude Code's own rule.
	await page.getByTestId("explain-button").click();
	const explainer = page.getByTestId("explainer");
	await expect(explainer).toContainText("How Claude Code builds the context");
	await expect(explainer).toContainText(
		"a response's lines, its parallel results and the hooks between turns are one chain",
	);
	expect(errors).toEqual([]);
});

test("a Codex rollout opens through the file input: its replayed history, a rollback as a branch, and the request", async ({
	page,
}) => {
	const errors = watchErrors(page);
	const { parsed } = describeFixture(CODEX);
	await page.goto("./");
	await openFiles(page, CODEX);
	await expect(page.getByTestId("session-header-dialect")).toHaveText("Codex 0.118.0 session");
	await expectTips(page, sessionTips(parsed));
	await expect(page.locator("[data-testid=diagnostic][data-severity=error]")).toHaveCount(0);
	const panel = page.getByTestId("context-panel");
	const atLeaf = expected(CODEX, parsed.leafId ?? "");
	await expect(panel).toHaveAttribute("data-count", atLeaf.count);
	expect(await contextIds(page)).toEqual(atLeaf.entries);
	const payload = await exportedPayload(page);
	expect(payload).toEqual(atLeaf.payload);
	expect(payload).toMatchObject({
		api: "openai-responses",
		instructions: "You are Codex, a coding agent. Be concise.",
	});
	// The rolled-back turn's tip: its open call answered "aborted".
	await leafItem(page, "L22").click();
	await expect(panel).toHaveAttribute("data-count", expected(CODEX, "L22").count);
	await expect(panel).toContainText("gpt-5.4-mini");
	expect(errors).toEqual([]);
});

test("a folder import finds Claude Code projects with their subagents and Codex's dated folders; each stays after a reload", async ({
	page,
}) => {
	const errors = watchErrors(page);
	await page.goto("./");
	await page.getByTestId("folder-input").setInputFiles(fixturePath("agents"));
	await expect(page.getByTestId("import-batch")).toHaveAttribute("data-running", "false");
	// Six files; the Codex rollout is there twice (the same thread: read once).
	await expect(page.getByTestId("import-result")).toHaveCount(6);
	await expect(page.locator("[data-testid=import-result][data-status=imported]")).toHaveCount(5);
	const subagent = `${PROJECT_ID}:agent-a1f00d`;
	// The subagent's own file is listed under the session whose Task call started it; a Codex
	// fork under the thread it was forked from.
	await expect(libraryItem(page, PROJECT_ID)).toHaveAttribute("data-depth", "0");
	await expect(libraryItem(page, subagent)).toHaveAttribute("data-depth", "1");
	await expect(libraryItem(page, CODEX_ID)).toHaveAttribute("data-depth", "0");
	await expect(libraryItem(page, FORK_ID)).toHaveAttribute("data-depth", "1");
	const order = await page
		.getByTestId("library-item")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-session-id")));
	expect(order.indexOf(subagent)).toBe(order.indexOf(PROJECT_ID) + 1);
	await page.reload();
	await expect(libraryItem(page, subagent)).toBeVisible();
	await libraryItem(page, subagent).click();
	await expect(page.getByTestId("session-header-dialect")).toHaveText("Claude Code 2.1.88 session");
	// The subagent's context is its own: its prompt, its call and result, its answer.
	await expect(page.getByTestId("context-panel")).toHaveAttribute("data-count", "4,4");
	await libraryItem(page, CLAUDE_ID).or(libraryItem(page, CODEX_ID)).first().click();
	await expect(page.getByTestId("context-panel")).toBeVisible();
	expect(errors).toEqual([]);
});

test("a followed Claude Code transcript and a followed Codex rollout show their new turns", async ({ page }) => {
	const errors = watchErrors(page);
	await pickFromOpfs(page);
	await page.goto("./");
	await clearOpfs(page);
	for (const [relative, more, tip] of [
		[
			CLAUDE,
			`${JSON.stringify({ parentUuid: "G2", isSidechain: false, cwd: "/work/app", sessionId: CLAUDE_ID, version: "2.1.17", type: "user", message: { role: "user", content: "Thanks, commit it" }, uuid: "U9", timestamp: "2026-11-02T10:05:00.000Z" })}\n`,
			"U9",
		],
		[
			CODEX,
			`${JSON.stringify({ timestamp: "2026-11-03T10:00:00.000Z", type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "Thanks" }] } })}\n`,
			"L41",
		],
	] as const) {
		const text = readFileSync(fixturePath(relative), "utf8");
		const name = relative.replace("agents/", "");
		await writeOpfs(page, name, text);
		await page.evaluate((file) => Reflect.set(window, "__pickFile", file), name);
		await page.getByTestId("follow-file").click();
		await expect(page.getByTestId("follow")).toHaveAttribute("data-following", "true");
		await expect(page.getByTestId("session-header-dialect")).toContainText(
			relative === CLAUDE ? "Claude Code" : "Codex",
		);
		await writeOpfs(page, name, more, true);
		await expect(leafItem(page, tip)).toBeVisible({ timeout: 5000 });
		await page.getByTestId("follow-stop").click();
	}
	expect(errors).toEqual([]);
});

for (const theme of ["light", "dark"] as const) {
	test(`a Claude Code session's views have no critical or serious axe violation (${theme})`, async ({ page }) => {
		await page.emulateMedia({ colorScheme: theme });
		await page.goto("./");
		await openFiles(page, CLAUDE);
		await expect(page.getByTestId("context-panel")).toHaveAttribute("data-count", expected(CLAUDE, "G2").count);
		// A row with notes on the chain after it is on screen.
		await leafItem(page, "X1").click();
		const marks = page.getByTestId("entry-marks").first();
		await marks.scrollIntoViewIfNeeded();
		await expect(marks).toContainText("attachment hook_success");
		const result = await new AxeBuilder({ page }).analyze();
		const serious = result.violations
			.filter((v) => v.impact === "critical" || v.impact === "serious")
			.map((v) => `${v.id}: ${v.nodes.length}× ${v.nodes[0]?.target.join(" ")}`);
		expect(serious).toEqual([]);
	});
}
