import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { assistant, header, jsonl, user } from "../../test/builders";
import { HostingWorker } from "../../test/hostingWorker";
import { analyzeContext, getTreeIndex, parseSession } from "../core";
import type { HostHandle } from "./client";
import { CONTEXT_PART_BYTES, type ParseResponse } from "./protocol";

/** The types of the messages the worker sent, in order. */
const sent: string[] = [];

class CountingWorker extends HostingWorker {
	override dispatchEvent(event: Event): boolean {
		sent.push(((event as MessageEvent<ParseResponse>).data as { type: string }).type);
		return super.dispatchEvent(event);
	}
}

/** A session of `turns` user/assistant pairs, each reply `replyBytes` long. */
function session(turns: number, replyBytes: number): string {
	const entries = [];
	let parent: string | null = null;
	for (let i = 0; i < turns; i++) {
		entries.push(user(`u${i}`, parent, `question ${i}`));
		entries.push(assistant(`a${i}`, `u${i}`, `${i} `.padEnd(replyBytes, "x")));
		parent = `a${i}`;
	}
	return jsonl(header(), ...entries);
}

describe("a held session's context comes to the page in parts", () => {
	beforeEach(() => {
		vi.stubGlobal("Worker", CountingWorker);
		sent.length = 0;
	});
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it.each([
		["weighs three parts: its entries come in two parts and the answer", 12, CONTEXT_PART_BYTES / 4, 2],
		["weighs less than a part: they come with the analysis", 12, 1000, 0],
	])("a context that %s", async (_, turns, replyBytes, minParts) => {
		vi.resetModules();
		const { askContext, parseSessionFile } = await import("./client");
		const text = session(turns, replyBytes);
		const result = await parseSessionFile(new Blob([text]));
		expect(result.lean).toBe(true);
		const full = parseSession(text);
		const { entries } = full;
		const index = getTreeIndex(entries);
		for (const leaf of [null, "a3"]) {
			sent.length = 0;
			const context = await askContext(result.host as HostHandle, leaf, (p) => entries[p].id);
			const parts = sent.filter((t) => t === "context-part").length;
			// The whole path's context (the current leaf's) weighs what the case says.
			if (leaf === null) expect(parts).toBe(minParts);
			else expect(parts).toBeLessThanOrEqual(minParts);
			expect(sent.filter((t) => t === "context")).toHaveLength(1);
			// Every entry the view reads, whole and in order, as the full parse has them.
			expect(context.entries).toEqual(context.positions.map((p) => entries[p]));
			const want = analyzeContext(entries, leaf ?? full.leafId, index);
			expect(context.analysis.messages).toEqual(want.messages);
		}
	});
});
