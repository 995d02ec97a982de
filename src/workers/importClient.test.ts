import { afterEach, describe, expect, it, vi } from "vitest";
import { readFixture } from "../../test/fixtures";
import { scanSecrets } from "../core";
import type { ImportRequest, ImportResponse } from "./importClient";

/** A stand-in worker: answers scan requests as the import worker does, or fails to start. */
class FakeWorker extends EventTarget {
	static mode: "answers" | "fails" = "answers";
	static requests: ImportRequest["type"][] = [];
	terminated = false;
	postMessage(request: ImportRequest): void {
		FakeWorker.requests.push(request.type);
		setTimeout(async () => {
			if (FakeWorker.mode === "fails") {
				this.dispatchEvent(new Event("error", { cancelable: true }));
				return;
			}
			if (request.type !== "scan") return;
			const text = typeof request.source === "string" ? request.source : await request.source.text();
			// Another request's answer first: it must be ignored.
			const other: ImportResponse = { type: "scanned", requestId: request.requestId + 1000, hits: [] };
			this.dispatchEvent(new MessageEvent("message", { data: other }));
			const answer: ImportResponse = { type: "scanned", requestId: request.requestId, hits: scanSecrets(text) };
			this.dispatchEvent(new MessageEvent("message", { data: answer }));
		}, 0);
	}
	terminate(): void {
		this.terminated = true;
	}
}

async function freshClient() {
	vi.resetModules();
	vi.stubGlobal("Worker", FakeWorker);
	FakeWorker.requests = [];
	return import("./importClient");
}

afterEach(() => {
	vi.unstubAllGlobals();
	FakeWorker.mode = "answers";
});

describe("scanSecretsOffThread", () => {
	const text = readFixture("share/fake-keys.jsonl");
	const expected = scanSecrets(text);

	it("gets the worker's hits for a text and for a file", async () => {
		expect(expected.length).toBeGreaterThan(0);
		const { scanSecretsOffThread } = await freshClient();
		await expect(scanSecretsOffThread(text)).resolves.toEqual(expected);
		await expect(scanSecretsOffThread(new Blob([text]))).resolves.toEqual(expected);
		expect(FakeWorker.requests).toEqual(["scan", "scan"]);
	});

	it("scans on the main thread when the worker fails, and from then on", async () => {
		FakeWorker.mode = "fails";
		const { scanSecretsOffThread } = await freshClient();
		await expect(scanSecretsOffThread(new Blob([text]))).resolves.toEqual(expected);
		await expect(scanSecretsOffThread(text)).resolves.toEqual(expected);
		expect(FakeWorker.requests).toEqual(["scan"]);
	});
});
