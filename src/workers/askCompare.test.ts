import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readGolden } from "../../test/fixtures";
import { HostingWorker } from "../../test/hostingWorker";
import { comparedByHost } from "../../test/sessionHost";
import { getTreeIndex, parseSession } from "../core";
import type { HostHandle } from "./client";

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
