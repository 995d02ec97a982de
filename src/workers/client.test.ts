import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generateSessionLines, WORKLOADS } from "../../bench/generate";
import { FIXTURES_DIR } from "../../test/fixtures";
import { buildGraph, getTreeIndex, graphParts, parseSession, type SessionPreview, summarizeLeaves } from "../core";
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

/**
 * A fresh client module. Its `parseSessionFile` parses in full (as for a file the preview cannot
 * read, or one below the size the page sets) unless `leanFrom` is given: most tests here are of
 * the full parse and its worker; `lean` is the client as the page has it.
 */
async function freshClient() {
	vi.resetModules();
	const client = await import("./client");
	const parseSessionFile: typeof client.parseSessionFile = (blob, onProgress, options = {}) =>
		client.parseSessionFile(blob, onProgress, { leanFrom: Number.POSITIVE_INFINITY, ...options });
	return { ...client, parseSessionFile, lean: client.parseSessionFile };
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

	it("parses in the worker and returns what the main thread would", async () => {
		const { parseSessionFile } = await freshClient();
		const viaWorker = await parseSessionFile(good());
		expect(viaWorker).toEqual(await readSessionBlob(good()));
		expect(workers).toHaveLength(1);
	});

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

	it("a worker that never starts hands this and later files to the main thread", async () => {
		behaviours = ["never-starts"];
		const { parseSessionFile } = await freshClient();
		const first = await parseSessionFile(good());
		expect(first.parsed.entries).toHaveLength(1);
		await parseSessionFile(good());
		expect(workers).toHaveLength(1);
	});

	it("without Worker at all, parses on the main thread", async () => {
		vi.stubGlobal("Worker", undefined);
		const { parseSessionFile } = await freshClient();
		await expect(parseSessionFile(good())).resolves.toBeTruthy();
		await expect(parseSessionFile(new Blob([""]))).rejects.toThrow(/empty/);
	});
	it("every fixture: the entries made from the streamed bytes, the issues and the hash are a full parse's", async () => {
		const { parseSessionFile } = await freshClient();
		const files = ["golden", "bad", "broken", "hostile", "pi-mono", "project", "share"]
			.flatMap((dir) => readdirSync(join(FIXTURES_DIR, dir)).map((f) => join(dir, f)))
			.filter((f) => f.endsWith(".jsonl"));
		expect(files.length).toBeGreaterThan(25);
		for (const f of files) {
			const blob = new Blob([readFileSync(join(FIXTURES_DIR, f))]);
			const expected = await readSessionBlob(blob).catch((err: Error) => err);
			const viaWorker = await parseSessionFile(blob).catch((err: Error) => err);
			expect(viaWorker, f).toEqual(expected);
		}
	});

	it("deferred: the late diagnostics complete the issues, the view is the graph and tips of the entries, and the counted tips follow", async () => {
		const { parseSessionFile } = await freshClient();
		for (const f of ["golden/branchy-legacy.jsonl", "bad/mixed.jsonl", "pi-mono/before-compaction.jsonl"]) {
			const bytes = readFileSync(join(FIXTURES_DIR, f));
			const full = parseSession(bytes.toString("utf8"));
			const result = await parseSessionFile(new Blob([bytes]), undefined, { deferDiagnostics: true, view: true });
			expect(result.parsed.entries, f).toEqual(full.entries);
			const late = await result.diagnostics;
			expect([...result.parsed.issues, ...(late ?? [])], f).toEqual(full.issues);
			const view = await result.view;
			const index = getTreeIndex(result.parsed.entries);
			expect(view?.leaves, f).toEqual(summarizeLeaves(full.entries, undefined, { tokens: false }));
			expect(view?.graph.nodes, f).toEqual(buildGraph(index).nodes);
			expect(await result.leaves, f).toEqual(summarizeLeaves(full.entries));
			// The page's tree index is the worker's, put together without building it again.
			const { entries: _adoptedEntries, ...adopted } = index;
			const { entries: _builtEntries, ...built } = getTreeIndex(full.entries);
			expect(adopted, f).toEqual(built);
		}
	});

	it("previews a large file before parsing it, and takes nothing more of it until the preview is shown", async () => {
		const { parseSessionFile } = await freshClient();
		const text = `${[...generateSessionLines({ ...WORKLOADS.bushy, maxEntries: 12_000 })].join("\n")}\n`;
		const blob = new Blob([text]);
		expect(blob.size).toBeGreaterThan(8 * 1024 * 1024);
		const full = await readSessionBlob(blob);
		const previews: SessionPreview[] = [];
		let shown = false;
		const result = await parseSessionFile(blob, undefined, {
			deferDiagnostics: true,
			view: true,
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
		expect(result.parsed.entries).toEqual(full.parsed.entries);
		expect(result.contentHash).toBe(full.contentHash);

		// A small file has no preview.
		const small: SessionPreview[] = [];
		await parseSessionFile(good(), undefined, { onPreview: (p) => void small.push(p) });
		expect(small).toEqual([]);
	});

	it("by default opens a session lean (the worker holds it), one without a header too", async () => {
		const { lean } = await freshClient();
		const bytes = readFileSync(join(FIXTURES_DIR, "golden/branchy-legacy.jsonl"));
		const full = parseSession(bytes.toString("utf8"));
		const previews: SessionPreview[] = [];
		const opened = await lean(new Blob([bytes]), undefined, {
			deferDiagnostics: true,
			view: true,
			onPreview: (p) => void previews.push(p),
		});
		expect(opened.lean).toBe(true);
		expect(opened.host).toBeDefined();
		expect(previews).toHaveLength(1);
		expect(opened.parsed.entries.map((e) => e.id)).toEqual(full.entries.map((e) => e.id));
		expect(await opened.leaves).toEqual(summarizeLeaves(full.entries));
		expect(await opened.leanChecks).toEqual(full.issues);

		// One without a header is parsed in full in the worker, and held there too (see hostParsed.test).
		const headerless = GOOD.slice(GOOD.indexOf("\n") + 1);
		const parsed = await lean(new Blob([headerless]), undefined, { onPreview: (p) => void previews.push(p) });
		expect(parsed.lean).toBe(true);
		expect(parsed.parsed.entries).toEqual(parseSession(headerless).entries);
		expect(previews).toHaveLength(2);
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
		const result = await parseSessionFile(good(), undefined, { deferDiagnostics: true, view: true });
		expect(result.parsed.entries).toHaveLength(1);
		await expect(result.diagnostics).resolves.toEqual([]);
		await expect(result.view).resolves.toBeNull();
		await expect(result.leaves).resolves.toBeNull();
		expect(workers[0].terminated).toBe(true);
		await expect(parseSessionFile(good())).resolves.toBeTruthy();
	});
});
