import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
	analyzeContext,
	buildTreeIndex,
	convertToLlm,
	decodeShare,
	exportBranch,
	formatBytes,
	MAX_SHARE_FRAGMENT_CHARS,
	parseSession,
	type SessionIssue,
	scanSecrets,
	serializeSession,
} from "../src/core";
import { parseHash } from "../src/store/address";
import { startServer } from "../test/staticServer";
import { describeFixture, leafItem, openFiles, watchErrors } from "./explorer";
import { fixturePath } from "./fixtures";

/**
 * Export and Diagnostics of an opened file (the worker holds the file, the page only what it
 * draws; see `reader.spec.ts`): the worker makes the exports and runs the checks, and
 * both come out as core makes them of the file parsed in Node.
 */

/** What the Diagnostics panel lists: every issue's severity, code, line, entry and message. */
async function listedIssues(page: Page): Promise<string[]> {
	const panel = page.getByTestId("diagnostics");
	// Every page of every group shown.
	for (;;) {
		const more = panel.getByTestId("diagnostics-more");
		if ((await more.count()) === 0) break;
		await more.first().click();
	}
	return panel
		.getByTestId("diagnostic")
		.evaluateAll((els) =>
			els.map((e) =>
				[
					e.getAttribute("data-severity"),
					e.getAttribute("data-code"),
					e.getAttribute("data-line"),
					e.getAttribute("data-entry-id"),
					e.querySelector(".diagnostic__message")?.textContent,
				].join(" | "),
			),
		);
}

const SEVERITY_ORDER = ["error", "warning", "info"];

/**
 * Core's issues as the panel lists them: most severe first, then by line (file-wide issues first),
 * in core's order otherwise; each as `listedIssues` reads a row.
 */
function issueRows(issues: readonly SessionIssue[]): string[] {
	return issues
		.map((issue, i) => ({ issue, i }))
		.sort(
			(x, y) =>
				SEVERITY_ORDER.indexOf(x.issue.severity) - SEVERITY_ORDER.indexOf(y.issue.severity) ||
				(x.issue.line ?? 0) - (y.issue.line ?? 0) ||
				x.i - y.i,
		)
		.map(({ issue }) => [issue.severity, issue.code, issue.line ?? "", issue.entryId ?? "", issue.message].join(" | "));
}

/**
 * A row without the words of the engine's JSON parser that a malformed line's message quotes
 * (Node and the browser word it differently); what the app says around them stays.
 */
const parserWordsDropped = (row: string) => row.replace(/ \| Malformed JSON: .*$/, " | Malformed JSON: …");

/** Downloads the export of `kind` at the selected leaf; the file's text. */
async function exportText(page: Page, kind: "session" | "branch" | "payload"): Promise<string> {
	await page.getByTestId("export-button").click();
	const dialog = page.getByTestId("export-dialog");
	await dialog.getByTestId(`export-kind-${kind}`).check();
	const button = dialog.getByTestId("export-download");
	await expect(button).toBeVisible();
	const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
	const text = readFileSync(await download.path(), "utf8");
	await page.keyboard.press("Escape");
	await expect(dialog).toHaveCount(0);
	return text;
}

/**
 * A branch export's lines with its label entries' ids (random, made fresh for each export) named
 * by their order instead, in their own ids and in the parent ids that point at them.
 */
function labelIdsNamed(text: string): string[] {
	const lines = text.split("\n");
	expect(lines.pop()).toBe("");
	const named = new Map<string, string>();
	return lines.map((line) => {
		const value = JSON.parse(line) as Record<string, unknown>;
		if (value.type !== "label") return line;
		named.set(String(value.id), `label-${named.size}`);
		value.id = named.get(String(value.id));
		value.parentId = named.get(String(value.parentId)) ?? value.parentId;
		return JSON.stringify(value);
	});
}

for (const file of ["bad/mixed.jsonl", "golden/compaction-heavy.jsonl", "pi-mono/before-compaction.jsonl"]) {
	test(`${file}: the Diagnostics panel lists core's issues, once the worker checked it`, async ({ page }) => {
		const issues = parseSession(readFileSync(fixturePath(file), "utf8")).issues;
		expect(issues.length).toBeGreaterThan(0);
		const errors = watchErrors(page);
		await page.goto("./");
		await openFiles(page, file);
		await expect(page.getByTestId("diagnostics-checks")).toHaveAttribute("data-state", "done");
		await expect(page.getByTestId("diagnostics")).toHaveAttribute("data-count", String(issues.length));
		expect((await listedIssues(page)).map(parserWordsDropped)).toEqual(issueRows(issues).map(parserWordsDropped));
		// An issue's entry is one click away.
		const jump = page.locator("[data-testid=diagnostic] .diagnostic__main--jump").first();
		const target = await jump.locator("xpath=..").getAttribute("data-entry-id");
		await jump.click();
		await expect(page.locator(`[data-testid=diagnostic][data-entry-id="${target}"]`).first()).toHaveClass(/is-active/);
		expect(errors).toEqual([]);
	});
}

