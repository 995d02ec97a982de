import { expect, type Page, test } from "@playwright/test";
import {
	analyzeContext,
	buildTreeIndex,
	convertToLlm,
	type ParsedSession,
	type SessionEntry,
	v1EntryId,
} from "../src/core";
import { examples, idsOf, openExample, parseExample } from "./examples";
import { openFiles, watchErrors } from "./explorer";

const ofType = (s: ParsedSession, type: string) => s.entries.filter((e) => e.type === type);
const field = (e: SessionEntry, name: string) => (e as unknown as Record<string, string>)[name];
const llm = (page: Page) => page.getByTestId("context-panel").getByTestId("llm-message");
const contextEntry = (page: Page, id: string) =>
	page.getByTestId("context-panel").locator(`[data-testid=context-entry][data-entry-id="${id}"]`);
const fromEntry = (page: Page, id: string) =>
	page.getByTestId("context-panel").locator(`[data-testid=llm-message][data-entry-id="${id}"]`);

test("an empty library starts on the gallery, which lists every example", async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto("./");
	const gallery = page.getByTestId("gallery");
	await expect(gallery).toBeVisible();
	await expect(gallery.getByTestId("gallery-item")).toHaveCount(examples.length);
	for (const ex of examples) {
		const card = gallery.locator(`[data-testid=gallery-item][data-file="${ex.file}"]`);
		await expect(card).toContainText(ex.title.replaceAll("`", ""));
	}
	expect(errors).toEqual([]);
});

test("the Examples button brings the gallery back over an open session, and goes back", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, "golden/small-legacy.jsonl");
	await expect(page.getByTestId("gallery")).toHaveCount(0);
	await page.getByTestId("examples-button").click();
	await expect(page.getByTestId("gallery")).toBeVisible();
	await page.getByTestId("gallery-close").click();
	await expect(page.getByTestId("gallery")).toHaveCount(0);
	await expect(page.getByTestId("graph")).toBeVisible();
});

