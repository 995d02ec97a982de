import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { assistant, chain, header, jsonl, user } from "../../../test/builders";
import { FIXTURES_DIR, goldenNames, readFixture, readGolden } from "../../../test/fixtures";
import { heldOf } from "../../../test/held";
import {
	analyzeContext,
	appendSessionText,
	buildGraph,
	buildTreeIndex,
	canAppend,
	convertToLlm,
	graphParts,
	type LeafSummary,
	parseSession,
	type SessionEntry,
	summarizeLeaves,
} from "../../core";
import { countTips } from "./checks";
import { prepare } from "./context";
import { append, WHOLE_APPENDED_BYTES } from "./follow";

/** JSON round trip: compare what would be serialised (undefined fields vanish). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const encode = (s: string) => new TextEncoder().encode(s);

/** Whether an entry is one of the scan's skeletons (type, id, parent and a message's role only). */
const isSkeleton = (e: SessionEntry) => {
	const keys = Object.keys(e).length;
	const m = (e as { message?: object }).message;
	return e.type === "message" ? keys === 4 && m !== undefined && Object.keys(m).length === 1 : keys === 3;
};

/** The file cut after its `keep`-th line: the host of the first part, grown by the rest. */
async function grow(text: string, keep: number) {
	const lines = text.split(/(?<=\n)/);
	const head = lines.slice(0, keep).join("");
	const rest = lines.slice(keep).join("");
	const { held: host } = heldOf(head);
	// The tips of the file as opened, counted as the worker counts them in the background.
	await countTips(host, () => false);
	const growth = await append(host, encode(rest), keep + 1);
	return { host, head, rest, growth };
}

