import "fake-indexeddb/auto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR, goldenNames, readFixture, readGolden } from "../../test/fixtures";
import { comparedByWorker } from "../../test/held";
import { reshapeSession } from "../../test/reshape";
import {
	analyzeContext,
	branchHeader,
	buildGraph,
	buildTreeIndex,
	CLIP_CHARS,
	clipValue,
	convertToLlm,
	createPreviewScanner,
	describeFurther,
	entrySearchText,
	exportBranch,
	findEntries,
	graphParts,
	hashText,
	type ParsedSession,
	parseSession,
	providerPayload,
	rulesOf,
	serializeSession,
	summarizeLeaves,
} from "../core";
import { isNotASession, prefetchStoredIndex, SessionReader } from "./reader";
import type { OpenEvent } from "./readerApi";
import { readSessionBlob } from "./readSession";

/*
 * The reader end to end: the page's `SessionReader` over the RPC, the service behind it run in
 * this thread (no worker in Node: the same code, the same messages, structured-cloned). Every
 * answer is checked against core on the whole parsed file.
 */

/** JSON round trip: compare what would be serialised (undefined fields vanish). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Opens `text` in a new reader; the events it heard, once its background work is done. */
async function opened(text: string | Uint8Array): Promise<{ reader: SessionReader; events: OpenEvent[] }> {
	const reader = await SessionReader.create();
	const events: OpenEvent[] = [];
	await reader.open({ blob: new Blob([text as BlobPart]) }, (e) => events.push(e));
	return { reader, events };
}

const event = <T extends OpenEvent["type"]>(events: OpenEvent[], type: T) =>
	events.find((e): e is Extract<OpenEvent, { type: T }> => e.type === type);

/** Every fixture session the scan cannot read (no header on its first line) that a full parse reads. */
async function unscannable(): Promise<string[]> {
	const out: string[] = [];
	for (const dir of readdirSync(FIXTURES_DIR)) {
		let names: string[];
		try {
			names = readdirSync(join(FIXTURES_DIR, dir));
		} catch {
			continue;
		}
		for (const name of names) {
			if (!name.endsWith(".jsonl")) continue;
			const bytes = readFileSync(join(FIXTURES_DIR, dir, name));
			const scanner = createPreviewScanner();
			scanner.push(bytes);
			if (scanner.finish() !== null) continue;
			try {
				if ((await readSessionBlob(new Blob([bytes]))).parsed.entries.length > 0) out.push(`${dir}/${name}`);
			} catch {}
		}
	}
	return out.sort();
}

const GOLDEN = readGolden("branchy-legacy").text;
const [HEADER, ...REST] = GOLDEN.trimEnd().split("\n");

/** Sessions of every shape the tests hold: pi's, older, other dialects, unscannable, reshaped. */
const CASES: [string, string][] = [
	...goldenNames().map((n): [string, string] => [`golden/${n}`, readGolden(n).text]),
	...["pi-mono/large-session.jsonl", "pi-mono/before-compaction.jsonl", "hostile/payloads.jsonl"].map(
		(f): [string, string] => [f, readFixture(f)],
	),
	...["dialects/omp-clear.jsonl", "dialects/omp-compaction.jsonl", "bad/no-header.jsonl"].map((f): [string, string] => [
		f,
		readFixture(f),
	]),
	...(await unscannable()).map((f): [string, string] => [f, readFixture(f)]),
	["header last", `${REST.join("\n")}\n${HEADER}\n`],
	["a broken first line", `{"type":"session",\n${GOLDEN}`],
	[
		"branchy-legacy reshaped",
		reshapeSession(GOLDEN, { shuffle: true, whitespace: true, escapeUpTo: 40, crlf: true, seed: 7 }),
	],
];

/** The tips a session's list shows: entries no entry names as parent. */
const tipsOf = (parsed: ParsedSession) => buildTreeIndex(parsed.entries).leaves.map((p) => parsed.entries[p].id);

