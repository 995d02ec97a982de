import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { type ExampleInfo, type ParsedSession, parseExampleIndex, parseSession } from "../src/core";

const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "examples");

/** The gallery's examples, as the shipped index lists them. */
export const examples: ExampleInfo[] = parseExampleIndex(
	JSON.parse(readFileSync(join(EXAMPLES, "index.json"), "utf8")),
);

/** What the core makes of an example file. */
export function parseExample(file: string): ParsedSession {
	return parseSession(readFileSync(join(EXAMPLES, file), "utf8"));
}

/** Opens an example from the gallery of a fresh page and waits for its context. */
export async function openExample(page: Page, file: string): Promise<void> {
	await page.goto("./");
	await page.locator(`[data-testid=gallery-item][data-file="${file}"]`).click();
	await expect(page.getByTestId("context-panel")).toBeVisible();
	await expect(page.getByTestId("open-session")).toContainText(file);
}

/** The ids of the rows matching `selector` inside the context panel, in order. */
export function idsOf(page: Page, testId: string): Promise<string[]> {
	return page
		.getByTestId("context-panel")
		.getByTestId(testId)
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id") ?? ""));
}
