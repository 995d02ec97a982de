import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../../test/fixtures";
import { heldOf } from "../../../test/held";
import { buildTreeIndex, collectDiagnostics, type SessionIssue } from "../../core";
import { MAX_SESSION_BYTES, readSessionBlob } from "../readSession";
import { ChecksStopped, checkable, checkSession, uncheckedIssue } from "./checks";

/** The issues a normal open ends with: the worker's parse, then its deferred checks appended. */
async function normalIssues(blob: Blob): Promise<SessionIssue[]> {
	const { parsed } = await readSessionBlob(blob, undefined, { hash: false, diagnostics: false });
	const before = parsed.issues.length;
	const late = collectDiagnostics(parsed.entries, buildTreeIndex(parsed.entries), parsed.lines, parsed.issues.slice());
	return [...parsed.issues, ...late.slice(before)];
}

// Files with issues of every kind: the checks', the tree's, bad lines, bad bytes,
// repaired ids, an older version's migration.
const FIXTURES = [
	"golden/branchy-legacy.jsonl",
	"golden/compaction-heavy.jsonl",
	"golden/mixed-formats.jsonl",
	"golden/mixed-formats-2.jsonl",
	"golden/retained-tail.jsonl",
	"bad/mixed.jsonl",
	"bad/truncated.jsonl",
	"bad/invalid-utf8.jsonl",
	"broken/malformed-middle.jsonl",
	"hostile/payloads.jsonl",
	"pi-mono/before-compaction.jsonl",
	"pi-mono/large-session.jsonl",
];

describe.each(FIXTURES)("the checks of %s in the worker", (name) => {
	const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));

	it.each([true, false])("are the normal open's issues (bytes kept while scanning: %s)", async (keepBytes) => {
		const { held: host, preview } = heldOf(bytes, keepBytes);
		const held = await checkSession(host);
		const normal = await normalIssues(new Blob([bytes as BlobPart]));
		expect(normal.length).toBeGreaterThan(0);
		expect(held).toEqual(normal);
		// Each issue's entry is the held session's entry on the issue's line: the same position.
		const { parsed } = await readSessionBlob(new Blob([bytes as BlobPart]), undefined, { hash: false });
		const full = buildTreeIndex(parsed.entries).byId;
		const previewById = buildTreeIndex(preview.entries).byId;
		for (const issue of held) {
			if (issue.entryId === undefined || !full.has(issue.entryId)) continue;
			const p = previewById.get(issue.entryId);
			expect(p, `${issue.code} of ${issue.entryId}`).toBeDefined();
			const at = full.get(issue.entryId) as number;
			expect(preview.lineOffset[p as number], issue.code).toBe(lineOffsetOf(bytes, parsed.lines[at]));
		}
	});
});

/** The byte offset of 1-based line `line`. */
function lineOffsetOf(bytes: Uint8Array, line: number): number {
	let at = 0;
	for (let n = 1; n < line; n++) at = bytes.indexOf(0x0a, at) + 1;
	return at;
}

describe("the checks of a session whose long strings are where issues are", () => {
	// The checks take long strings in as cut (see core `shrinkStrings`): what they report is the same.
	const long = (c: string) => c.repeat(3000);
	const sameStart = long("p");
	const lines = [
		{ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" },
		// Two ids that differ only after 3,000 characters: two entries, not one id twice.
		{
			type: "message",
			id: `${sameStart}-a`,
			parentId: null,
			timestamp: "2026-01-01T00:00:01.000Z",
			message: { role: "user", content: long("u"), timestamp: 1 },
		},
		{
			type: "message",
			id: `${sameStart}-b`,
			parentId: `${sameStart}-a`,
			timestamp: "2026-01-01T00:00:02.000Z",
			message: {
				role: "assistant",
				content: [
					{ type: "text", text: long("t") },
					{ type: "toolCall", id: `${long("c")}-1`, name: "read", arguments: { path: long("x") } },
				],
				timestamp: "late",
			},
		},
		{
			type: "message",
			id: "r",
			parentId: `${sameStart}-b`,
			timestamp: "2026-01-01T00:00:03.000Z",
			message: {
				role: "toolResult",
				toolCallId: `${long("c")}-2`,
				content: [{ type: "text", text: long("o") }],
				timestamp: long("9"),
			},
		},
		{ type: long("odd"), id: "o", parentId: "r", timestamp: "2026-01-01T00:00:04.000Z" },
		{
			type: "message",
			id: "m",
			parentId: "o",
			timestamp: long("7"),
			message: { role: long("q"), content: "x", timestamp: 5 },
		},
	];
	const bytes = new TextEncoder().encode(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);

	it("are the normal open's issues", async () => {
		const { held: host } = heldOf(bytes);
		const held = await checkSession(host);
		const normal = await normalIssues(new Blob([bytes as BlobPart]));
		expect(normal.map((i) => i.code)).toEqual(
			expect.arrayContaining(["bad-message-timestamp", "tool-call-unanswered"]),
		);
		expect(held).toEqual(normal);
	});
});

describe("checkSession", () => {
	const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, "pi-mono/before-compaction.jsonl")));

	it("stops once the worker lets the session go", async () => {
		const { held: host } = heldOf(bytes);
		let asked = 0;
		await expect(checkSession(host, () => ++asked < 2)).rejects.toBeInstanceOf(ChecksStopped);
	});

	it("lets other work run while it parses (it breaks every ~25 ms)", async () => {
		// A slow file in many chunks, each ready at once (no task boundary of its own): ~3 ms each.
		const chunks: Uint8Array[] = [];
		for (let i = 0; i < bytes.length; i += 16 * 1024) chunks.push(bytes.subarray(i, i + 16 * 1024));
		const blob = new Blob([bytes as BlobPart]);
		Object.defineProperty(blob, "stream", {
			value: () => {
				let next = 0;
				return new ReadableStream<Uint8Array>({
					pull(controller) {
						const until = Date.now() + 3;
						while (Date.now() < until) {
							// a slow disk
						}
						if (next < chunks.length) controller.enqueue(chunks[next++]);
						else controller.close();
					},
				});
			},
		});
		const { held: host } = heldOf(bytes, true, blob);
		// The longest the thread went without serving a timer while the pass ran.
		let last = Date.now();
		let longest = 0;
		const timer = setInterval(() => {
			longest = Math.max(longest, Date.now() - last);
			last = Date.now();
		}, 1);
		const started = Date.now();
		const issues = await checkSession(host);
		clearInterval(timer);
		expect(issues).toEqual(await normalIssues(new Blob([bytes as BlobPart])));
		expect(Date.now() - started).toBeGreaterThan(chunks.length * 3);
		expect(longest).toBeLessThan(150);
	});
});

describe("the notice of checks that did not run", () => {
	it("says why: too large, or the reason given", () => {
		expect(uncheckedIssue(MAX_SESSION_BYTES + 1).message).toContain("did not run");
		expect(uncheckedIssue(1000, "gone")).toMatchObject({ code: "checks-skipped", severity: "info" });
		expect(uncheckedIssue(1000, "gone").message).toContain("could not run: gone");
		expect(checkable(MAX_SESSION_BYTES)).toBe(true);
		expect(checkable(MAX_SESSION_BYTES + 1)).toBe(false);
	});
});