describe.each(CASES)("%s through the reader", (_name, text) => {
	const parsed = parseSession(text);
	const { entries } = parsed;
	const index = buildTreeIndex(entries);

	it("opens: ready with the full parse's graph and tips, then described, counted and checked as the full parse", async () => {
		const { reader, events } = await opened(text);
		expect(events.map((e) => e.type).filter((t) => t !== "progress")).toEqual([
			"ready",
			"described",
			"counted",
			"checked",
		]);
		const ready = event(events, "ready");
		expect(ready?.outline.facts).toMatchObject({
			header: parsed.header,
			version: parsed.version,
			migrated: parsed.migrated,
			dialect: parsed.dialect ?? "pi",
			leafId: parsed.leafId,
			entryCount: entries.length,
		});
		expect(plain(ready?.outline.graph)).toEqual(plain(graphParts(buildGraph(index))));
		expect(ready?.outline.tips.map((t) => t.id)).toEqual(tipsOf(parsed));
		expect(event(events, "described")).toMatchObject({
			contentHash: hashText(text),
			description: describeFurther(null, entries),
		});
		const counted = event(events, "counted")?.tips ?? [];
		expect(counted.map((t) => [t.id, t.contextTokens, t.measuredTokens])).toEqual(
			summarizeLeaves(entries, index).map((t) => [t.id, t.contextTokens, t.measuredTokens]),
		);
		// The checks' issues, placed where their entries are.
		const checked = event(events, "checked");
		expect(checked?.complete).toBe(true);
		const strip = ({ position: _p, related: _r, ...issue }: { position?: number; related?: string[] }) => issue;
		expect(checked?.issues.map(strip)).toEqual(parsed.issues);
		for (const issue of checked?.issues ?? []) {
			if (issue.position !== undefined) expect(entries[issue.position].id).toBe(issue.entryId);
		}
		reader.release();
	});

	it("answers every tip's context, its rows and its exports as core does on the whole file", async () => {
		const { reader } = await opened(text);
		for (const leaf of [null, ...tipsOf(parsed)]) {
			const want = analyzeContext(entries, leaf ?? parsed.leafId, index);
			const llm = convertToLlm(want.messages);
			const { summary, first } = await reader.context(leaf);
			expect(summary.counts).toMatchObject({
				path: want.path.length,
				entries: want.selected.length,
				messages: want.messages.length,
				payload: llm.length,
			});
			expect(summary.leafId).toBe(want.leaf >= 0 ? entries[want.leaf].id : null);
			expect(first.length).toBeGreaterThan(0);
			const rows = async (stage: "path" | "entries" | "messages" | "payload", count: number) =>
				(await reader.rows(leaf, stage, 0, count)).rows;
			const path = await rows("path", want.path.length);
			expect(path.map((r) => (r.row === "entry" ? [r.position, r.region, r.selected] : null))).toEqual(
				want.fates.map((f) => [f.position, f.region, f.selected]),
			);
			const read = await rows("entries", want.selected.length);
			expect(read.map((r) => (r.row === "entry" ? r.id : null))).toEqual(want.selected.map((e) => e.id));
			// (Rows carry long strings cut: see below.)
			const cut = (values: readonly unknown[]) => plain(values.map((v) => clipValue(v).value));
			const messages = await rows("messages", want.messages.length);
			expect(plain(messages.map((r) => (r.row === "message" ? r.message : null)))).toEqual(cut(want.messages));
			const payload = await rows("payload", llm.length);
			expect(plain(payload.map((r) => (r.row === "payload" ? r.message : null)))).toEqual(cut(llm));
			const exported = await reader.export({ kind: "payload", leafId: leaf });
			// The pi family's payload is convertToLlm's messages; another agent's, its own request.
			const request = providerPayload(parsed, leaf ?? parsed.leafId ?? "");
			expect(JSON.parse(await exported.text())).toEqual(plain(request.api === "pi" ? llm : request));
		}
		// Every entry whole on request.
		for (let p = 0; p < entries.length; p++) expect((await reader.entry(p)).value).toEqual(clipValue(entries[p]).value);
		reader.release();
	});

	it("exports, compares and finds as core does", async () => {
		const { reader } = await opened(text);
		const tips = tipsOf(parsed);
		const session = await reader.export({ kind: "session", leafId: null });
		const scanned = createPreviewScanner();
		scanned.push(new TextEncoder().encode(text));
		const current = (parsed.version >= 3 && scanned.finish() !== null) || rulesOf(parsed.dialect ?? "pi").agentLines;
		// The file itself where the scan read it as of the current version (or another agent's file), else written out.
		expect(await session.text()).toBe(current ? text : serializeSession(parsed.header, entries));
		if (parsed.header) {
			const options = { sessionId: "s", timestamp: "2026-01-01T00:00:00.000Z" };
			const branch = await reader.export({ kind: "branch", leafId: tips[0], branch: options });
			const lines = (await branch.text()).trimEnd().split("\n");
			const want = exportBranch(parsed.header, entries, tips[0], { ...options, random: () => 0 })
				.trimEnd()
				.split("\n");
			expect(lines[0]).toBe(JSON.stringify(branchHeader(parsed.header, options)));
			// The label entries at the end get ids of their own.
			expect(lines.length).toBe(want.length);
		}
		if (tips.length >= 2) {
			const cmp = await reader.compare(tips[0], tips[1]);
			const want = comparedByWorker(entries, tips[0], tips[1]);
			expect(cmp).toMatchObject({
				sharedPrefix: want.sharedPrefix,
				commonAncestorId: want.commonAncestorId,
				tokenDifference: want.tokenDifference,
				a: { leafId: tips[0], messages: want.a.llm.length, tokens: want.a.totalTokens },
				b: { leafId: tips[1], messages: want.b.llm.length, tokens: want.b.totalTokens },
				measured: want.measured,
			});
			const cut = (values: readonly unknown[]) => plain(values.map((v) => clipValue(v).value));
			const shared = await reader.compareRows(tips[0], tips[1], "shared", 0, want.sharedPrefix);
			expect(plain(shared.map((r) => r.message))).toEqual(cut(want.a.llm.slice(0, want.sharedPrefix)));
			const tail = await reader.compareRows(tips[0], tips[1], "b", 0, 10_000);
			expect(plain(tail.map((r) => r.message))).toEqual(cut(want.b.llm.slice(want.sharedPrefix)));
		}
		const said = entries.map((e) => entrySearchText(e)).find((t) => /[a-z]{4,}/i.test(t));
		const word = said?.match(/[a-z]{4,}/i)?.[0] ?? "";
		const found: string[] = [];
		await reader.find(word, "all", (batch) => {
			found.push(...batch.ids);
		});
		const hits = findEntries(entries, word, "all").hits.filter((p) => index.live[p] === 1);
		expect(found).toEqual(hits.map((p) => entries[p].id));
		reader.release();
	});
});

