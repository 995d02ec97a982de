import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { folderHandler, startServer } from "../test/staticServer";
import { describeFixture, expectTips, leafItem, openFiles, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

/**
 * The built `dist/` as a static host serves it from a sub-folder (a GitHub Pages project site),
 * with sessions on two other origins: one that allows reading by CORS and one that does not.
 */
const DIST = join(fileURLToPath(new URL(".", import.meta.url)), "..", "dist");
const MOUNT = "/some/sub/folder/";
const BRANCHY = "golden/branchy-legacy.jsonl";

// With its real service worker: installing it from the sub-folder must not break a thing.
test.use({ serviceWorkers: "allow" });

let host: Awaited<ReturnType<typeof startServer>>;
let open: Awaited<ReturnType<typeof startServer>>;
let closed: Awaited<ReturnType<typeof startServer>>;

test.beforeAll(async () => {
	host = await startServer(folderHandler(DIST, MOUNT));
	const body = readFileSync(fixturePath(BRANCHY));
	open = await startServer((req, res) => {
		if (req.url !== "/sessions/branchy-legacy.jsonl") {
			res.writeHead(404, { "Access-Control-Allow-Origin": "*" });
			res.end();
			return;
		}
		res.writeHead(200, { "Access-Control-Allow-Origin": "*", "content-type": "application/jsonl" });
		res.end(body);
	});
	closed = await startServer((_req, res) => {
		res.writeHead(200, { "content-type": "application/jsonl" });
		res.end(body);
	});
});

test.afterAll(async () => {
	await Promise.all([host.close(), open.close(), closed.close()]);
});

test("dist/ works unchanged from a sub-folder: assets, worker, examples, ?url= with and without CORS", async ({
	page,
}) => {
	const errors = watchErrors(page);
	const failed: string[] = [];
	page.on("response", (r) => {
		if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
	});
	page.on("requestfailed", (r) => {
		// Requests still in flight when the test moves to another address are aborted, not broken.
		if (r.failure()?.errorText === "net::ERR_ABORTED") return;
		if (new URL(r.url()).origin === host.origin) failed.push(`failed ${r.url()} (${r.failure()?.errorText})`);
	});
	const app = `${host.origin}${MOUNT}`;

	// The app and every asset load from the sub-folder.
	await page.goto(app);
	await expect(page.getByRole("heading", { name: "Session Explorer" })).toBeVisible();

	// The parse worker is a real worker, loaded from the sub-folder (started with the page).
	const parseWorker = new RegExp(`^${host.origin}${MOUNT}assets/parse\\.worker-[\\w-]+\\.js$`);
	await expect.poll(() => page.workers().some((w) => parseWorker.test(w.url()))).toBe(true);
	await openFiles(page, BRANCHY);
	const f = describeFixture(BRANCHY);
	await expectTips(page, f.tips);

	// Examples resolve relative to the sub-folder.
	const examples = await page.evaluate(async () => {
		const r = await fetch("examples/index.json");
		return { url: r.url, status: r.status, count: ((await r.json()) as { examples: unknown[] }).examples.length };
	});
	expect(examples).toMatchObject({ url: `${app}examples/index.json`, status: 200 });
	expect(examples.count).toBeGreaterThan(0);

	// ?url= on another origin that allows it, with #leaf=.
	const tip = f.tips.find((id) => id !== f.currentLeaf) as string;
	const url = `${open.origin}/sessions/branchy-legacy.jsonl`;
	await page.goto(`${app}?url=${encodeURIComponent(url)}#leaf=${tip}`);
	await expect(leafItem(page, tip)).toHaveAttribute("aria-pressed", "true");
	await expect(page.getByTestId("load-error")).toHaveCount(0);
	expect(new URL(page.url()).pathname).toBe(MOUNT);

	// A relative ?url= resolves against the sub-folder.
	const index = JSON.parse(readFileSync(join(DIST, "examples", "index.json"), "utf8")) as {
		examples: { file: string }[];
	};
	const example = index.examples[0].file;
	await page.goto(`${app}?url=examples/${example}`);
	await expect(page.getByTestId("open-session")).toContainText(example);
	await expect(page.getByTestId("load-error")).toHaveCount(0);

	expect(failed).toEqual([]);

	// ?url= on an origin that does not allow it: a clear error, nothing else breaks.
	const blocked = `${closed.origin}/sessions/branchy-legacy.jsonl`;
	await page.goto(`${app}?url=${encodeURIComponent(blocked)}`);
	await expect(page.getByTestId("load-error")).toContainText(blocked);
	await expect(page.getByTestId("load-error")).toContainText("CORS");
	expect(errors).toEqual([]);
});
