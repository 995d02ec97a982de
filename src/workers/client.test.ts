import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ParseResponse, WorkerRequest } from "./protocol";
import { readSessionBlob } from "./readSession";

/**
 * A stand-in for the browser's Worker that speaks the real protocol over the real parser, and
 * can be told to crash, to never start, or to send a message the page cannot read.
 */
type Behaviour = "works" | "crashes" | "never-starts" | "message-error";
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
			try {
				const result = await readSessionBlob(blob);
				const { entries, ...session } = result.parsed;
				this.reply({ type: "entries", requestId, entries });
				this.reply({
					type: "done",
					requestId,
					session,
					size: result.size,
					contentHash: result.contentHash,
					entryCount: entries.length,
				});
			} catch (err) {
				this.reply({ type: "error", requestId, message: (err as Error).message, notASession: true });
			}
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

async function freshClient() {
	vi.resetModules();
	return import("./client");
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
});
