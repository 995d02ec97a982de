import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../bench/generate";
import { FIXTURES_DIR } from "../../test/fixtures";
import {
	buildGraph,
	getTreeIndex,
	graphParts,
	type ParsedSession,
	parseSession,
	type SessionPreview,
	summarizeLeaves,
} from "../core";
import { runParse } from "./parseJob";
import type { ParseResponse, WorkerRequest } from "./protocol";
import { readSessionBlob } from "./readSession";

/**
 * A stand-in for the browser's Worker that runs the real worker job (`runParse`) and passes its
 * messages through a structured clone with their transfers, as a worker does; it can be told to
 * crash, to crash once the session is done (during the late work), to never start, or to send a
 * message the page cannot read.
 */
type Behaviour = "works" | "crashes" | "crashes-after-done" | "never-starts" | "message-error";
let behaviours: Behaviour[] = [];
const workers: FakeWorker[] = [];

class FakeWorker extends EventTarget {
	terminated = false;
	readonly behaviour: Behaviour;
	constructor(_url: URL | string, _options?: WorkerOptions) {
		super();
		this.behaviour = behaviours.shift() ?? "works";
		workers.push(this);
		if (this.behaviour === "never-starts") {
			setTimeout(() => this.dispatchEvent(new Event("error")), 0);
		} else {
			setTimeout(() => this.reply({ type: "ready" }), 0);
		}
	}
	private reply(data: ParseResponse) {
		if (!this.terminated) this.dispatchEvent(new MessageEvent("message", { data }));
	}
	postMessage(msg: WorkerRequest) {
		if (this.terminated) return;
		if (msg.type !== "parse") return;
		const { requestId, blob } = msg;
		setTimeout(async () => {
			if (this.behaviour === "crashes") {
				this.reply({ type: "progress", requestId, loaded: 1, total: blob.size });
				this.dispatchEvent(Object.assign(new Event("error"), { message: "Out of memory" }));
				return;
			}
			if (this.behaviour === "message-error") {
				this.dispatchEvent(new Event("messageerror"));
				return;
			}
			let crashed = false;
			await runParse(msg, (message, transfer = []) => {
				if (crashed) return;
				this.reply(structuredClone(message, { transfer }));
				if (this.behaviour === "crashes-after-done" && message.type === "done") {
					crashed = true;
					this.dispatchEvent(Object.assign(new Event("error"), { message: "Out of memory" }));
				}
			});
		}, 5);
	}
	terminate() {
		this.terminated = true;
	}
}

const GOOD = `${JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" })}\n${JSON.stringify(
	{
		type: "message",
		id: "a1",
		parentId: null,
		timestamp: "2026-01-01T00:00:00.000Z",
		message: { role: "user", content: "hi", timestamp: 1 },
	},
)}\n`;
const good = () => new Blob([GOOD]);

/** A fresh client module: no worker started yet, none known to be missing. */
async function freshClient() {
	vi.resetModules();
	return import("./client");
}

/** What a session's fields and its entries' places say, to compare a lean open with a full parse. */
function outline(parsed: ParsedSession) {
	const { header, leafId, version, migrated, dialect, title } = parsed;
	return {
		header,
		leafId,
		version,
		migrated,
		dialect,
		title,
		entries: parsed.entries.map((e) => [e.type, e.id, e.parentId]),
	};
}

