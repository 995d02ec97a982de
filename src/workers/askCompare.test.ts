import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readGolden } from "../../test/fixtures";
import { comparedByHost } from "../../test/sessionHost";
import { getTreeIndex, parseSession } from "../core";
import type { HostHandle } from "./client";
import { runHostRequest, runParse } from "./parseJob";
import type { ParseResponse, WorkerRequest } from "./protocol";

/**
 * A stand-in for the browser's Worker that runs the real worker jobs (the parse, and the questions
 * to the session it holds) and passes every message through a structured clone, as a worker does.
 */
class HostingWorker extends EventTarget {
	constructor(_url: URL | string, _options?: WorkerOptions) {
		super();
		setTimeout(() => this.reply({ type: "ready" }), 0);
	}
	private reply(data: ParseResponse, transfer: Transferable[] = []) {
		this.dispatchEvent(new MessageEvent("message", { data: structuredClone(data, { transfer }) }));
	}
	postMessage(msg: WorkerRequest) {
		const request = structuredClone(msg);
		setTimeout(() => {
			if (request.type === "parse") void runParse(request, (m, t) => this.reply(m, t));
			else if (request.type !== "init" && request.type !== "prefetch-index")
				void runHostRequest(request, (m, t) => this.reply(m, t));
		}, 0);
	}
	terminate() {}
}

describe("askCompare", () => {
	beforeEach(() => {
		vi.stubGlobal("Worker", HostingWorker);
	});
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it("has a lean session's worker compare two tips, as compareTips on the full entries", async () => {
		vi.resetModules();
		const { askCompare, parseSessionFile } = await import("./client");
		const { text } = readGolden("branchy-legacy");
		const { entries } = parseSession(text);
		const tips = getTreeIndex(entries).leaves.map((p) => entries[p].id);
		let held: HostHandle | null = null;
		const result = await parseSessionFile(new Blob([text]), undefined, {
			leanFrom: 0,
			onPreview: (_preview, host) => {
				held = host;
			},
		});
		expect(result.lean).toBe(true);
		expect(result.host).toBe(held);
		const host = result.host as HostHandle;
		const pairs: [string | null, string | null][] = [
			[tips[0], tips[1]],
			[tips[2], tips[tips.length - 1]],
			[null, tips[3]],
		];
		// Asked at once: each answer goes to its own question.
		const got = await Promise.all(pairs.map(([a, b]) => askCompare(host, a, b)));
		expect(got).toEqual(pairs.map(([a, b]) => comparedByHost(entries, a, b)));
		await expect(askCompare({ ...host, requestId: -1 }, tips[0], tips[1])).rejects.toThrow(/no longer holds/);
	});
});
