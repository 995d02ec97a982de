import { beforeEach, describe, expect, it, vi } from "vitest";
import { readFixture } from "../../test/fixtures";
import { analyzeContext, getTreeIndex, parseSession } from "../core";
import type { HostHandle } from "../workers/client";

const asked: (string | null)[] = [];

vi.mock("../workers/client", () => ({
	askContext: vi.fn(async (_host: HostHandle, leafId: string | null) => {
		asked.push(leafId);
		return { analysis: analyzeContext(entries, leafId ?? undefined), positions: [], entries: [], passes: 1 };
	}),
	askEntries: vi.fn(async () => []),
	labOverlay: () => [],
}));

const { entries } = parseSession(readFixture("golden/branchy-legacy.jsonl"));
const { hostedContext } = await import("./hostedContext");

describe("hostedContext", () => {
	beforeEach(() => {
		asked.length = 0;
	});

	it("asks the worker once per leaf it resolves to: the current leaf by its id is the default's answer", async () => {
		const host: HostHandle = { requestId: 1, entryCount: entries.length, worker: {} };
		const index = getTreeIndex(entries);
		const current = entries[index.currentLeaf].id;
		const other = index.leaves.map((p) => entries[p].id).find((id) => id !== current);
		expect(other).toBeDefined();
		const first = hostedContext(host, { entries, index }, null);
		expect(hostedContext(host, { entries, index }, current)).toBe(first);
		expect((await first).analysis.leaf).toBe(index.currentLeaf);
		expect(asked).toEqual([null]);
		// Another tip is another question; going back to the current leaf asks again (one kept).
		const second = hostedContext(host, { entries, index }, other ?? null);
		expect(second).not.toBe(first);
		expect((await second).analysis.leaf).toBe(index.byId.get(other ?? ""));
		expect(hostedContext(host, { entries, index }, other ?? null)).toBe(second);
		await hostedContext(host, { entries, index }, current);
		expect(asked).toEqual([null, other, current]);
	});
});
