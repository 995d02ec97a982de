import { describe, expect, it } from "vitest";
import { goldenNames, readFixture, readGolden } from "../../../test/fixtures";
import { parseSession } from "../session/parse";
import { buildTreeIndex } from "../session/tree";
import { summarizeUsage, usageTotals } from "../session/usage";
import { composeContext } from "./composition";
import { analyzeContext } from "./context";
import { EntryFigures } from "./figures";
import { inspectContext } from "./inspect";
import { pathSeries } from "./pathSeries";

/*
 * The tip's composition, its path over time and the recorded usage, checked against sums worked
 * out by hand for a small session and against plain sums over the raw lines of pi-written files.
 */

const line = (value: object) => JSON.stringify(value);
const SMALL = [
	line({ type: "session", version: 3, id: "s1", timestamp: "2026-01-02T09:00:00.000Z", cwd: "/p" }),
	line({
		type: "message",
		id: "u1",
		parentId: null,
		timestamp: "2026-01-02T09:00:01.000Z",
		message: { role: "user", content: "hello world!", timestamp: 1 },
	}),
	line({
		type: "message",
		id: "a1",
		parentId: "u1",
		timestamp: "2026-01-02T10:00:00.000Z",
		message: {
			role: "assistant",
			content: [
				{ type: "thinking", thinking: "abcd" },
				{ type: "text", text: "12345678" },
				{ type: "toolCall", id: "c1", name: "read", arguments: { path: "a.ts" } },
			],
			provider: "anthropic",
			model: "claude-x",
			usage: {
				input: 100,
				output: 20,
				cacheRead: 50,
				cacheWrite: 10,
				totalTokens: 180,
				cost: { input: 0.004, output: 0.005, cacheRead: 0.0005, cacheWrite: 0.0005, total: 0.01 },
			},
			stopReason: "toolUse",
			timestamp: 2,
		},
	}),
	line({
		type: "message",
		id: "t1",
		parentId: "a1",
		timestamp: "2026-01-02T10:00:01.000Z",
		message: {
			role: "toolResult",
			toolCallId: "c1",
			toolName: "read",
			content: [
				{ type: "text", text: "x".repeat(40) },
				{ type: "image", data: "AAAA", mimeType: "image/png" },
			],
			isError: false,
			timestamp: 3,
		},
	}),
	line({
		type: "message",
		id: "a2",
		parentId: "t1",
		timestamp: "2026-01-03T08:00:00.000Z",
		message: {
			role: "assistant",
			content: [{ type: "text", text: "done" }],
			provider: "anthropic",
			model: "claude-x",
			usage: { input: 300, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 305 },
			stopReason: "stop",
			timestamp: 4,
		},
	}),
].join("\n");

function contextOf(text: string, leafId?: string) {
	const { entries } = parseSession(text);
	const index = buildTreeIndex(entries);
	const analysis = analyzeContext(entries, leafId, index);
	const pipeline = inspectContext(entries, analysis);
	return { entries, index, analysis, pipeline };
}

describe("a small session, summed by hand", () => {
	const { entries, index, analysis, pipeline } = contextOf(SMALL);

	it("composes the tokens sent by category, block by block", () => {
		const composition = composeContext(analysis.messages, pipeline.llm);
		const tokens = Object.fromEntries(composition.parts.map((p) => [p.category, p.tokens]));
		// "hello world!" 12 chars → 3; "abcd" → 1; "12345678" → 2 and "done" → 1; "read" + {"path":"a.ts"}
		// = 4 + 15 chars → 5; 40 x's → 10; one image → 1,200.
		expect(tokens).toEqual({ user: 3, assistant: 3, thinking: 1, toolCall: 5, toolResult: 10, image: 1200 });
		expect(composition.tokens).toBe(1222);
		expect(composition.tools).toEqual([{ name: "read", tokens: 10, results: 1 }]);
		const members = Object.fromEntries(composition.parts.map((p) => [p.category, [...p.messages]]));
		expect(members).toEqual({
			user: [0],
			assistant: [1, 3],
			thinking: [1],
			toolCall: [1],
			toolResult: [2],
			image: [2],
		});
	});

	it("sums the recorded usage by day and model, cost only where recorded", () => {
		const summary = summarizeUsage(entries);
		expect(summary.rows).toEqual([
			{
				day: "2026-01-02",
				provider: "anthropic",
				model: "claude-x",
				replies: 1,
				input: 100,
				output: 20,
				cacheRead: 50,
				cacheWrite: 10,
				cost: 0.01,
				costed: 1,
			},
			{
				day: "2026-01-03",
				provider: "anthropic",
				model: "claude-x",
				replies: 1,
				input: 300,
				output: 5,
				cacheRead: 0,
				cacheWrite: 0,
				cost: 0,
				costed: 0,
			},
		]);
		expect(usageTotals(summary)).toEqual({
			replies: 2,
			input: 400,
			output: 25,
			cacheRead: 50,
			cacheWrite: 10,
			cost: 0.01,
			costed: 1,
		});
	});

	it("draws the path: the estimate after each entry, the recorded input, the tip's cost", () => {
		const series = pathSeries(
			analysis.path,
			EntryFigures.of(entries),
			(p) => entries[p],
			(p) => index.children.count(p),
		);
		// u1 3; a1 ceil((4 + 8 + 19) / 4) = 8 → 11; t1 ceil((40 + 4800) / 4) = 1210 → 1221; a2 1 → 1222.
		expect([...series.estimated.y]).toEqual([3, 11, 1221, 1222]);
		expect(series.estimated.ids).toEqual(["u1", "a1", "t1", "a2"]);
		expect([...series.recorded.x]).toEqual([1, 3]);
		expect([...series.recorded.y]).toEqual([160, 300]);
		expect(series.usage).toMatchObject({ replies: 2, cost: 0.01, costed: 1 });
		expect(series.compactions).toEqual([]);
	});
});

