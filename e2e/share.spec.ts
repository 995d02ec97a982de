import { readFileSync } from "node:fs";
import { type Download, expect, type Page, test } from "@playwright/test";
import { buildTreeIndex, decodeShare, getPath, MAX_SHARE_FRAGMENT_CHARS, parseSession } from "../src/core";
import { parseHash } from "../src/store/address";
import { startServer } from "../test/staticServer";
import { describeFixture, expectTips, leafItem, libraryItem, openFiles, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

const BRANCHY = "golden/branchy-legacy.jsonl";
const KEYS = "share/fake-keys.jsonl";
const KEYS_ID = "fake-keys-0001";
const SECRETS = ["AKIAIOSFODNN7EXAMPLE", "sk-ant-api03-FAKE", "ghp_FAKE0123", "alice@example.com"];

const read = (relative: string) => readFileSync(fixturePath(relative), "utf8");
const expectedLeaves = (name: string) =>
	JSON.parse(read(`golden/${name}.expected.json`)).leaves as Record<
		string,
		{ contextEntryIds: string[]; llm: unknown[] }
	>;

/** A tip that is not the file's current leaf, so selecting it is visible. */
function otherTip(relative: string): string {
	const f = describeFixture(relative);
	const tip = f.tips.find((id) => id !== f.currentLeaf);
	if (!tip) throw new Error(`${relative} has a single tip`);
	return tip;
}

const contextIds = (page: Page) =>
	page
		.getByTestId("context-panel")
		.getByTestId("context-entry")
		.evaluateAll((els) => els.map((e) => e.getAttribute("data-entry-id")));

async function selectTip(page: Page, id: string) {
	await leafItem(page, id).click();
	await expect(leafItem(page, id)).toHaveAttribute("aria-pressed", "true");
}

/** The link the share dialog offers, once it is built. */
async function shareLink(page: Page): Promise<string> {
	await page.getByTestId("share-button").click();
	const input = page.getByTestId("share-dialog").getByTestId("share-link");
	await expect(input).toBeVisible();
	return input.inputValue();
}

async function download(page: Page): Promise<{ download: Download; text: string }> {
	const [d] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-download").click()]);
	const path = await d.path();
	return { download: d, text: readFileSync(path, "utf8") };
}

/** The body stored in IndexedDB, read with the raw API (nothing of the app involved). */
function storedBody(page: Page, id: string): Promise<string> {
	return page.evaluate(async (key) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open("session-explorer-bodies-v1");
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const value = await new Promise<unknown>((resolve, reject) => {
			const req = db.transaction("bodies").objectStore("bodies").get(key);
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		db.close();
		return value instanceof Blob ? value.text() : String(value);
	}, id);
}

test.describe("?url=", () => {
	let server: Awaited<ReturnType<typeof startServer>>;
	const branchy = read(BRANCHY);
	test.beforeAll(async () => {
		server = await startServer((req, res) => {
			const cors = { "Access-Control-Allow-Origin": "*" };
			const path = req.url ?? "";
			if (path === "/cors/branchy-legacy.jsonl") {
				res.writeHead(200, { ...cors, "content-type": "application/jsonl" });
				res.end(branchy);
			} else if (path === "/nocors/branchy-legacy.jsonl") {
				res.writeHead(200, { "content-type": "application/jsonl" });
				res.end(branchy);
			} else if (path === "/slow/branchy-legacy.jsonl") {
				// Four pieces, a pause between them: the download's progress shows.
				const bytes = Buffer.from(branchy);
				res.writeHead(200, { ...cors, "content-type": "application/jsonl", "content-length": bytes.length });
				const piece = Math.ceil(bytes.length / 4);
				let i = 0;
				const next = () => {
					res.write(bytes.subarray(i * piece, (i + 1) * piece));
					i++;
					if (i < 4) setTimeout(next, 400);
					else res.end();
				};
				next();
			} else {
				res.writeHead(404, cors);
				res.end("not here");
			}
		});
	});
	test.afterAll(() => server.close());

	test("loads a session a server allows (CORS), opens it not saved with its URL, honours #leaf= and stores it when asked", async ({
		page,
	}) => {
		const errors = watchErrors(page);
		const f = describeFixture(BRANCHY);
		const tip = otherTip(BRANCHY);
		const url = `${server.origin}/slow/branchy-legacy.jsonl`;
		await page.goto(`./?url=${encodeURIComponent(url)}#leaf=${tip}`);
		const progress = page.getByTestId("load-progress");
		await expect(progress).toContainText("Downloading");
		await expect(progress).toContainText(url);
		await expectTips(page, f.tips);
		await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
		// Nothing from a link is stored unasked: it is open, listed as not saved.
		const unsaved = page.locator(`[data-testid=library-unsaved-item][data-session-id="${f.id}"]`);
		await expect(unsaved).toHaveAttribute("aria-current", "true");
		await expect(page.getByTestId("library-item")).toHaveCount(0);
		await expect(page.getByTestId("open-session")).toContainText("branchy-legacy.jsonl");
		await expect(page.getByTestId("context-panel")).toHaveAttribute(
			"data-count",
			new RegExp(`^${expectedLeaves("branchy-legacy")[tip].contextEntryIds.length},`),
		);
		// The address keeps ?url= (a reload fetches it again) and gains the view.
		expect(new URL(page.url()).searchParams.get("url")).toBe(url);
		await expect.poll(() => parseHash(new URL(page.url()).hash)).toEqual({ leaf: tip });
		// A reload fetches it again and still stores nothing.
		await page.reload();
		await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
		await expect(unsaved).toBeVisible();
		await expect(page.getByTestId("library-item")).toHaveCount(0);
		// Saved when asked: a library session with its URL, which the address then names.
		await page.getByTestId("library-unsaved-save").click();
		await expect(libraryItem(page, f.id)).toHaveAttribute("aria-current", "true");
		await expect(page.getByTestId("library-unsaved-item")).toHaveCount(0);
		await expect.poll(() => parseHash(new URL(page.url()).hash)).toEqual({ leaf: tip, session: f.id });

		// The share button links to the URL, not to a copy.
		const link = new URL(await shareLink(page));
		await expect(page.getByTestId("share-link")).toHaveAttribute("data-from", "url");
		expect(link.searchParams.get("url")).toBe(url);
		expect(parseHash(link.hash)).toEqual({ leaf: tip });
		await page.keyboard.press("Escape");

		// Once another session is open, ?url= leaves the address (a reload must not bring it back).
		await openFiles(page, KEYS);
		await expect(page.getByTestId("open-session")).toContainText("fake-keys.jsonl");
		await expect.poll(() => new URL(page.url()).search).toBe("");
		// The address names the session once it is stored (just after it shows).
		await expect.poll(() => parseHash(new URL(page.url()).hash)).toMatchObject({ session: KEYS_ID });
		expect(errors).toEqual([]);
	});

	test("a server without CORS, a 404 and a non-http URL each get a clear load error", async ({ page }) => {
		const nocors = `${server.origin}/nocors/branchy-legacy.jsonl`;
		await page.goto(`./?url=${encodeURIComponent(nocors)}#leaf=abc`);
		const error = page.getByTestId("load-error");
		await expect(error).toContainText(nocors);
		await expect(error).toContainText("did not allow this page to read it (CORS");
		await expect(page.getByTestId("library-item")).toHaveCount(0);
		await expect(page.getByTestId("link-error")).toHaveCount(0);

		const missing = `${server.origin}/cors/nothing.jsonl`;
		await page.goto(`./?url=${encodeURIComponent(missing)}`);
		await expect(page.getByTestId("load-error")).toContainText(`${missing}: HTTP 404 Not Found`);

		await page.goto("./?url=javascript:alert(1)");
		await expect(page.getByTestId("load-error")).toContainText("only http and https URLs");

		// The page still works.
		await openFiles(page, BRANCHY);
		await expectTips(page, describeFixture(BRANCHY).tips);
	});
});

test("a share link carries a local session: a fresh browser opens the same session at the same leaf", async ({
	page,
	browser,
	context,
}) => {
	await context.grantPermissions(["clipboard-read", "clipboard-write"]);
	const f = describeFixture(BRANCHY);
	const tip = otherTip(BRANCHY);
	const expected = expectedLeaves("branchy-legacy")[tip].contextEntryIds;
	await page.goto("./");
	await openFiles(page, BRANCHY);
	await selectTip(page, tip);
	await expect.poll(() => contextIds(page)).toEqual(expected);

	const link = await shareLink(page);
	await expect(page.getByTestId("share-link")).toHaveAttribute("data-from", "fragment");
	await expect(page.getByTestId("secrets-none")).toBeVisible();
	const parts = parseHash(new URL(link).hash);
	expect(parts).toMatchObject({ name: "branchy-legacy.jsonl", leaf: tip });
	expect(new URL(link).hash.length).toBeLessThanOrEqual(MAX_SHARE_FRAGMENT_CHARS + 1);
	expect(await decodeShare(parts.share as string)).toBe(read(BRANCHY));
	await page.getByTestId("share-copy").click();
	await expect(page.getByTestId("share-copied")).toHaveText("Copied to the clipboard.");
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

	const fresh = await browser.newContext();
	try {
		const other = await fresh.newPage();
		const errors = watchErrors(other);
		await other.goto(link);
		await expectTips(other, f.tips);
		await expect(leafItem(other, tip)).toHaveAttribute("aria-pressed", "true");
		await expect.poll(() => contextIds(other)).toEqual(expected);
		await expect(other.getByTestId("open-session")).toContainText("branchy-legacy.jsonl");
		// Opened not saved: the library is empty, the address still carries the session.
		const unsaved = other.locator(`[data-testid=library-unsaved-item][data-session-id="${f.id}"]`);
		await expect(unsaved).toHaveAttribute("aria-current", "true");
		await expect(unsaved).toHaveAttribute("data-from-link", "true");
		await expect(other.getByTestId("library-item")).toHaveCount(0);
		await expect.poll(() => parseHash(new URL(other.url()).hash)).toEqual({ ...parts, leaf: tip });
		// A reload opens it again from the link, and still stores nothing.
		await other.reload();
		await expect(leafItem(other, tip)).toHaveAttribute("aria-pressed", "true");
		await expect(unsaved).toBeVisible();
		await expect(other.getByTestId("library-item")).toHaveCount(0);
		// Save to library: now it is stored, and the address names the stored session.
		await expect(other.getByTestId("library-unsaved-save")).toHaveText("Save to library");
		await other.getByTestId("library-unsaved-save").click();
		await expect(libraryItem(other, f.id)).toHaveAttribute("aria-current", "true");
		await expect.poll(() => parseHash(new URL(other.url()).hash)).toEqual({ leaf: tip, session: f.id });
		await other.reload();
		await expect(leafItem(other, tip)).toHaveAttribute("aria-pressed", "true");
		await expect(other.getByTestId("library-item")).toHaveCount(1);
		await expect(other.getByTestId("library-unsaved-item")).toHaveCount(0);
		expect(errors).toEqual([]);
	} finally {
		await fresh.close();
	}
});

test("a session too big for a link says how big and offers the export", async ({ page }) => {
	await page.goto("./");
	await openFiles(page, "pi-mono/large-session.jsonl");
	await expect(page.getByTestId("leaf-item")).toHaveCount(1);
	await page.getByTestId("share-button").click();
	const tooBig = page.getByTestId("share-too-big");
	await expect(tooBig).toContainText("too big to share as a link: it is 951 KB");
	await expect(tooBig).toContainText(MAX_SHARE_FRAGMENT_CHARS.toLocaleString("en-US"));
	const chars = Number((await tooBig.textContent())?.match(/would need ([\d,]+) characters/)?.[1].replace(/,/g, ""));
	expect(chars).toBeGreaterThan(MAX_SHARE_FRAGMENT_CHARS);
	await expect(page.getByTestId("share-link")).toHaveCount(0);
	await page.getByTestId("share-export-instead").click();
	await expect(page.getByTestId("share-dialog")).toHaveCount(0);
	await expect(page.getByTestId("export-dialog")).toBeVisible();
	await expect(page.getByTestId("export-kind-session")).toBeChecked();
	const { download: d, text } = await download(page);
	// Its placeholders (`OPENAI_API_KEY=sk-...`) and code (`apiKey = parsed.apiKey`) are no secrets.
	expect(d.suggestedFilename()).toBe("large-session.jsonl");
	expect(text).toBe(read("pi-mono/large-session.jsonl"));
});

test("likely secrets are listed and redacted in shared and exported copies; the stored original keeps them", async ({
	page,
}) => {
	await page.goto("./");
	await openFiles(page, KEYS);
	await expect(page.getByTestId("leaf-item")).toHaveCount(2);
	const original = read(KEYS);

	// Share: the dialog lists every hit, masked; the link carries the redacted copy.
	const link = await shareLink(page);
	const dialog = page.getByTestId("share-dialog");
	const hits = dialog.getByTestId("secret-hit");
	await expect(hits).toHaveCount(4);
	expect(await hits.evaluateAll((els) => els.map((e) => `${e.dataset.kind}@${e.dataset.line}`))).toEqual([
		"aws-access-key@3",
		"email@3",
		"anthropic-key@4",
		"github-token@5",
	]);
	await expect(hits.first()).toContainText("AKIA••••••••••••LE");
	for (const secret of SECRETS) await expect(dialog).not.toContainText(secret);
	await expect(dialog.getByTestId("redact-secrets")).toBeChecked();
	const shared = await decodeShare(parseHash(new URL(link).hash).share as string);
	for (const secret of SECRETS) expect(shared).not.toContain(secret);
	for (const kind of ["aws-access-key", "email", "anthropic-key", "github-token"]) {
		expect(shared).toContain(`[REDACTED:${kind}]`);
	}
	// Unticked, the link carries the original.
	await dialog.getByTestId("redact-secrets").uncheck();
	await expect.poll(async () => (await dialog.getByTestId("share-link").inputValue()) !== link).toBe(true);
	const unredacted = await dialog.getByTestId("share-link").inputValue();
	expect(await decodeShare(parseHash(new URL(unredacted).hash).share as string)).toBe(original);
	await page.keyboard.press("Escape");
	await expect(dialog).toHaveCount(0);

	// Export: redacted by default, the original bytes when unticked.
	await page.getByTestId("export-button").click();
	const exportDialog = page.getByTestId("export-dialog");
	await expect(exportDialog.getByTestId("secret-hit")).toHaveCount(4);
	await expect(exportDialog.getByTestId("redact-secrets")).toBeChecked();
	const redacted = await download(page);
	expect(redacted.download.suggestedFilename()).toBe("fake-keys.redacted.jsonl");
	for (const secret of SECRETS) expect(redacted.text).not.toContain(secret);
	expect(redacted.text).toContain("[REDACTED:github-token]");
	expect(parseSession(redacted.text).issues).toEqual([]);
	expect(parseSession(redacted.text).entries.map((e) => e.id)).toEqual(parseSession(original).entries.map((e) => e.id));
	await exportDialog.getByTestId("redact-secrets").uncheck();
	const plain = await download(page);
	expect(plain.download.suggestedFilename()).toBe("fake-keys.jsonl");
	expect(plain.text).toBe(original);

	// Nothing of that touched the stored session.
	expect(await storedBody(page, KEYS_ID)).toBe(original);
	await expect(page.getByTestId("library-item")).toHaveCount(1);
});

test("export one branch: a new session whose header names its parent and whose entries are the path", async ({
	page,
}) => {
	const parsed = parseSession(read(BRANCHY));
	const tip = otherTip(BRANCHY);
	await page.goto("./");
	await openFiles(page, BRANCHY);
	await selectTip(page, tip);
	await page.getByTestId("export-button").click();
	await page.getByTestId("export-kind-branch").check();
	await expect(page.getByTestId("export-dialog")).toContainText(`The path from the root to ${tip}`);
	const { download: d, text } = await download(page);
	expect(d.suggestedFilename()).toBe(`branchy-legacy.branch-${tip}.jsonl`);
	const [header, ...entries] = text
		.trim()
		.split("\n")
		.map((l) => JSON.parse(l));
	expect(header).toMatchObject({ type: "session", version: 3, parentSession: "branchy-legacy.jsonl" });
	expect(header.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
	expect(header.id).not.toBe(parsed.header?.id);
	const path = getPath(parsed.entries, tip).filter((e) => e.type !== "label");
	expect(entries.slice(0, path.length)).toEqual(JSON.parse(JSON.stringify(path)));
	// After the path come only the re-written labels of path entries, chained after the tip.
	const onPath = new Set(path.map((e) => e.id));
	for (const extra of entries.slice(path.length)) {
		expect(extra.type).toBe("label");
		expect(onPath.has(extra.targetId)).toBe(true);
	}
	// The export opens as a session with one tip.
	const reopened = parseSession(text);
	expect(reopened.issues.filter((i) => i.severity === "error")).toEqual([]);
	expect(buildTreeIndex(reopened.entries).leaves).toHaveLength(1);
});

test("export the provider payload of the selected leaf: pi's convertToLlm output for it", async ({ page }) => {
	const name = "mixed-formats-2";
	const leaves = expectedLeaves(name);
	const tips = describeFixture(`golden/${name}.jsonl`).tips;
	await page.goto("./");
	await openFiles(page, `golden/${name}.jsonl`);
	for (const tip of [tips[0], tips[tips.length - 1]]) {
		await selectTip(page, tip);
		await page.getByTestId("export-button").click();
		await page.getByTestId("export-kind-payload").check();
		await expect(page.getByTestId("export-dialog")).toContainText(`receives at ${tip}`);
		const { download: d, text } = await download(page);
		expect(d.suggestedFilename()).toBe(`${name}.payload-${tip}.json`);
		expect(JSON.parse(text)).toEqual(leaves[tip].llm);
		await page.getByTestId("export-dialog").getByRole("button", { name: "Close" }).click();
		await expect(page.getByTestId("export-dialog")).toHaveCount(0);
	}
});
