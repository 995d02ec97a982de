import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR, readGolden } from "../../../test/fixtures";
import { getLabels } from "../session/meta";
import { parseSession } from "../session/parse";
import { buildTreeIndex, getPath } from "../session/tree";
import { compareTips } from "./compare";
import { analyzeContext } from "./context";
import { explainSteps } from "./explain";
import { exportBranch, newEntryId, serializeSession } from "./export";
import { appendEntry, labEntry } from "./lab";
import { convertToLlm } from "./llm";

const example = (file: string) =>
	parseSession(readFileSync(join(FIXTURES_DIR, "..", "..", "public", "examples", file), "utf8"));

/** A seeded PRNG so ids are reproducible in tests. */
function seeded(seed: number): () => number {
	let s = seed;
	return () => {
		s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
		return s / 0x1_0000_0000;
	};
}

describe("serializeSession / exportBranch", () => {
	const { text, expected } = readGolden("branchy-legacy");
	const session = parseSession(text);

	it("serializing a v3 session and parsing it again gives the same entries", () => {
		const again = parseSession(serializeSession(session.header, session.entries));
		expect(again.entries).toEqual(session.entries);
		expect(again.header).toEqual(session.header);
	});

	it("a branch export is a pi session of the path with its labels, with the same context", () => {
		const index = buildTreeIndex(session.entries);
		let checked = 0;
		for (const leafPos of index.leaves) {
			const leafId = session.entries[leafPos].id;
			const out = exportBranch(session.header, session.entries, leafId, {
				sessionId: "new-session",
				timestamp: "2026-11-30T00:00:00.000Z",
				parentSession: "branchy-legacy.jsonl",
				random: seeded(7),
			});
			const branch = parseSession(out);
			expect(branch.header).toMatchObject({
				type: "session",
				version: 3,
				id: "new-session",
				parentSession: "branchy-legacy.jsonl",
			});
			expect(branch.issues.filter((i) => i.severity === "error")).toEqual([]);
			const pathIds = getPath(session.entries, leafId)
				.filter((e) => e.type !== "label")
				.map((e) => e.id);
			expect(branch.entries.slice(0, pathIds.length).map((e) => e.id)).toEqual(pathIds);
			// Labels of path entries are re-created after the leaf; the context is unchanged.
			const labels = getLabels(session.entries);
			const branchLabels = getLabels(branch.entries);
			for (const id of pathIds) expect(branchLabels.get(id)).toBe(labels.get(id));
			// Like pi, dropping label entries can change a context only when a label was on the path
			// (as the leaf, or as a compaction's first kept entry); otherwise it is the same.
			if (getPath(session.entries, leafId).every((e) => e.type !== "label")) {
				const llm = JSON.parse(JSON.stringify(convertToLlm(analyzeContext(branch.entries, leafId).messages)));
				expect(llm).toEqual(expected.leaves[leafId].llm);
				checked++;
			}
		}
		expect(checked).toBeGreaterThan(3);
	});

	it("newEntryId avoids taken ids", () => {
		const taken = new Set(["00000000"]);
		const id = newEntryId(taken, () => 0);
		expect(id).not.toBe("00000000");
	});
});

describe("compareTips", () => {
	it("finds the shared prefix, the split point and the token difference of two branches", () => {
		const s = example("05-branch-summary.jsonl");
		const index = buildTreeIndex(s.entries);
		const [oldTip, newTip] = index.leaves.map((p) => s.entries[p].id);
		const cmp = compareTips(s.entries, oldTip, newTip);
		expect(cmp.commonAncestorId).toBe(s.entries[index.branchPoints[0]].id);
		expect(cmp.sharedPrefix).toBe(2);
		expect(cmp.a.llm[cmp.sharedPrefix]).not.toEqual(cmp.b.llm[cmp.sharedPrefix]);
		expect(cmp.tokenDifference).toBe(cmp.b.totalTokens - cmp.a.totalTokens);
		expect(cmp.a.totalTokens).toBeGreaterThan(0);
	});

	it("a tip compared with itself shares everything", () => {
		const s = example("02-legacy-compaction.jsonl");
		const cmp = compareTips(s.entries, s.leafId, s.leafId);
		expect(cmp.sharedPrefix).toBe(cmp.a.llm.length);
		expect(cmp.tokenDifference).toBe(0);
	});
});