/** Characters ÷ 4 per block, as pi's payload is written (checked apart from the code under test). */
function blockSums(llm: { role: string; content: unknown }[]) {
	const sums = { user: 0, assistant: 0, thinking: 0, toolCall: 0, toolResult: 0, image: 0 };
	for (const m of llm) {
		const blocks =
			typeof m.content === "string" ? [{ type: "text", text: m.content }] : (m.content as Record<string, unknown>[]);
		for (const b of blocks) {
			if (b.type === "image") sums.image += 1200;
			else if (b.type === "thinking") sums.thinking += Math.ceil(String(b.thinking).length / 4);
			else if (b.type === "toolCall")
				sums.toolCall += Math.ceil((String(b.name).length + JSON.stringify(b.arguments ?? {}).length) / 4);
			else if (b.type === "text") {
				const n = Math.ceil(String(b.text).length / 4);
				if (m.role === "assistant") sums.assistant += n;
				else if (m.role === "toolResult") sums.toolResult += n;
				else sums.user += n;
			}
		}
	}
	return sums;
}

describe.each(goldenNames())("golden %s: every tip's composition equals plain sums over pi's own payload", (name) => {
	const { text, expected } = readGolden(name);
	const { entries } = parseSession(text);
	const index = buildTreeIndex(entries);
	it("for each tip", () => {
		for (const [id, exp] of Object.entries(expected.leaves)) {
			const analysis = analyzeContext(entries, id, index);
			const { parts, tokens } = composeContext(analysis.messages, inspectContext(entries, analysis).llm);
			const got = Object.fromEntries(parts.map((p) => [p.category, p.tokens]));
			const want = blockSums(exp.llm as { role: string; content: unknown }[]);
			// What pi sends as user text: the user's own, bash runs, summaries and custom messages.
			const userLike = (got.user ?? 0) + (got.bashExecution ?? 0) + (got.summary ?? 0) + (got.custom ?? 0);
			expect({ ...want, user: userLike }).toEqual({
				user: want.user,
				assistant: got.assistant ?? 0,
				thinking: got.thinking ?? 0,
				toolCall: got.toolCall ?? 0,
				toolResult: got.toolResult ?? 0,
				image: got.image ?? 0,
			});
			expect(tokens).toBe(Object.values(want).reduce((a, b) => a + b, 0));
		}
	});
});

/** Raw lines of a file: every assistant reply's usage, and each line's parent, read apart from the parser. */
function rawReplies(text: string) {
	const byId = new Map<string, { parentId: string | null; cost: number | null; input: number }>();
	let cost = 0;
	let replies = 0;
	let input = 0;
	for (const raw of text.split("\n")) {
		if (!raw.trim()) continue;
		let v: Record<string, unknown>;
		try {
			v = JSON.parse(raw);
		} catch {
			continue;
		}
		const m = v.message as Record<string, unknown> | undefined;
		const u =
			m?.role === "assistant" && v.type === "message" ? (m.usage as Record<string, unknown> | undefined) : undefined;
		const c =
			u && typeof (u.cost as Record<string, unknown>)?.total === "number"
				? (u.cost as Record<string, number>).total
				: null;
		if (u) {
			replies++;
			cost += c ?? 0;
			input += Number(u.input) || 0;
		}
		if (typeof v.id === "string" && v.type !== "session")
			byId.set(v.id, {
				parentId: (v.parentId as string | null) ?? null,
				cost: u ? c : null,
				input: Number(u?.input) || 0,
			});
	}
	return { byId, cost, replies, input };
}

const REAL = ["pi-mono/before-compaction.jsonl", "pi-mono/large-session.jsonl"];

describe.each([...goldenNames().map((n) => `golden/${n}.jsonl`), ...REAL])(
	"%s: recorded usage and tip costs",
	(file) => {
		const text = readFixture(file);
		const { entries } = parseSession(text);
		const index = buildTreeIndex(entries);
		const raw = rawReplies(text);

		it("the session's usage is every reply once", () => {
			const totals = usageTotals(summarizeUsage(entries));
			expect(totals.replies).toBe(raw.replies);
			expect(totals.input).toBe(raw.input);
			expect(totals.cost).toBeCloseTo(raw.cost, 9);
		});

		it("each tip's cost is its path's replies, walked up the parent ids", () => {
			if (raw.byId.size === 0) {
				// A version 1 file has no ids: one chain in file order, its tip's path every reply.
				expect(index.leaves).toEqual([entries.length - 1]);
				const series = pathSeries(
					analyzeContext(entries, undefined, index).path,
					EntryFigures.of(entries),
					(p) => entries[p],
					(p) => index.children.count(p),
				);
				expect(series.usage.replies).toBe(raw.replies);
				expect(series.usage.cost).toBeCloseTo(raw.cost, 9);
				return;
			}
			for (const leaf of index.leaves.slice(0, 50)) {
				const analysis = analyzeContext(entries, entries[leaf].id, index);
				const series = pathSeries(
					analysis.path,
					EntryFigures.of(entries),
					(p) => entries[p],
					(p) => index.children.count(p),
				);
				let cost = 0;
				let at: string | null = entries[leaf].id;
				const seen = new Set<string>();
				while (at !== null && !seen.has(at)) {
					seen.add(at);
					const node = raw.byId.get(at);
					if (!node) break;
					cost += node.cost ?? 0;
					at = node.parentId;
				}
				expect(series.usage.cost).toBeCloseTo(cost, 9);
				expect(series.length).toBe(analysis.path.length);
			}
		});
	},
);
