import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { parseSession } from "../session/parse";
import { buildTreeIndex } from "../session/tree";
import type { SessionEntry } from "../session/types";
import { analyzeContext } from "./context";
import { estimateError, measuredContext, recordedContextTokens } from "./measured";

const ts = "2026-01-01T00:00:00.000Z";
const user = (id: string, parentId: string | null): SessionEntry =>
	({
		type: "message",
		id,
		parentId,
		timestamp: ts,
		message: { role: "user", content: "hi", timestamp: 0 },
	}) as SessionEntry;
const reply = (id: string, parentId: string, usage: unknown): SessionEntry =>
	({
		type: "message",
		id,
		parentId,
		timestamp: ts,
		message: { role: "assistant", content: [{ type: "text", text: "ok" }], usage, timestamp: 0 },
	}) as SessionEntry;
const usage = (input: number, cacheRead: number, cacheWrite: number) => ({
	input,
	output: 50,
	cacheRead,
	cacheWrite,
	totalTokens: input + cacheRead + cacheWrite + 50,
});

describe("recordedContextTokens", () => {
	it("adds input, cache reads and cache writes, never the output", () => {
		expect(recordedContextTokens(reply("a", "u", usage(100, 2000, 30)))).toBe(2130);
	});
	it("is null for other entries, missing usage and replies that recorded nothing", () => {
		expect(recordedContextTokens(user("u", null))).toBeNull();
		expect(recordedContextTokens(reply("a", "u", undefined))).toBeNull();
		expect(recordedContextTokens(reply("a", "u", usage(0, 0, 0)))).toBeNull();
		expect(recordedContextTokens(reply("a", "u", { input: "12", cacheRead: null }))).toBeNull();
	});
});

describe("measuredContext", () => {
	const entries = [
		user("u1", null),
		reply("a1", "u1", usage(100, 0, 0)),
		user("u2", "a1"),
		reply("a2", "u2", usage(0, 0, 0)), // an error reply: nothing recorded
		user("u3", "a2"),
	];
	const path = entries.map((_, i) => i);

	it("takes the last assistant reply on the path that recorded its input", () => {
		expect(measuredContext(entries, path)).toEqual({
			entryId: "a1",
			position: 1,
			input: 100,
			cacheRead: 0,
			cacheWrite: 0,
			tokens: 100,
			beforeCompaction: false,
		});
	});

	it("says when a compaction came after that reply", () => {
		const compacted = [
			...entries,
			{
				type: "compaction",
				id: "c",
				parentId: "u3",
				timestamp: ts,
				summary: "s",
				firstKeptEntryId: "u3",
				tokensBefore: 1,
			},
		] as SessionEntry[];
		expect(measuredContext(compacted, [...path, 5])?.beforeCompaction).toBe(true);
	});

	it("is null on a path without a recorded reply", () => {
		expect(measuredContext(entries, [0])).toBeNull();
		expect(measuredContext([], [])).toBeNull();
	});

	it("reads the usage a real pi file recorded, on the tips' own paths", () => {
		const s = parseSession(readFixture("golden/retained-tail.jsonl"));
		const index = buildTreeIndex(s.entries);
		let measured = 0;
		for (const tip of index.leaves) {
			const path = analyzeContext(s.entries, s.entries[tip].id, index).path;
			const m = measuredContext(s.entries, path);
			if (!m) continue;
			measured++;
			const u = (
				s.entries[m.position] as { message: { usage: { input: number; cacheRead: number; cacheWrite: number } } }
			).message.usage;
			expect(m.tokens).toBe(u.input + u.cacheRead + u.cacheWrite);
			expect(path).toContain(m.position);
		}
		expect(measured).toBeGreaterThan(0);
	});
});

describe("estimateError", () => {
	it("gives the difference and its share of the measurement", () => {
		expect(estimateError(730, 1000)).toEqual({ difference: -270, ratio: -0.27 });
		expect(estimateError(5, 0)).toEqual({ difference: 5, ratio: null });
	});
});