/** pi's goldens, and the other sessions the tests hold (real ones among them), broken ones aside. */
function sessionFiles(): [string, string][] {
	const golden = goldenNames().map((name): [string, string] => [`golden/${name}`, readGolden(name).text]);
	const others = readdirSync(FIXTURES_DIR, { recursive: true, encoding: "utf8" })
		.filter((f) => f.endsWith(".jsonl") && !/^(golden|bad|broken|hostile)\//.test(f))
		.sort()
		.map((f): [string, string] => [f, readFixture(f)]);
	// A file of a line or two has nowhere to cut.
	return [...golden, ...others].filter(([, text]) => text.split("\n").length > 4);
}

describe.each(sessionFiles())("session %s followed in a worker", (_name, text) => {
	const parsed = parseSession(text);
	const lineCount = text.split("\n").length - 1;
	const cuts = [...new Set([2, Math.floor(lineCount / 2), lineCount - 1])].filter((k) => k >= 2 && k < lineCount);

	it.runIf(canAppend(parsed)).each(cuts)(
		"grown after line %i: the same entries, view, tips, contexts and new issues as the whole file",
		async (keep) => {
			const { host, head, rest, growth } = await grow(text, keep);
			if (!growth) throw new Error("not grown");
			expect(host.entries.map((e) => e.id)).toEqual(parsed.entries.map((e) => e.id));
			expect(growth.outline.facts.leafId).toBe(parsed.leafId);
			expect(growth.outline.facts.entryCount).toBe(parsed.entries.length);
			const index = buildTreeIndex(parsed.entries);
			expect(plain(growth.outline.graph)).toEqual(plain(graphParts(buildGraph(index))));
			const pick = (l: LeafSummary) => ({
				id: l.id,
				position: l.position,
				lastUser: l.lastUser,
				contextTokens: l.contextTokens,
				measuredTokens: l.measuredTokens,
			});
			expect(growth.outline.tips.map(pick)).toEqual(summarizeLeaves(parsed.entries, index).map(pick));
			// The worker's entries: each whole one is the full parse's, and those the outline shows are whole.
			const { entries } = host;
			expect(entries.length).toBe(parsed.entries.length);
			entries.forEach((e, p) => {
				if (!isSkeleton(e)) expect(e).toEqual(parsed.entries[p]);
			});
			for (const node of growth.outline.graph.nodes) expect(entries[node.first]).toEqual(parsed.entries[node.first]);
			for (const leaf of growth.outline.tips) {
				expect(entries[leaf.position]).toEqual(parsed.entries[leaf.position]);
				if (leaf.lastUser >= 0) expect(entries[leaf.lastUser]).toEqual(parsed.entries[leaf.lastUser]);
			}
			// Every tip's context, answered by the grown host, is the full parse's.
			for (const leaf of index.leaves) {
				const id = parsed.entries[leaf].id;
				const { analysis } = await prepare(host, id);
				const want = analyzeContext(parsed.entries, id);
				expect(analysis.selected.map((e) => e.id)).toEqual(want.selected.map((e) => e.id));
				expect(plain(convertToLlm(analysis.messages))).toEqual(plain(convertToLlm(want.messages)));
			}
			// The new lines' issues: those the follower of the full parse finds for them.
			const opened = parseSession(head);
			const followed = appendSessionText(opened, rest, keep + 1);
			const fresh = (followed?.issues ?? []).filter((i) => (i.line ?? 0) > keep);
			const strip = ({ position: _p, related: _r, ...issue }: { position?: number; related?: string[] }) => issue;
			expect(plain(growth.issues.map(strip))).toEqual(plain(fresh));
		},
	);
});

describe("the worker, following a session's file", () => {
	const long = "x".repeat(WHOLE_APPENDED_BYTES + 10);
	const turns = (from: number, to: number, parent: string | null) => {
		const out: SessionEntry[] = [];
		for (let i = from; i < to; i++)
			out.push(user(`u${i}`, null, `question ${i}`), assistant(`a${i}`, null, `answer ${i}`));
		const linked = chain(...out);
		linked[0].parentId = parent;
		return linked;
	};

	it("reads a branch off an old run: the run's split node is read whole and sent", async () => {
		const text = jsonl(header(), ...turns(0, 40, null));
		const lines = text.split(/(?<=\n)/).length - 1;
		const { held: host } = heldOf(text);
		// u10 was inside a folded run: a skeleton, until a branch starting at a10 makes it a node's first.
		expect(isSkeleton(host.entries[21])).toBe(true);
		const growth = await append(host, encode(jsonl(null, user("b1", "a10", "another way"))), lines + 1);
		if (!growth) throw new Error("not grown");
		const full = parseSession(`${text}${jsonl(null, user("b1", "a10", "another way"))}`);
		for (const node of growth.outline.graph.nodes) expect(host.entries[node.first]).toEqual(full.entries[node.first]);
		expect(isSkeleton(host.entries[21])).toBe(false);
		expect(growth.outline.facts.leafId).toBe("b1");
		expect(growth.outline.tips.map((l) => l.id)).toEqual(summarizeLeaves(full.entries).map((l) => l.id));
	});

	it("holds a long appended line as a skeleton, read again from the appended bytes when asked", async () => {
		const text = jsonl(header(), ...turns(0, 3, null));
		const { held: host } = heldOf(text);
		const more = jsonl(null, user("big", "a2", long), assistant("after", "big", "done"), user("tip", "after", "next"));
		const growth = await append(host, encode(more), 8);
		if (!growth) throw new Error("not grown");
		const full = parseSession(text + more);
		const big = full.entries.findIndex((e) => e.id === "big");
		expect(isSkeleton(host.entries[big])).toBe(true);
		expect(await host.load([big])).toEqual([full.entries[big]]);
		const { analysis } = await prepare(host, "tip");
		expect(plain(analysis.messages)).toEqual(plain(analyzeContext(full.entries, "tip").messages));
	});

	it("grows twice, CRLF lines and a broken line among them, and keeps answering", async () => {
		const text = jsonl(header(), ...turns(0, 2, null));
		const { held: host } = heldOf(text);
		const first = `${JSON.stringify(user("c1", "a1", "one"))}\r\nnot json\n`;
		const g1 = await append(host, encode(first), 6);
		expect(g1?.issues.map((i) => i.line)).toEqual([7]);
		const second = jsonl(null, assistant("c2", "c1", "two"));
		const g2 = await append(host, encode(second), 8);
		expect(g2?.outline.facts.leafId).toBe("c2");
		const full = parseSession(text + first + second);
		expect(host.entries.map((e) => e.id)).toEqual(full.entries.map((e) => e.id));
		expect(await host.load([host.entries.length - 2])).toEqual([full.entries[full.entries.length - 2]]);
		const { analysis } = await prepare(host, "c2");
		expect(plain(analysis.messages)).toEqual(plain(analyzeContext(full.entries, "c2").messages));
	});

	it("does not grow a file of an older version (it is read again)", async () => {
		const text = jsonl(header({ version: 2 }), ...turns(0, 2, null));
		const { held: host } = heldOf(text);
		expect(await append(host, encode(jsonl(null, user("z", "a1", "more"))), 6)).toBeNull();
	});
});
