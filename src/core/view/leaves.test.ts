import { describe, expect, it } from "vitest";
import { FIXTURES_DIR, goldenNames, readFixture } from "../../../test/fixtures";
import { analyzeContext } from "../context/context";
import { measuredContext } from "../context/measured";
import { estimateTotalTokens } from "../context/tokens";
import { parseSession } from "../session/parse";
import { buildTreeIndex, pathPositions } from "../session/tree";
import type { SessionEntry } from "../session/types";
import { summarizeLeaves } from "./leaves";

const ts = "2026-01-01T00:00:00.000Z";
const msg = (id: string, parentId: string | null, role: string, text: string): SessionEntry =>
	({
		type: "message",
		id,
		parentId,
		timestamp: ts,
		message:
			role === "assistant"
				? { role, content: [{ type: "text", text }], provider: "p", model: "m", timestamp: 0 }
				: { role, content: text, timestamp: 0 },
	}) as SessionEntry;
const compaction = (id: string, parentId: string, extra: Record<string, unknown>): SessionEntry =>
	({
		type: "compaction",
		id,
		parentId,
		timestamp: ts,
		summary: "S".repeat(40),
		tokensBefore: 9,
		...extra,
	}) as SessionEntry;
const edit = (id: string, parentId: string, targetId: string, content: string | null): SessionEntry =>
	({
		type: "context_edit",
		id,
		parentId,
		timestamp: ts,
		targetId,
		replacement: content === null ? null : { content },
	}) as SessionEntry;

/** Checks every tip's summary against the builder run for that tip alone. */
function expectMatchesBuilder(entries: SessionEntry[]) {
	const index = buildTreeIndex(entries);
	const summaries = summarizeLeaves(entries, index);
	expect(summaries.map((s) => s.position)).toEqual(index.leaves);
	for (const s of summaries) {
		const analysis = analyzeContext(entries, s.id, index);
		expect({ id: s.id, tokens: s.contextTokens }).toEqual({
			id: s.id,
			tokens: estimateTotalTokens(analysis.messages),
		});
		const path = pathPositions(index, s.position);
		expect(s.depth).toBe(path.length - 1);
		const users = path.filter((p) => {
			const e = entries[p] as { type: string; message?: { role?: string } };
			return e.type === "message" && e.message?.role === "user";
		});
		expect(s.lastUser).toBe(users.length ? users[users.length - 1] : -1);
		expect(s.isCurrent).toBe(s.position === index.currentLeaf);
		expect(s.measuredTokens).toBe(measuredContext(entries, path)?.tokens ?? null);
	}
	// Without counting: the same tips, last user messages and depths, and no token counts.
	const uncounted = summarizeLeaves(entries, index, { tokens: false });
	expect(uncounted).toEqual(summaries.map((s) => ({ ...s, contextTokens: null, measuredTokens: null })));
	return summaries;
}

describe("summarizeLeaves", () => {
	it.each(goldenNames())("matches the builder for every tip of golden %s", (name) => {
		const summaries = expectMatchesBuilder(parseSession(readFixture(`golden/${name}.jsonl`)).entries);
		expect(summaries.length).toBeGreaterThan(1);
		expect(summaries.filter((s) => s.isCurrent)).toHaveLength(1);
	});

	it.each(["before-compaction", "large-session"])("matches the builder on the real pi-mono session %s", (name) => {
		expect(FIXTURES_DIR).toBeTruthy();
		const summaries = expectMatchesBuilder(parseSession(readFixture(`pi-mono/${name}.jsonl`)).entries);
		expect(summaries[0].contextTokens).toBeGreaterThan(1000);
	});

	it("counts a legacy kept range without its system messages, and edits only where they are selected", () => {
		const entries = [
			msg("a", null, "user", "first question ".repeat(10)),
			msg("b", "a", "system", "system note ".repeat(10)),
			msg("c", "b", "assistant", "answer ".repeat(10)),
			edit("e1", "c", "c", "short"), // kept range: applies
			edit("e0", "e1", "a", null), // kept range, but its target is summarized: no effect
			compaction("k", "e0", { firstKeptEntryId: "b" }),
			msg("d", "k", "user", "after ".repeat(10)),
			edit("e2", "d", "d", null), // omits d
			edit("e3", "k", "k", "ignored for the summary"),
		];
		const [tipD, tipE3] = expectMatchesBuilder(entries);
		expect(tipD.id).toBe("e2");
		expect(tipE3.id).toBe("e3");
	});

	it("applies edits to a retained-tail checkpoint and lets the last edit per target win", () => {
		const tail = [
			{ role: "user", content: "tail question ".repeat(20), timestamp: 0 },
			{ role: "assistant", content: [{ type: "text", text: "x".repeat(99) }], provider: "p", model: "m", timestamp: 0 },
		];
		const entries = [
			msg("a", null, "user", "q"),
			compaction("k", "a", { retainedTail: tail, systemMessage: "be brief ".repeat(5) }),
			edit("e1", "k", "k", "replaced"),
			msg("b", "e1", "assistant", "long answer ".repeat(30)),
			edit("e2", "b", "b", "one"),
			edit("e3", "e2", "b", "a much longer replacement than one ".repeat(3)),
			msg("c", "k", "user", "branch without edits"),
		];
		const summaries = expectMatchesBuilder(entries);
		expect(summaries.map((s) => s.id)).toEqual(["e3", "c"]);
		expect(summaries[0].contextTokens).not.toBe(summaries[1].contextTokens);
	});

	it("handles forests, orphans and an empty file", () => {
		expect(summarizeLeaves([])).toEqual([]);
		expectMatchesBuilder([
			msg("a", null, "user", "one"),
			msg("b", "a", "assistant", "two"),
			msg("c", null, "user", "reset"),
			msg("d", "zzz", "user", "orphan"),
		]);
	});

	it("matches the builder on random trees with compactions and edits", () => {
		let seed = 7;
		const rand = () => {
			seed = (seed * 1103515245 + 12345) & 0x7fffffff;
			return seed / 0x7fffffff;
		};
		for (let round = 0; round < 40; round++) {
			const entries: SessionEntry[] = [];
			for (let i = 0; i < 60; i++) {
				const id = `n${i}`;
				const parent = i === 0 ? null : entries[Math.floor(rand() * i)].id;
				const r = rand();
				const anyId = () => entries[Math.floor(rand() * entries.length)]?.id ?? "none";
				if (parent !== null && r < 0.1) {
					const legacy = rand() < 0.5;
					entries.push(
						compaction(id, parent, legacy ? { firstKeptEntryId: anyId() } : { retainedTail: [] as unknown[] }),
					);
				} else if (parent !== null && r < 0.22) {
					entries.push(edit(id, parent, anyId(), rand() < 0.3 ? null : "edited ".repeat(Math.floor(rand() * 9))));
				} else {
					const roles = ["user", "assistant", "system", "user"];
					entries.push(msg(id, parent, roles[Math.floor(rand() * 4)], "t".repeat(Math.floor(rand() * 80))));
				}
			}
			expectMatchesBuilder(entries);
		}
	});
});
