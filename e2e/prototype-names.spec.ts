import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { buildTreeIndex, parseSession } from "../src/core";
import { fixturePath } from "./fixtures";

/**
 * Names from a file are data, never keys that find `Object.prototype`: a session whose header id,
 * tip id, tool name and labels are `constructor`, `__proto__`, … opens, draws every panel, and
 * does so again after a reload (when it reopens from the library).
 */

const NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty"] as const;

/** branchy-legacy with the header id, the current tip's id and every tool name set to `name`. */
function hostileSession(name: string): { text: string; tip: string } {
	const lines = readFileSync(fixturePath("golden/branchy-legacy.jsonl"), "utf8").split("\n").filter(Boolean);
	const parsed = parseSession(lines.join("\n"));
	const tip = parsed.leafId as string;
	const out = lines.map((line, n) => {
		const obj = JSON.parse(line) as Record<string, unknown>;
		if (n === 0) obj.id = name;
		if (obj.id === tip) obj.id = name;
		const json = JSON.stringify(obj);
		return json.replace(/"(toolName|name|label|customType)":"[^"]*"/g, `"$1":${JSON.stringify(name)}`);
	});
	const text = `${out.join("\n")}\n`;
	// The renamed tip is still a tip (nothing hangs below it).
	const again = parseSession(text);
	const index = buildTreeIndex(again.entries);
	expect(index.leaves.map((p) => again.entries[p].id)).toContain(name);
	return { text, tip: name };
}

for (const name of NAMES) {
	test(`a session named ${name} opens and reopens without a panel error`, async ({ page }) => {
		const errors: string[] = [];
		page.on("pageerror", (err) => errors.push(err.message));
		await page.goto("./");
		const { text, tip } = hostileSession(name);
		await page.getByTestId("file-input").setInputFiles({
			name: `${name}.jsonl`,
			mimeType: "application/jsonl",
			buffer: Buffer.from(text),
		});
		const item = page.locator(`[data-testid=library-item][data-session-id="${name}"]`);
		await expect(item).toBeVisible();
		await expect(page.locator(".react-flow__node").first()).toBeVisible();
		await page.locator(`[data-testid=leaf-item][data-entry-id="${tip}"]`).click();
		await expect(page.getByTestId("context-panel")).toBeVisible();
		await expect(page.getByTestId("panel-error")).toHaveCount(0);

		await page.reload();
		await expect(item).toBeVisible();
		await expect(page.locator(".react-flow__node").first()).toBeVisible();
		await expect(page.getByTestId("context-panel")).toBeVisible();
		await expect(page.getByTestId("panel-error")).toHaveCount(0);
		expect(errors).toEqual([]);
	});
}
