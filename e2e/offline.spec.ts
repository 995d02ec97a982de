import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { folderHandler, startServer } from "../test/staticServer";
import { describeFixture, expectTips, libraryItem, openFiles, watchErrors } from "./explorer";

/** The built app from a sub-folder of a plain static host, with its real service worker. */
const DIST = join(fileURLToPath(new URL(".", import.meta.url)), "..", "dist");
const MOUNT = "/apps/session-explorer/";
const BRANCHY = "golden/branchy-legacy.jsonl";

test.use({ serviceWorkers: "allow" });

test("installed once from a sub-folder, the app and its library open with the host gone", async ({ page }) => {
	const errors = watchErrors(page);
	const host = await startServer(folderHandler(DIST, MOUNT));
	const app = `${host.origin}${MOUNT}`;
	try {
		await page.goto(app);
		await expect(page.getByRole("heading", { name: "Session Explorer" })).toBeVisible();

		// Installable: a manifest whose start and scope are the app's own folder.
		const manifest = await page.evaluate(async () => {
			const link = document.querySelector<HTMLLinkElement>("link[rel=manifest]");
			if (!link) return null;
			const r = await fetch(link.href);
			return { url: r.url, body: (await r.json()) as { start_url: string; scope: string; name: string } };
		});
		expect(manifest?.url).toBe(`${app}manifest.webmanifest`);
		expect(manifest?.body).toMatchObject({ name: "Session Explorer", start_url: "./", scope: "./" });

		// A session stored while online.
		await openFiles(page, BRANCHY);
		const f = describeFixture(BRANCHY);
		await expect(libraryItem(page, f.id)).toBeVisible();
		await expect(libraryItem(page, f.id)).not.toContainText("not saved");

		// The service worker is installed with the sub-folder as its scope, and controls the page after a reload.
		const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
		expect(scope).toBe(app);
		await page.reload();
		await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
	} finally {
		await host.close();
	}

	// The host is gone: the app, its workers and the library still open.
	const gone = await page.request.get(app).then(
		(r) => r.status(),
		() => "unreachable",
	);
	expect(gone).toBe("unreachable");
	await page.reload();
	await expect(page.getByRole("heading", { name: "Session Explorer" })).toBeVisible();
	const f = describeFixture(BRANCHY);
	await libraryItem(page, f.id).click();
	await expectTips(page, f.tips);
	// The inspector runs the builder (the parse worker came from the cache too).
	await expect(page.getByTestId("context-panel")).toBeVisible();
	expect(errors).toEqual([]);
});