describe("parseSessionFile", () => {
	beforeEach(() => {
		behaviours = [];
		workers.length = 0;
		vi.stubGlobal("Worker", FakeWorker);
	});
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it("opens a file lean in the worker: the session a full parse gives, its entries held there", async () => {
		const { parseSessionFile } = await freshClient();
		const viaWorker = await parseSessionFile(good());
		const full = await readSessionBlob(good());
		expect(viaWorker.lean).toBe(true);
		expect(viaWorker.host).toBeDefined();
		expect(outline(viaWorker.parsed)).toEqual(outline(full.parsed));
		expect(viaWorker.contentHash).toBe(full.contentHash);
		expect(await viaWorker.leanChecks).toEqual(full.parsed.issues);
		expect(workers).toHaveLength(1);
	});

	it("takes in a preview whose ids came in several pieces (over 65,536 entries) as a full parse reads them", async () => {
		const t = "2026-01-01T00:00:00.000Z";
		const lines = [JSON.stringify({ type: "session", version: 3, id: "s", timestamp: t, cwd: "/" })];
		// Ids of varied length, a branch now and then (a parent that is not the entry before).
		for (let i = 0; i < 70_000; i++) {
			const parentId = i === 0 ? null : i % 997 === 0 ? `e${(i * 7) % i}` : `e${i - 1}`;
			lines.push(
				JSON.stringify({
					type: "message",
					id: `e${i}`,
					parentId,
					timestamp: t,
					message: { role: "user", content: "x" },
				}),
			);
		}
		const blob = new Blob([`${lines.join("\n")}\n`]);
		const { parseSessionFile } = await freshClient();
		const viaWorker = await parseSessionFile(blob);
		const full = await readSessionBlob(blob);
		expect(viaWorker.lean).toBe(true);
		expect(viaWorker.parsed.entries).toHaveLength(70_000);
		expect(outline(viaWorker.parsed)).toEqual(outline(full.parsed));
	}, 60_000);

	it("passes a not-a-session reason through and keeps the worker", async () => {
		const { parseSessionFile } = await freshClient();
		await expect(parseSessionFile(new Blob(["%PDF-1.7\n"]))).rejects.toThrow(/PDF/);
		await parseSessionFile(good());
		expect(workers).toHaveLength(1);
	});

	it("a crash fails that file only; the next file loads in a fresh worker", async () => {
		behaviours = ["crashes", "works"];
		const { parseSessionFile } = await freshClient();
		await expect(parseSessionFile(good())).rejects.toThrow(/parser stopped while reading this file \(Out of memory\)/);
		expect(workers[0].terminated).toBe(true);
		const next = await parseSessionFile(good());
		expect(next.parsed.entries).toHaveLength(1);
		expect(workers).toHaveLength(2);
	});

	it("a crash fails every file the worker was reading", async () => {
		behaviours = ["crashes"];
		const { parseSessionFile } = await freshClient();
		const a = parseSessionFile(good());
		const b = parseSessionFile(good());
		await expect(a).rejects.toThrow(/parser stopped/);
		await expect(b).rejects.toThrow(/parser stopped/);
	});

	it("an unreadable message counts as a crash", async () => {
		behaviours = ["message-error"];
		const { parseSessionFile } = await freshClient();
		await expect(parseSessionFile(good())).rejects.toThrow(/could not be read/);
		await expect(parseSessionFile(good())).resolves.toBeTruthy();
		expect(workers).toHaveLength(2);
	});

	it("a worker that never starts hands this and later files to the main thread, parsed in full", async () => {
		behaviours = ["never-starts"];
		const { parseSessionFile } = await freshClient();
		const first = await parseSessionFile(good());
		expect(first).toEqual(await readSessionBlob(good()));
		expect(first.lean).toBeUndefined();
		await parseSessionFile(good());
		expect(workers).toHaveLength(1);
	});

	it("without Worker at all, parses on the main thread", async () => {
		vi.stubGlobal("Worker", undefined);
		const { parseSessionFile } = await freshClient();
		await expect(parseSessionFile(good())).resolves.toEqual(await readSessionBlob(good()));
		await expect(parseSessionFile(new Blob([""]))).rejects.toThrow(/empty/);
	});

	it("every fixture: the session, the view, the counted tips, the checks and the hash are a full parse's (or its refusal)", async () => {
		const { parseSessionFile } = await freshClient();
		const files = ["golden", "bad", "broken", "hostile", "pi-mono", "project", "share"]
			.flatMap((dir) => readdirSync(join(FIXTURES_DIR, dir)).map((f) => join(dir, f)))
			.filter((f) => f.endsWith(".jsonl"));
		expect(files.length).toBeGreaterThan(25);
		let opened = 0;
		for (const f of files) {
			const blob = new Blob([readFileSync(join(FIXTURES_DIR, f))]);
			const expected = await readSessionBlob(blob).catch((err: Error) => err);
			const viaWorker = await parseSessionFile(blob).catch((err: Error) => err);
			if (expected instanceof Error || viaWorker instanceof Error) {
				expect(viaWorker, f).toEqual(expected);
				continue;
			}
			opened++;
			const full = expected.parsed;
			expect(viaWorker.lean, f).toBe(true);
			expect(outline(viaWorker.parsed), f).toEqual(outline(full));
			expect(viaWorker.contentHash, f).toBe(expected.contentHash);
			expect(viaWorker.size, f).toBe(expected.size);
			// The page's tree index is the worker's, put together without building it again.
			const index = getTreeIndex(viaWorker.parsed.entries);
			const built = getTreeIndex(full.entries);
			expect([...index.leaves], f).toEqual([...built.leaves]);
			expect([...index.parent], f).toEqual([...built.parent]);
			const view = await viaWorker.view;
			expect(view?.leaves, f).toEqual(summarizeLeaves(full.entries, built, { tokens: false }));
			expect(view?.graph.nodes, f).toEqual(buildGraph(built).nodes);
			expect(await viaWorker.leaves, f).toEqual(summarizeLeaves(full.entries));
			expect(await viaWorker.leanChecks, f).toEqual(full.issues);
		}
		expect(opened).toBeGreaterThan(15);
	});

	it("sends the preview first, and takes nothing more of the file until the preview is shown", async () => {
		const { parseSessionFile } = await freshClient();
		const text = `${[...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 12_000 })].join("\n")}\n`;
		const blob = new Blob([text]);
		expect(blob.size).toBeGreaterThan(8 * 1024 * 1024);
		const full = await readSessionBlob(blob);
		const previews: SessionPreview[] = [];
		let shown = false;
		const result = await parseSessionFile(blob, undefined, {
			onPreview: async (preview) => {
				previews.push(preview);
				// Longer than the rest of the parse takes: the result must still wait for it.
				await new Promise((resolve) => setTimeout(resolve, 600));
				shown = true;
			},
		});
		expect(shown).toBe(true);
		expect(previews).toHaveLength(1);
		const index = getTreeIndex(full.parsed.entries);
		expect(previews[0].graph).toEqual(graphParts(buildGraph(index)));
		expect(previews[0].leaves).toEqual(summarizeLeaves(full.parsed.entries, index, { tokens: false }));
		// The entries the preview holds whole came ahead of it in several messages, all of them.
		const whole = new Set(previews[0].graph.nodes.map((n) => n.first));
		expect(whole.size).toBeGreaterThan(256 * 2);
		for (const p of whole) expect(previews[0].entries[p]).toEqual(full.parsed.entries[p]);
		// The session is the preview.
		expect(result.parsed.entries).toBe(previews[0].entries);
		expect(result.contentHash).toBe(full.contentHash);

		// A small file has its preview too.
		const small: SessionPreview[] = [];
		await parseSessionFile(good(), undefined, { onPreview: (p) => void small.push(p) });
		expect(small).toHaveLength(1);
	});

	it("a file the scan cannot read is parsed in full in the worker, and held there too", async () => {
		const { parseSessionFile } = await freshClient();
		// A broken first line: no header to scan from (see hostParsed.test).
		const broken = `{"type":"session",\n${GOOD}`;
		const previews: SessionPreview[] = [];
		const parsed = await parseSessionFile(new Blob([broken]), undefined, { onPreview: (p) => void previews.push(p) });
		expect(parsed.lean).toBe(true);
		expect(outline(parsed.parsed)).toEqual(outline(parseSession(broken)));
		expect(await parsed.leanChecks).toEqual(parseSession(broken).issues);
		expect(previews).toHaveLength(1);
	});

	it("takes a known content hash instead of hashing the bytes again", async () => {
		const { parseSessionFile } = await freshClient();
		const bytes = readFileSync(join(FIXTURES_DIR, "golden/branchy-legacy.jsonl"));
		const hashed = await parseSessionFile(new Blob([bytes]));
		expect(hashed.contentHash).toMatch(/^[0-9a-f]{16}-/);
		const known = await parseSessionFile(new Blob([bytes]), undefined, { contentHash: "stored-hash" });
		expect(known.contentHash).toBe("stored-hash");
		expect(known.parsed).toEqual(hashed.parsed);
	});

	it("a crash after the session is done leaves it open without the late work", async () => {
		behaviours = ["crashes-after-done", "works"];
		const { parseSessionFile } = await freshClient();
		const result = await parseSessionFile(good());
		expect(result.parsed.entries).toHaveLength(1);
		await expect(result.leaves).resolves.toBeNull();
		await expect(result.leanChecks).resolves.toBeNull();
		expect(workers[0].terminated).toBe(true);
		await expect(parseSessionFile(good())).resolves.toBeTruthy();
	});
});
