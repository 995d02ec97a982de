import { expect, type Page, test } from "@playwright/test";

const ts = "2026-01-01T00:00:00.000Z";
const line = (o: unknown) => JSON.stringify(o);
const HUGE = `const x = 1;\n`.repeat(3000); // 39,000 characters: over the cap, stays plain

/** A session with fenced code, a read of a TypeScript file, a huge read, and a `!` command. */
function session(): string {
	return [
		line({ type: "session", version: 3, id: "hl", timestamp: ts, cwd: "/w" }),
		line({
			type: "message",
			id: "u1",
			parentId: null,
			timestamp: ts,
			message: { role: "user", content: "Look:\n\n```ts\nconst answer: number = 42;\n```\n", timestamp: 0 },
		}),
		line({
			type: "message",
			id: "a1",
			parentId: "u1",
			timestamp: ts,
			message: {
				role: "assistant",
				content: [
					{ type: "toolCall", id: "call-read", name: "read", arguments: { path: "src/app.ts" } },
					{ type: "toolCall", id: "call-huge", name: "read", arguments: { path: "src/huge.ts" } },
				],
				timestamp: 0,
			},
		}),
		line({
			type: "message",
			id: "t1",
			parentId: "a1",
			timestamp: ts,
			message: {
				role: "toolResult",
				toolCallId: "call-read",
				toolName: "read",
				content: [{ type: "text", text: 'export function greet(name: string) {\n\treturn "hi " + name;\n}\n' }],
				isError: false,
				timestamp: 0,
			},
		}),
		line({
			type: "message",
			id: "t2",
			parentId: "t1",
			timestamp: ts,
			message: {
				role: "toolResult",
				toolCallId: "call-huge",
				toolName: "read",
				content: [{ type: "text", text: HUGE }],
				isError: false,
				timestamp: 0,
			},
		}),
		line({
			type: "message",
			id: "b1",
			parentId: "t2",
			timestamp: ts,
			message: { role: "bashExecution", command: "ls -la | grep 'src'", output: "src", exitCode: 0, timestamp: 0 },
		}),
	].join("\n");
}

async function openRow(page: Page, entryId: string) {
	const row = page.locator(`[data-testid=context-message][data-entry-id="${entryId}"]`);
	await row.locator(".ins-row__head").click();
	return row;
}

for (const theme of ["light", "dark"] as const) {
	test(`code, file reads and commands are highlighted once the highlighter loads (${theme})`, async ({
		page,
	}, testInfo) => {
		await page.emulateMedia({ colorScheme: theme });
		const scripts: string[] = [];
		page.on("request", (r) => {
			if (r.resourceType() === "script") scripts.push(r.url());
		});
		await page.goto("./");
		await expect(page.getByTestId("gallery")).toBeVisible();
		// The first screen does not load the highlighter.
		expect(scripts.some((u) => /grammars/.test(u))).toBe(false);

		await page.getByTestId("file-input").setInputFiles({
			name: "hl.jsonl",
			mimeType: "application/jsonl",
			buffer: Buffer.from(session()),
		});
		await expect(page.getByTestId("context-panel")).toBeVisible();

		const user = await openRow(page, "u1");
		const fenced = user.locator("code.hl[data-language=typescript]");
		await expect(fenced).toBeVisible();
		await expect(fenced.locator(".hljs-keyword").first()).toHaveText("const");
		await expect(fenced).toHaveText("const answer: number = 42;");
		expect(scripts.some((u) => /grammars/.test(u))).toBe(true);

		// A read's language comes from the call on the worker's path.
		const read = await openRow(page, "t1");
		await expect(read.locator("code.hl[data-language=typescript] .hljs-keyword").first()).toHaveText("export");

		// A huge output: its first lines are highlighted; "show more" reveals it a bounded slice at a
		// time, so no one piece highlighted is over the cap, and every slice joined is the whole text.
		const huge = await openRow(page, "t2");
		await expect(huge.locator("code.hl[data-language=typescript]")).toHaveCount(1);
		const more = huge.getByRole("button", { name: /Show more/ });
		for (let clicks = 0; (await more.count()) > 0; clicks++) {
			expect(clicks).toBeLessThan(40);
			await more.click();
		}
		await expect(huge.getByRole("button", { name: "Show less" })).toBeVisible();
		const slices = await huge.locator("pre.msg-mono code").allTextContents();
		expect(slices.length).toBeGreaterThan(1);
		expect(slices.join("")).toBe(HUGE);
		for (const length of await huge.locator("code.hl").evaluateAll((els) => els.map((e) => e.textContent?.length ?? 0)))
			expect(length).toBeLessThanOrEqual(5_000);

		const bash = await openRow(page, "b1");
		await expect(bash.locator(".msg-mono--command code.hl[data-language=bash]")).toBeVisible();

		// Highlighted code keeps its contrast in this theme.
		const keyword = fenced.locator(".hljs-keyword").first();
		const colour = await keyword.evaluate((el) => getComputedStyle(el).color);
		expect(colour).toBe(theme === "dark" ? "rgb(255, 123, 114)" : "rgb(180, 35, 43)");
		await read.scrollIntoViewIfNeeded();
		await page.screenshot({ path: testInfo.outputPath(`highlight-${theme}.png`) });
	});
}
