import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { fixturePath } from "./fixtures";

/**
 * Two copies of one session continued apart (on two machines) share the session id. The library
 * keeps both, tells them apart, and keeps `#session=ID` pointing at the one stored first; a copy
 * that continues a stored one (a grown file) updates it.
 */
const text = readFileSync(fixturePath("golden/branchy-legacy.jsonl"), "utf8");
const lines = text.trimEnd().split("\n");
const laptop = `${text}${JSON.stringify({ type: "session_info", id: "info0001", parentId: JSON.parse(lines[lines.length - 1]).id, timestamp: "2026-01-02T00:00:00.000Z", name: "laptop" })}\n`;
const desktop = `${text}${JSON.stringify({ type: "session_info", id: "info0002", parentId: JSON.parse(lines[lines.length - 1]).id, timestamp: "2026-01-02T00:00:00.000Z", name: "desktop" })}\n`;
const file = (name: string, body: string) => ({ name, mimeType: "application/jsonl", buffer: Buffer.from(body) });

test("two different files with one session id are both kept and told apart; a grown one updates", async ({ page }) => {
	await page.goto("./");
	const input = page.getByTestId("file-input");
	await input.setInputFiles(file("laptop.jsonl", laptop));
	const original = page.locator('[data-testid=library-item][data-session-id="s23"]');
	await expect(original).toBeVisible();
	await input.setInputFiles(file("desktop.jsonl", desktop));
	const items = page.getByTestId("library-item");
	await expect(items).toHaveCount(2);
	const copy = page.locator('[data-testid=library-item][data-session-id^="s23~"]');
	await expect(copy).toContainText("desktop.jsonl");
	await expect(copy.getByTestId("library-item-diverged")).toContainText("diverged from laptop (laptop.jsonl)");
	await expect(original).toContainText("laptop.jsonl");
	await expect(original.getByTestId("library-item-updated")).toHaveCount(0);
	await expect(original.getByTestId("library-item-diverged")).toHaveCount(0);

	// #session=ID still opens the session stored under its id.
	await page.goto("./#session=s23");
	await expect(page.getByTestId("open-session")).toContainText("laptop");
	await expect(original).toHaveAttribute("aria-current", "true");

	// The laptop's file grew: it updates its own copy, nothing is added.
	const grown = `${laptop}${JSON.stringify({ type: "label", id: "lab00001", parentId: "info0001", timestamp: "2026-01-03T00:00:00.000Z", targetId: "info0001", label: "later" })}\n`;
	await input.setInputFiles(file("laptop.jsonl", grown));
	await expect(original.getByTestId("library-item-updated")).toBeVisible();
	await expect(items).toHaveCount(2);
});
