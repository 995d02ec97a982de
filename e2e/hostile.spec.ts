import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { buildTreeIndex, parseSession } from "../src/core";
import { fixturePath } from "./fixtures";

/**
 * Session content is untrusted. A session full of script payloads (test/hostileSession.ts) is
 * loaded and every part of the page that shows it is visited; nothing may run, open a dialog,
 * add a script, or reach beyond 127.0.0.1. The production Content-Security-Policy must be in the
 * built page and stay silent in normal use.
 */

const HOSTILE = "hostile/payloads.jsonl";

interface Watch {
	dialogs: string[];
	external: string[];
	errors: string[];
	popups: string[];
}

/** Watches the page from before its first script: dialogs, requests, errors, CSP violations. */
async function watch(page: Page): Promise<Watch> {
	const w: Watch = { dialogs: [], external: [], errors: [], popups: [] };
	page.on("dialog", (d) => {
		w.dialogs.push(`${d.type()}: ${d.message()}`);
		void d.dismiss();
	});
	page.context().on("request", (r) => {
		const url = r.url();
		const host = /^[a-z]+:\/\/([^/:]+)/i.exec(url)?.[1];
		if (!(url.startsWith("data:") || url.startsWith("blob:") || host === "127.0.0.1")) w.external.push(url);
	});
	page.on("pageerror", (err) => w.errors.push(err.message));
	page.on("popup", (p) => w.popups.push(p.url()));
	await page.addInitScript(() => {
		const win = window as unknown as { __csp: string[] };
		win.__csp = [];
		document.addEventListener("securitypolicyviolation", (e) => {
			win.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
		});
	});
	return w;
}

/**
 * From now on, records every element added to the page that could run code or load something:
 * scripts, frames, objects, base/meta, foreign links, on* attributes, and javascript:/data:text
 * URLs in href or src. Returns how many scripts the page has now (the app's own).
 */
function watchDom(page: Page): Promise<number> {
	return page.evaluate(() => {
		const win = window as unknown as { __added: string[] };
		win.__added = [];
		const DANGEROUS = new Set(["script", "iframe", "frame", "object", "embed", "base", "meta", "form", "applet"]);
		const inspect = (el: Element) => {
			const tag = el.tagName.toLowerCase();
			if (DANGEROUS.has(tag)) win.__added.push(`<${tag}>`);
			if (tag === "link" && !(el.getAttribute("href") ?? "").startsWith(location.origin)) {
				win.__added.push(`<link href=${el.getAttribute("href")}>`);
			}
			for (const attr of Array.from(el.attributes)) {
				if (/^on/i.test(attr.name)) win.__added.push(`<${tag} ${attr.name}>`);
				if (/^(href|src|xlink:href|action|formaction|data)$/i.test(attr.name)) {
					if (/^\s*(javascript|vbscript|data:text)/i.test(attr.value))
						win.__added.push(`<${tag} ${attr.name}=${attr.value}>`);
				}
			}
		};
		new MutationObserver((records) => {
			for (const r of records) {
				if (r.type === "attributes" && r.target instanceof Element) inspect(r.target);
				for (const node of Array.from(r.addedNodes)) {
					if (!(node instanceof Element)) continue;
					inspect(node);
					for (const el of Array.from(node.querySelectorAll("*"))) inspect(el);
				}
			}
		}).observe(document, { childList: true, subtree: true, attributes: true });
		return document.scripts.length;
	});
}

/** Clicks graph nodes (up to `limit`), expanding folded runs as they come. */
async function clickEveryNode(page: Page, limit = Number.POSITIVE_INFINITY): Promise<number> {
	const clicked = new Set<string>();
	const nodes = page.locator(".react-flow__node");
	for (let round = 0; round < 10 && clicked.size < limit; round++) {
		const ids = await nodes.evaluateAll((els) => els.map((e) => e.getAttribute("data-id") ?? ""));
		const fresh = ids.filter((id) => !clicked.has(id));
		if (fresh.length === 0) break;
		for (const id of fresh.slice(0, limit - clicked.size)) {
			clicked.add(id);
			// Ids are hostile too: find the node by attribute value, never through a CSS selector.
			const at = await nodes.evaluateAll((els, want) => els.findIndex((e) => e.getAttribute("data-id") === want), id);
			if (at >= 0) await nodes.nth(at).dispatchEvent("click");
		}
	}
	return clicked.size;
}

/**
 * Opens what the inspector offers to show more, up to `limit` of each kind: collapsed rows,
 * disclosure widgets (raw JSON) and JSON toggles.
 */
async function openInspectorViews(page: Page, limit = 30): Promise<void> {
	const inspector = page.locator(".inspector, [data-testid=context-panel]").first();
	// Collapsed rows and closed <details> leave their set once opened: open the first until none is left.
	for (const closed of [
		inspector.locator("button[aria-expanded=false]"),
		inspector.locator("details:not([open]) > summary"),
	]) {
		for (let i = 0; i < limit && (await closed.count()) > 0; i++) await closed.first().click();
	}
	const toggles = inspector.getByRole("button", { name: /raw|json/i });
	for (let i = 0, n = Math.min(await toggles.count(), limit); i < n; i++) await toggles.nth(i).click();
}