/** Rule-specific proof for each example, computed with the core. */
const proofs: Record<string, (page: Page, s: ParsedSession) => Promise<void>> = {
	"01-no-compaction.jsonl": async (page, s) => {
		await expect(page.getByTestId("context-rule")).toHaveAttribute("data-rule", "none");
		await expect(llm(page)).toHaveCount(ofType(s, "message").length);
	},
	"02-legacy-compaction.jsonl": async (page, s) => {
		const c = ofType(s, "compaction")[0];
		const ids = await idsOf(page, "context-entry");
		expect(ids.slice(0, 2)).toEqual([c.id, field(c, "firstKeptEntryId")]);
		const kept = analyzeContext(s.entries)
			.fates.filter((f) => f.region === "kept")
			.map((f) => f.id);
		expect(ids.slice(1, 1 + kept.length)).toEqual(kept);
	},
	"03-retained-tail.jsonl": async (page, s) => {
		await expect(page.getByTestId("context-rule")).toHaveAttribute("data-rule", "retained-tail");
		const summarized = analyzeContext(s.entries).fates.filter((f) => f.region === "summarized");
		expect(summarized.length).toBeGreaterThan(0);
		const ids = await idsOf(page, "context-entry");
		expect(ids[0]).toBe(ofType(s, "compaction")[0].id);
		for (const f of summarized) expect(ids).not.toContain(f.id);
	},
	"04-two-compactions.jsonl": async (page, s) => {
		const [older, latest] = ofType(s, "compaction");
		await expect(contextEntry(page, older.id)).toHaveAttribute("data-region", "kept");
		await expect(fromEntry(page, older.id)).toHaveCount(0);
		await expect(fromEntry(page, latest.id)).toHaveCount(1);
	},
	"05-branch-summary.jsonl": async (page, s) => {
		const index = buildTreeIndex(s.entries);
		const abandoned = s.entries[index.leaves[0]].id;
		const summary = ofType(s, "branch_summary")[0];
		expect(await idsOf(page, "context-entry")).not.toContain(abandoned);
		await expect(fromEntry(page, summary.id)).toHaveAttribute("data-role", "user");
		await expect(page.getByTestId("leaf-item")).toHaveCount(2);
	},
	"06-model-in-summarized-region.jsonl": async (page, s) => {
		const a = analyzeContext(s.entries);
		const settings = page.getByTestId("context-settings");
		await expect(settings).toContainText(`${a.model?.provider}/${a.model?.modelId}`);
		await expect(settings).toContainText(a.thinkingLevel);
		const change = ofType(s, "model_change")[0];
		await expect(page.locator(`[data-testid=path-entry][data-entry-id="${change.id}"]`)).toHaveAttribute(
			"data-region",
			"summarized",
		);
	},
	"07-custom-vs-custom-message.jsonl": async (page, s) => {
		const custom = ofType(s, "custom")[0];
		const message = ofType(s, "custom_message")[0];
		await expect(contextEntry(page, custom.id)).toHaveCount(1);
		await expect(fromEntry(page, custom.id)).toHaveCount(0);
		await expect(fromEntry(page, message.id)).toHaveAttribute("data-role", "user");
	},
	"08-bash-exclusion.jsonl": async (page, s) => {
		const a = analyzeContext(s.entries);
		const messages = page.getByTestId("context-panel").getByTestId("context-message");
		await expect(messages).toHaveCount(a.messages.length);
		await expect(llm(page)).toHaveCount(a.messages.length - 1);
		expect(convertToLlm(a.messages).length).toBe(a.messages.length - 1);
	},
	"09-context-edits.jsonl": async (page, s) => {
		const [replace, omit] = ofType(s, "context_edit");
		await expect(fromEntry(page, field(omit, "targetId"))).toHaveCount(0);
		await expect(fromEntry(page, field(replace, "targetId"))).toContainText("log trimmed by a context edit");
	},
	"10-kept-entry-off-path.jsonl": async (page) => {
		const rule = page.getByTestId("context-rule");
		await expect(rule).toHaveAttribute("data-rule", "legacy-kept-missing");
		await expect(rule).toHaveAttribute("role", "alert");
		await expect(page.locator("[data-testid=context-entry][data-region=kept]")).toHaveCount(0);
	},
	"11-legacy-v1.jsonl": async (page, s) => {
		expect(s.version).toBe(1);
		await expect(page.getByTestId("open-session")).toContainText("migrated");
		const ids = await idsOf(page, "context-entry");
		expect(ids[1]).toBe(v1EntryId(4));
		for (const id of ids) expect(id).toMatch(/^\d{8}$/);
		expect(ids).toEqual(analyzeContext(s.entries).selected.map((e) => e.id));
	},
	"12-omp-clear.jsonl": async (page, s) => {
		expect(s.dialect).toBe("oh-my-pi");
		await expect(page.getByTestId("session-header-dialect")).toHaveText("oh-my-pi session, format 3");
		await expect(page.getByTestId("session-header")).toContainText("Empty-list bug, then a fresh start");
		await expect(page.getByTestId("context-rule")).toHaveAttribute("data-rule", "clear");
		await expect(llm(page)).toHaveCount(2);
	},
};

for (const ex of examples) {
	test(`example ${ex.file} opens from the gallery with its rule`, async ({ page }) => {
		const errors = watchErrors(page);
		await openExample(page, ex.file);
		const s = parseExample(ex.file);
		const lesson = page.getByTestId("lesson");
		await expect(lesson.getByTestId("lesson-rule")).toContainText(ex.rule.replaceAll("`", ""));
		await expect(lesson.getByTestId("lesson-title")).toContainText(ex.title.replaceAll("`", ""));
		// Stored like a dropped file.
		await expect(page.getByTestId("library-item")).toHaveCount(1);
		await expect(page.getByTestId("library-item")).toHaveAttribute("data-session-id", String(s.header?.id));
		// The context the core builds for the suggested (else the current) leaf.
		const a = analyzeContext(s.entries, ex.leaf);
		await expect(page.locator(".ins-header__leaf")).toHaveText(s.entries[a.leaf].id);
		await expect(page.getByTestId("context-panel")).toHaveAttribute(
			"data-count",
			`${a.selected.length},${convertToLlm(a.messages).length}`,
		);
		expect(await idsOf(page, "context-entry")).toEqual(a.selected.map((e) => e.id));
		await proofs[ex.file](page, s);
		// The lesson stays until dismissed.
		await lesson.getByTestId("lesson-dismiss").click();
		await expect(page.getByTestId("lesson")).toHaveCount(0);
		expect(errors).toEqual([]);
	});
}

test("every example has a proof", () => {
	expect(Object.keys(proofs).sort()).toEqual(examples.map((e) => e.file).sort());
});
