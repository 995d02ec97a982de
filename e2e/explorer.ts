import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { buildTreeIndex, parseSession } from "../src/core";
import { fixturePath } from "./fixtures";

/** Opens fixture files through the file picker, as a user would. */
export async function openFiles(page: Page, ...relative: string[]): Promise<void> {
	await page.getByTestId("file-input").setInputFiles(relative.map((r) => fixturePath(r)));
}

/** What the core says about a fixture: header id, tip ids (file order), every entry. */
export function describeFixture(relative: string) {
	const parsed = parseSession(readFileSync(fixturePath(relative), "utf8"));
	const index = buildTreeIndex(parsed.entries);
	return {
		id: String(parsed.header?.id),
		parsed,
		tips: index.leaves.map((p) => parsed.entries[p].id),
		currentLeaf: parsed.leafId,
	};
}

export function libraryItem(page: Page, id: string) {
	return page.locator(`[data-testid=library-item][data-session-id="${id}"]`);
}

export function leafItem(page: Page, id: string) {
	return page.locator(`[data-testid=leaf-item][data-entry-id="${id}"]`);
}

/** The leaf list shows exactly these tips. */
export async function expectTips(page: Page, tips: string[]): Promise<void> {
	await expect(page.getByTestId("leaf-item")).toHaveCount(tips.length);
	const ids = await page.getByTestId("leaf-item").evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));
	expect(ids).toEqual(tips);
}

/** The hash of the page's URL, decoded into its parts. */
export function hashParts(page: Page): Record<string, string> {
	const hash = new URL(page.url()).hash.slice(1);
	return Object.fromEntries(
		hash
			.split("&")
			.filter(Boolean)
			.map((p) => p.split("=").map(decodeURIComponent)),
	);
}

/** Collects uncaught page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on("pageerror", (err) => errors.push(err.message));
	return errors;
}
