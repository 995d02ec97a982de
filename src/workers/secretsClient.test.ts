import { afterEach, describe, expect, it, vi } from "vitest";
import { readFixture } from "../../test/fixtures";
import { scanSecrets } from "../core";
import type { SecretsRequest, SecretsResponse } from "./secretsClient";

/** A stand-in worker: answers as the secrets worker does (after a while), fails to start, or never answers. */
class FakeWorker {
	static mode: "answers" | "fails" | "silent" = "answers";
	static made: FakeWorker[] = [];
	terminated = false;
	onmessage: ((event: MessageEvent<SecretsResponse>) => void) | null = null;
	onerror: ((event: Event) => void) | null = null;
	constructor() {
		FakeWorker.made.push(this);
	}
	postMessage(request: SecretsRequest): void {
		setTimeout(async () => {
			if (this.terminated) return;
			if (FakeWorker.mode === "fails") {
				this.onerror?.(new Event("error", { cancelable: true }));
				return;
			}
			if (FakeWorker.mode === "silent") return;
			const text = typeof request.source === "string" ? request.source : await request.source.text();
			this.onmessage?.(new MessageEvent("message", { data: { type: "scanned", hits: scanSecrets(text) } }));
		}, 5);
	}
	terminate(): void {
		this.terminated = true;
	}
}

async function freshClient(withWorker = true) {
	vi.resetModules();
	if (withWorker) vi.stubGlobal("Worker", FakeWorker);
	else vi.stubGlobal("Worker", undefined);
	FakeWorker.made = [];
	return import("./secretsClient");
}

afterEach(() => {
	vi.unstubAllGlobals();
	FakeWorker.mode = "answers";
});

describe("scanSecretsOffThread", () => {
	const text = readFixture("share/fake-keys.jsonl");
	const expected = scanSecrets(text);

	it("gets the hits from a worker of its own, for a text and for a file, and ends it", async () => {
		expect(expected.length).toBeGreaterThan(0);
		const { scanSecretsOffThread } = await freshClient();
		await expect(scanSecretsOffThread(text)).resolves.toEqual(expected);
		await expect(scanSecretsOffThread(new Blob([text]))).resolves.toEqual(expected);
		expect(FakeWorker.made).toHaveLength(2);
		expect(FakeWorker.made.every((w) => w.terminated)).toBe(true);
	});

	it("stops when its signal aborts: the worker is ended and the promise rejects", async () => {
		FakeWorker.mode = "silent";
		const { scanSecretsOffThread, ScanCancelled } = await freshClient();
		const controller = new AbortController();
		const scan = scanSecretsOffThread(text, controller.signal);
		controller.abort();
		await expect(scan).rejects.toBeInstanceOf(ScanCancelled);
		expect(FakeWorker.made[0].terminated).toBe(true);
	});

	it("scans on the main thread when the worker fails, and from then on", async () => {
		FakeWorker.mode = "fails";
		const { scanSecretsOffThread } = await freshClient();
		await expect(scanSecretsOffThread(new Blob([text]))).resolves.toEqual(expected);
		await expect(scanSecretsOffThread(text)).resolves.toEqual(expected);
		expect(FakeWorker.made).toHaveLength(1);
	});

	it("without workers scans in slices that yield, and an abort between slices stops it", async () => {
		const { scanSecretsOffThread, ScanCancelled } = await freshClient(false);
		// Many slices' worth of text.
		const big = Array.from({ length: 40 }, () => text).join("\n");
		await expect(scanSecretsOffThread(big)).resolves.toEqual(scanSecrets(big));
		const controller = new AbortController();
		let ticks = 0;
		const timer = setInterval(() => ticks++, 0);
		const huge = Array.from({ length: 400 }, () => text).join("\n");
		const scan = scanSecretsOffThread(huge, controller.signal);
		setTimeout(() => controller.abort(), 0);
		await expect(scan).rejects.toBeInstanceOf(ScanCancelled);
		clearInterval(timer);
		// Other tasks ran while it scanned: it yielded.
		expect(ticks).toBeGreaterThan(0);
	});
});