async function expectNothingRan(page: Page, w: Watch, scriptsBefore: number): Promise<void> {
	// onerror/onload handlers would fire asynchronously: give them a moment.
	await page.waitForTimeout(500);
	const state = await page.evaluate(() => {
		const win = window as unknown as { __pwned?: unknown; __added: string[]; __csp: string[] };
		return {
			pwned: win.__pwned,
			added: win.__added,
			csp: win.__csp,
			scripts: document.scripts.length,
			badLinks: Array.from(document.querySelectorAll("a[href]"))
				.map((a) => a.getAttribute("href") ?? "")
				.filter((href) => !/^(https?:|mailto:|#|\.\/|\?)/i.test(href.trim())),
			polluted: ({} as { polluted?: unknown }).polluted,
		};
	});
	expect(state.pwned).toBeUndefined();
	expect(state.polluted).toBeUndefined();
	expect(w.dialogs).toEqual([]);
	expect(state.scripts).toBe(scriptsBefore);
	expect(state.added).toEqual([]);
	expect(state.badLinks).toEqual([]);
	expect(w.external).toEqual([]);
	expect(w.popups).toEqual([]);
	expect(state.csp).toEqual([]);
	expect(w.errors).toEqual([]);
}

test("a session full of script payloads runs nothing, wherever it is shown", async ({ page }) => {
	test.setTimeout(180_000);
	const w = await watch(page);
	await page.goto("./");
	const scriptsBefore = await watchDom(page);
	const parsed = parseSession(readFileSync(fixturePath(HOSTILE), "utf8"));
	const tips = buildTreeIndex(parsed.entries).leaves.map((p) => parsed.entries[p].id);

	await page.getByTestId("file-input").setInputFiles(fixturePath(HOSTILE));
	const leaves = page.getByTestId("leaf-item");
	await expect(leaves).toHaveCount(tips.length);

	// Every tip, and for each what the inspector shows (raw views opened).
	for (let i = 0; i < tips.length; i++) {
		await leaves.nth(i).click();
		await expect(page.getByTestId("context-panel")).toBeVisible();
		await openInspectorViews(page, 20);
	}
	// Every node of the graph, folded runs expanded, and the inspector for each.
	expect(await clickEveryNode(page)).toBeGreaterThan(3);
	await openInspectorViews(page, 10);
	// Every diagnostic, and every entry a diagnostic mentions.
	const diagnostics = page.getByTestId("diagnostic");
	expect(await diagnostics.count()).toBe(parsed.issues.length);
	for (let i = 0; i < parsed.issues.length; i++) {
		const jump = diagnostics.nth(i).locator("button");
		for (let k = 0, n = await jump.count(); k < n; k++) await jump.nth(k).click();
	}
	await page.getByTestId("library-item").first().click();

	await expectNothingRan(page, w, scriptsBefore);
	// The payloads were there to see, as text.
	await expect(page.getByTestId("diagnostics")).toContainText('Unknown entry type "<script>window.__pwned=');
	await expect(page.getByTestId("library")).toContainText("session name:");
});

test("the built page carries the Content-Security-Policy", async ({ page }) => {
	const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "index.html"), "utf8");
	const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
	expect(meta, "dist/index.html has a CSP meta").not.toBeNull();
	const policy = (meta?.[1] ?? "").replace(/&#39;/g, "'");
	const directive = (name: string) =>
		policy
			.split(";")
			.find((d) => d.trim().startsWith(`${name} `))
			?.trim() ?? "";
	expect(directive("default-src")).toBe("default-src 'none'");
	expect(directive("script-src")).toBe("script-src 'self'");
	expect(directive("object-src")).toBe("object-src 'none'");
	expect(directive("base-uri")).toBe("base-uri 'none'");
	expect(directive("img-src")).not.toMatch(/https?:/);

	await page.goto("./");
	const served = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
	expect(served).toBe(policy);
});

test("normal use raises no Content-Security-Policy violation and no outside request", async ({ page }) => {
	test.setTimeout(120_000);
	const w = await watch(page);
	await page.goto("./");
	const scriptsBefore = await watchDom(page);
	await page
		.getByTestId("file-input")
		.setInputFiles([
			fixturePath("golden/compaction-heavy.jsonl"),
			fixturePath("pi-mono/before-compaction.jsonl"),
			fixturePath("golden/mixed-formats.jsonl"),
		]);
	await expect(page.getByTestId("library-item")).toHaveCount(3);
	const leaves = page.getByTestId("leaf-item");
	await expect(leaves.first()).toBeVisible();
	for (let i = 0, n = Math.min(await leaves.count(), 8); i < n; i++) await leaves.nth(i).click();
	await clickEveryNode(page, 25);
	await openInspectorViews(page, 10);
	const jumps = page.locator("[data-testid=diagnostic] button");
	for (let i = 0, n = Math.min(await jumps.count(), 10); i < n; i++) await jumps.nth(i).click();
	const items = page.getByTestId("library-item");
	for (let i = 0; i < 3; i++) {
		await items.nth(i).click();
		await expect(leaves.first()).toBeVisible();
	}
	await expectNothingRan(page, w, scriptsBefore);

	// The listener works and the policy is enforced: an inline script is refused and reported.
	const ran = await page.evaluate(() => {
		const script = document.createElement("script");
		script.textContent = "window.__inline = 'ran'";
		document.head.append(script);
		return (window as unknown as { __inline?: string }).__inline ?? "refused";
	});
	expect(ran).toBe("refused");
	await expect
		.poll(() => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))
		.toEqual([expect.stringMatching(/^script-src-elem inline/)]);
});
