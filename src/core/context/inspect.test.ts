import { describe, expect, it } from "vitest";
import { goldenNames, readGolden } from "../../../test/fixtures";
import { parseSession } from "../session/parse";
import { buildTreeIndex } from "../session/tree";
import type { SessionEntry } from "../session/types";
import { analyzeContext } from "./context";
import { describeRule, inspectContext, outcomeLabel, regionLabel } from "./inspect";
import { estimateTokens } from "./tokens";

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe.each(goldenNames())("inspectContext on golden %s", (name) => {
	const { text, expected } = readGolden(name);
	const { entries } = parseSession(text);
	const index = buildTreeIndex(entries);

	it("gives pi's provider payload, each item traced to a message and its entry", () => {
		for (const [id, exp] of Object.entries(expected.leaves)) {
			const analysis = analyzeContext(entries, id, index);
			const view = inspectContext(entries, analysis);
			expect(plain(view.llm.map((i) => i.message))).toEqual(exp.llm);
			expect(view.selectedFates.map((f) => f.id)).toEqual(exp.contextEntryIds);
			for (const item of view.llm) {
				expect(item.from).toBeGreaterThanOrEqual(0);
				expect(item.tokens).toBe(estimateTokens(item.message));
			}
			// Provenance is increasing: the payload keeps the message order.
			const froms = view.llm.map((i) => i.from);
			expect([...froms].sort((a, b) => a - b)).toEqual(froms);
			expect(view.contextTokens).toBe(view.messageTokens.reduce((a, b) => a + b, 0));
		}
	});
});

describe("settings sources", () => {
	it("says when the model was set inside the summarized region", () => {
		const { entries } = parseSession(readGolden("branchy-legacy").text);
		const view = inspectContext(entries, analyzeContext(entries, "e9dc5bf4"));
		expect(view.model).toMatchObject({ region: "summarized", summarized: true });
		expect(entries[view.model?.position ?? -1].id).toBe(view.model?.id);
	});

	it("is null when nothing on the path sets it", () => {
		const entries: SessionEntry[] = [
			{
				type: "message",
				id: "a",
				parentId: null,
				timestamp: "2026-01-01T00:00:00Z",
				message: { role: "user", content: "hi", timestamp: 1 },
			},
		];
		const view = inspectContext(entries, analyzeContext(entries, "a"));
		expect(view.model).toBeNull();
		expect(view.thinkingLevel).toBeNull();
		expect(view.rule.severity).toBe("info");
		expect(regionLabel(view.selectedFates[0])).toBe("on path");
		expect(outcomeLabel(view.selectedFates[0])).toBe("1 message");
	});
});

describe("describeRule", () => {
	const ruleFor = (name: string, leaf: string) => {
		const { entries } = parseSession(readGolden(name).text);
		const analysis = analyzeContext(entries, leaf);
		return { rule: analysis.rule, described: describeRule(entries, analysis) };
	};

	it("flags a firstKeptEntryId that is not on the path as a warning", () => {
		const { rule, described } = ruleFor("branchy-legacy", "b673016b");
		expect(rule).toBe("legacy-kept-missing");
		expect(described.severity).toBe("warning");
		expect(described.text).toMatch(/not on this path/);
	});

	it("describes checkpoints and legacy kept ranges", () => {
		expect(ruleFor("mixed-formats-2", "d2f366e2").described.text).toMatch(/checkpoint \(retainedTail: \d+ messages?\)/);
		const legacy = ruleFor("small-legacy", "110071c3");
		expect(legacy.rule).toBe("legacy");
		expect(legacy.described).toMatchObject({ severity: "info" });
		expect(legacy.described.text).toMatch(/keeps \d+ entr(y|ies) from firstKeptEntryId/);
	});
});