describe("the reader's rows of long texts", () => {
	const long = `${"line of output\n".repeat(4000)}the end`;
	const text = [
		JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" }),
		JSON.stringify({
			type: "message",
			id: "u1",
			parentId: null,
			timestamp: "2026-01-01T00:00:00.000Z",
			message: { role: "user", content: long, timestamp: 1 },
		}),
	].join("\n");

	it("carry a long string's start and where it was cut, and read the rest a slice at a time", async () => {
		const { reader } = await opened(`${text}\n`);
		const { rows } = await reader.rows(null, "messages", 0, 1);
		const row = rows[0];
		if (row.row !== "message") throw new Error("not a message row");
		expect(row.clips).toEqual([{ path: ["content"], length: long.length }]);
		const kept = row.message.role === "user" ? row.message.content : "";
		expect(kept).toBe(long.slice(0, CLIP_CHARS));
		const source = { of: "message" as const, leafId: null, stage: "messages" as const, index: 0 };
		expect(await reader.text(source, ["content"], CLIP_CHARS, long.length)).toBe(long.slice(CLIP_CHARS));
		const whole = await reader.entry(0);
		expect(whole.clips).toEqual([{ path: ["message", "content"], length: long.length }]);
		expect(await reader.text({ of: "entry", position: 0 }, ["message", "content"], 10, 20)).toBe(long.slice(10, 20));
		await expect(reader.entry(1)).rejects.toThrow(/no entry at position 1/);
		reader.release();
	});
});

describe("a file that is not a session", () => {
	it("is refused with why, named as such", async () => {
		const reader = await SessionReader.create();
		const failure = await reader.open({ blob: new Blob(["%PDF-1.4 not a session"]) }, () => undefined).catch((e) => e);
		expect(isNotASession(failure)).toBe(true);
		expect(String(failure.message)).toMatch(/PDF/);
	});
});

describe("a stored session's index", () => {
	const text = readFixture("golden/compaction-heavy.jsonl");
	const hash = hashText(text);
	const size = new Blob([text]).size;
	// Bytes of the same size that are not the session: an open from them is the stored index's.
	const blank = new Blob([" ".repeat(size)]);

	/** The outline an open tells (its `ready`). */
	async function outline(blob: Blob, keepIndex: boolean, prefetch = false) {
		const reader = await SessionReader.create();
		if (prefetch) await prefetchStoredIndex(hash, size);
		const events: OpenEvent[] = [];
		await reader.open({ blob, contentHash: hash, keepIndex }, (e) => events.push(e));
		reader.release();
		return event(events, "ready")?.outline;
	}

	it("is kept by the first open and used by the next, read ahead or not", async () => {
		const first = await outline(new Blob([text]), true);
		expect(first?.tips.length).toBeGreaterThan(0);
		let again: Awaited<ReturnType<typeof outline>>;
		for (let i = 0; i < 200; i++) {
			again = await outline(blank, false).catch(() => undefined);
			if (again) break;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		expect(plain(again)).toEqual(plain(first));
		expect(plain(await outline(blank, false, true))).toEqual(plain(first));
	});
});