for (const file of ["golden/compaction-heavy.jsonl", "pi-mono/large-session.jsonl"]) {
	test(`${file}: session, branch and payload exports are core's`, async ({ page }) => {
		const text = readFileSync(fixturePath(file), "utf8");
		const f = describeFixture(file);
		const tip = f.tips.find((id) => id !== f.currentLeaf) ?? (f.currentLeaf as string);
		const index = buildTreeIndex(f.parsed.entries);
		const payload = `${JSON.stringify(convertToLlm(analyzeContext(f.parsed.entries, tip, index).messages), null, 2)}\n`;
		// Nothing to redact: the downloads are the exports as made.
		expect(scanSecrets(text)).toEqual([]);
		expect(scanSecrets(payload)).toEqual([]);

		const errors = watchErrors(page);
		await page.goto("./");
		await openFiles(page, file);
		await expect(page.getByTestId("export-button")).toBeEnabled();

		// The link to the session: the golden is small enough to travel inside it (the file exported
		// by its worker, read back whole); the other one is too large, and says so.
		await page.getByTestId("share-button").click();
		const dialog = page.getByTestId("share-dialog");
		const link = dialog.getByTestId("share-link");
		const tooBig = dialog.getByTestId("share-too-big");
		await expect(link.or(tooBig)).toBeVisible();
		if (file.startsWith("golden/")) {
			const parts = parseHash(new URL(await link.inputValue()).hash);
			expect(parts.name).toBe(basename(file));
			expect(await decodeShare(parts.share as string)).toBe(text);
		} else {
			await expect(tooBig).toContainText(
				`it is ${formatBytes(Buffer.byteLength(text))}, and even compressed the link would need`,
			);
			const needed = /would need ([\d,]+) characters/.exec((await tooBig.textContent()) ?? "")?.[1] ?? "0";
			expect(Number(needed.replace(/,/g, ""))).toBeGreaterThan(MAX_SHARE_FRAGMENT_CHARS);
		}
		await page.keyboard.press("Escape");
		await expect(page.getByTestId("share-dialog")).toHaveCount(0);

		expect(await exportText(page, "session")).toBe(text);
		await leafItem(page, tip).click();

		// The branch's new header is made at export (a fresh id and time), naming the file it came
		// from; with those, core writes the same branch (labels chained after the tip).
		const branch = await exportText(page, "branch");
		const head = JSON.parse(branch.slice(0, branch.indexOf("\n"))) as Record<string, string>;
		expect(head.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
		expect(head.parentSession).toBe(basename(file));
		const want = exportBranch(f.parsed.header, f.parsed.entries, tip, {
			sessionId: head.id,
			timestamp: head.timestamp,
			parentSession: head.parentSession,
		});
		expect(labelIdsNamed(branch)).toEqual(labelIdsNamed(want));
		expect(branch.split("\n").length).toBeGreaterThan(3);

		const sent = await exportText(page, "payload");
		expect(sent).toBe(payload);
		expect(JSON.parse(sent).length).toBeGreaterThan(0);
		expect(errors).toEqual([]);
	});
}

test.describe("a session from a link (not saved)", () => {
	let server: Awaited<ReturnType<typeof startServer>>;
	test.beforeAll(async () => {
		server = await startServer((req, res) => {
			const name = (req.url ?? "").slice(1);
			const allowed = ["large-session.jsonl", "compaction-heavy.jsonl"];
			if (!allowed.includes(name)) {
				res.writeHead(404, { "Access-Control-Allow-Origin": "*" });
				res.end("not here");
				return;
			}
			const dir = name === "large-session.jsonl" ? "pi-mono" : "golden";
			res.writeHead(200, { "Access-Control-Allow-Origin": "*", "content-type": "application/jsonl" });
			res.end(readFileSync(fixturePath(`${dir}/${name}`)));
		});
	});
	test.afterAll(() => server.close());

	for (const name of ["large-session.jsonl", "compaction-heavy.jsonl"]) {
		test(`${name}: the whole session comes from the worker (an older version migrated), as core writes it`, async ({
			page,
		}) => {
			const dir = name === "large-session.jsonl" ? "pi-mono" : "golden";
			const parsed = parseSession(readFileSync(fixturePath(`${dir}/${name}`), "utf8"));
			expect(parsed.version).toBe(name === "large-session.jsonl" ? 1 : 3);
			expect(parsed.entries.length).toBeGreaterThan(100);

			const errors = watchErrors(page);
			await page.goto(`./?url=${encodeURIComponent(`${server.origin}/${name}`)}`);
			await expect(page.getByTestId("library-unsaved-item")).toHaveCount(1);
			expect(await exportText(page, "session")).toBe(serializeSession(parsed.header, parsed.entries));
			expect(errors).toEqual([]);
		});
	}
});