describe("explainSteps", () => {
	it("walks the seven builder steps with the entries each one touches", () => {
		const s = example("06-model-in-summarized-region.jsonl");
		const a = analyzeContext(s.entries);
		const steps = explainSteps(s.entries, a);
		expect(steps.map((st) => st.id)).toEqual(["path", "compaction", "rule", "range", "project", "settings", "convert"]);
		expect(steps[0].focus).toEqual(a.path);
		expect(steps[1].focus).toEqual([a.compaction?.position]);
		expect(steps[2].text).toMatch(/legacy/);
		expect(steps[3].focus).toEqual(a.selectedPositions);
		expect(steps[5].text).toMatch(/summarized region/);
		expect(steps[5].text).toContain("openai/gpt-5.1-codex");
		expect(steps[0].text).toContain(`${a.path.length} entries, root first`);
		expect(steps.map((st) => st.text).join(" ")).not.toMatch(/entrys/);
	});

	it("says so when the kept entry is not on the path, and counts dropped `!!` runs", () => {
		const kept = example("10-kept-entry-off-path.jsonl");
		expect(explainSteps(kept.entries, analyzeContext(kept.entries))[2].text).toMatch(/not on this path/);
		const bash = example("08-bash-exclusion.jsonl");
		expect(explainSteps(bash.entries, analyzeContext(bash.entries))[6].text).toMatch(/1 `!!` bash run left out/);
	});
});

describe("what-if lab", () => {
	const now = "2026-11-30T12:00:00.000Z";

	it("appending a legacy compaction changes the context and leaves the original array alone", () => {
		const s = example("01-no-compaction.jsonl");
		const before = JSON.stringify(s.entries);
		const leaf = s.leafId as string;
		const kept = s.entries[s.entries.length - 2].id;
		const entry = labEntry(
			s.entries,
			leaf,
			{ kind: "compaction", format: "legacy", keptEntryId: kept, summary: "So far: fixed it." },
			{ now, random: seeded(1) },
		);
		const edited = appendEntry(s.entries, entry);
		expect(JSON.stringify(s.entries)).toBe(before);
		const a = analyzeContext(edited, entry.id);
		expect(a.rule).toBe("legacy");
		expect(a.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant"]);
		expect((entry as { tokensBefore: number }).tokensBefore).toBeGreaterThan(0);
	});

	it("a retained-tail compaction carries the messages from the kept entry", () => {
		const s = example("01-no-compaction.jsonl");
		const kept = s.entries[s.entries.length - 2].id;
		const entry = labEntry(
			s.entries,
			s.leafId as string,
			{ kind: "compaction", format: "retained-tail", keptEntryId: kept, summary: "S" },
			{ now },
		);
		const a = analyzeContext(appendEntry(s.entries, entry), entry.id);
		expect(a.rule).toBe("retained-tail");
		expect(a.messages.length).toBe(3);
		expect(a.sources.slice(1).every((src) => src.origin === "retained-tail")).toBe(true);
	});

	it("context edits, branch summaries and messages apply at once", () => {
		const s = example("01-no-compaction.jsonl");
		const target = s.entries.find((e) => e.type === "message")?.id as string;
		const omit = labEntry(
			s.entries,
			s.leafId as string,
			{ kind: "context-edit", targetId: target, replacement: null },
			{ now },
		);
		const withOmit = appendEntry(s.entries, omit);
		expect(analyzeContext(withOmit, omit.id).fates.find((f) => f.id === target)?.omitted).toBe(true);
		const summary = labEntry(
			withOmit,
			omit.id,
			{ kind: "branch-summary", fromId: target, summary: "Tried X" },
			{ now },
		);
		const withSummary = appendEntry(withOmit, summary);
		const msg = labEntry(withSummary, summary.id, { kind: "message", role: "user", text: "What next?" }, { now });
		const a = analyzeContext(appendEntry(withSummary, msg), msg.id);
		expect(a.messages.slice(-2).map((m) => m.role)).toEqual(["branchSummary", "user"]);
		expect(new Set([omit.id, summary.id, msg.id]).size).toBe(3);
	});
});
