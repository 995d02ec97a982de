import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
	analyzeContext,
	buildTreeIndex,
	convertToLlm,
	type ParsedSession,
	parseSession,
	type SessionEntry,
	v1EntryId,
} from "../src/core";

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "examples");
const manifest = JSON.parse(readFileSync(join(DIR, "index.json"), "utf8")) as {
	examples: { file: string; title: string; rule: string; explanation: string; leaf?: string }[];
};

function load(file: string): ParsedSession {
	return parseSession(readFileSync(join(DIR, file), "utf8"));
}

const byType = (s: ParsedSession, type: string): SessionEntry[] => s.entries.filter((e) => e.type === type);
const roleOf = (e: SessionEntry) => (e as { message?: { role?: string } }).message?.role;

describe("example gallery", () => {
	it("lists every example file with a title, a rule and an explanation", () => {
		expect(manifest.examples.length).toBe(12);
		for (const ex of manifest.examples) {
			expect(ex.title.length).toBeGreaterThan(5);
			expect(ex.rule.length).toBeGreaterThan(20);
			expect(ex.explanation.length).toBeGreaterThan(20);
			const s = load(ex.file);
			expect(s.issues.filter((i) => i.severity === "error")).toEqual([]);
			if (ex.leaf) expect(s.entries.some((e) => e.id === ex.leaf)).toBe(true);
		}
	});

	it("01: without compaction every path message reaches the provider", () => {
		const s = load("01-no-compaction.jsonl");
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("none");
		expect(a.selected.length).toBe(s.entries.length);
		expect(convertToLlm(a.messages).length).toBe(byType(s, "message").length);
		expect(a.model).toEqual({ provider: "anthropic", modelId: "claude-sonnet-4-5" });
	});

	it("02: a legacy compaction sends summary, kept range, then the rest", () => {
		const s = load("02-legacy-compaction.jsonl");
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("legacy");
		const c = byType(s, "compaction")[0] as SessionEntry & { firstKeptEntryId: string };
		expect(a.selected[0].id).toBe(c.id);
		expect(a.selected[1].id).toBe(c.firstKeptEntryId);
		expect(a.messages[0].role).toBe("compactionSummary");
		const summarized = a.fates.filter((f) => f.region === "summarized");
		expect(summarized.length).toBeGreaterThan(3);
		expect(a.fates.some((f) => f.region === "kept")).toBe(true);
	});

	it("03: retainedTail replaces everything before the compaction", () => {
		const s = load("03-retained-tail.jsonl");
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("retained-tail");
		const c = byType(s, "compaction")[0] as SessionEntry & { retainedTail: unknown[] };
		expect(a.selected[0].id).toBe(c.id);
		expect(a.fates.filter((f) => f.region === "summarized").every((f) => !f.selected)).toBe(true);
		expect(a.sources.filter((src) => src.origin === "retained-tail").length).toBe(c.retainedTail.length);
		expect(a.messages[1]).toEqual(c.retainedTail[0]);
	});

	it("04: only the latest compaction contributes; the older one in the kept range adds nothing", () => {
		const s = load("04-two-compactions.jsonl");
		const [older, latest] = byType(s, "compaction");
		const a = analyzeContext(s.entries);
		expect(a.compaction?.position).toBe(s.entries.indexOf(latest));
		const olderFate = a.fates.find((f) => f.id === older.id);
		expect(olderFate?.region).toBe("kept");
		expect(olderFate?.selected).toBe(true);
		expect(olderFate?.messageCount).toBe(0);
		expect(a.messages.filter((m) => m.role === "compactionSummary").length).toBe(1);
	});

	it("05: the new branch carries a branch summary of the abandoned one", () => {
		const s = load("05-branch-summary.jsonl");
		const index = buildTreeIndex(s.entries);
		expect(index.leaves.length).toBe(2);
		expect(index.branchPoints.length).toBe(1);
		const current = analyzeContext(s.entries);
		const llm = convertToLlm(current.messages);
		expect(current.messages.some((m) => m.role === "branchSummary")).toBe(true);
		const summaryText = JSON.stringify(llm);
		expect(summaryText).toContain("The following is a summary of a branch that this conversation came back from");
		const abandoned = s.entries[index.leaves[0]].id;
		expect(current.path.map((p) => s.entries[p].id)).not.toContain(abandoned);
	});

	it("06: a model change in the summarized region still applies", () => {
		const s = load("06-model-in-summarized-region.jsonl");
		const a = analyzeContext(s.entries);
		const modelChange = byType(s, "model_change")[0];
		const thinking = byType(s, "thinking_level_change")[0];
		expect(a.fates.find((f) => f.id === modelChange.id)?.region).toBe("summarized");
		expect(a.fates.find((f) => f.id === thinking.id)?.region).toBe("summarized");
		expect(a.model).toEqual({ provider: "openai", modelId: "gpt-5.1-codex" });
		expect(a.thinkingLevel).toBe("high");
	});

	it("07: custom stays out, custom_message is sent", () => {
		const s = load("07-custom-vs-custom-message.jsonl");
		const a = analyzeContext(s.entries);
		const custom = byType(s, "custom")[0];
		const customMessage = byType(s, "custom_message")[0];
		expect(a.fates.find((f) => f.id === custom.id)?.messageCount).toBe(0);
		expect(a.fates.find((f) => f.id === customMessage.id)?.messageCount).toBe(1);
		const llm = convertToLlm(a.messages);
		expect(JSON.stringify(llm)).toContain("Open todos");
		expect(JSON.stringify(llm)).not.toContain("todo-state");
	});

	it("08: a `!!` bash command is in the context but not in the provider payload", () => {
		const s = load("08-bash-exclusion.jsonl");
		const a = analyzeContext(s.entries);
		const bash = a.messages.filter((m) => m.role === "bashExecution");
		expect(bash.length).toBe(2);
		const llm = JSON.stringify(convertToLlm(a.messages));
		expect(llm).toContain("Ran `npm run build`");
		expect(llm).not.toContain(".npmrc");
		expect(convertToLlm(a.messages).length).toBe(a.messages.length - 1);
	});

	it("09: one edit replaces content, another omits an entry", () => {
		const s = load("09-context-edits.jsonl");
		const a = analyzeContext(s.entries);
		const [replace, omit] = byType(s, "context_edit") as (SessionEntry & { targetId: string })[];
		const replaced = a.fates.find((f) => f.id === replace.targetId);
		const omitted = a.fates.find((f) => f.id === omit.targetId);
		expect(replaced?.editId).toBe(replace.id);
		expect(replaced?.messageCount).toBe(1);
		expect(omitted?.omitted).toBe(true);
		expect(omitted?.messageCount).toBe(0);
		const llm = JSON.stringify(convertToLlm(a.messages));
		expect(llm).toContain("log trimmed by a context edit");
		expect(llm).not.toContain("GET /health");
		expect(llm).not.toContain("pasted the same log");
	});

	it("10: a firstKeptEntryId off the path keeps nothing, and is flagged", () => {
		const s = load("10-kept-entry-off-path.jsonl");
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("legacy-kept-missing");
		expect(a.fates.filter((f) => f.region === "kept")).toEqual([]);
		expect(a.messages[0].role).toBe("compactionSummary");
		expect(a.selected.length).toBe(a.path.length - (a.compaction?.pathIndex ?? 0));
	});

	it("11: a v1 file is migrated with stable ids and a resolved firstKeptEntryIndex", () => {
		const s = load("11-legacy-v1.jsonl");
		expect(s.version).toBe(1);
		expect(s.migrated).toBe(true);
		expect(s.entries.map((e) => e.id)).toEqual(s.lines.map(v1EntryId));
		const c = byType(s, "compaction")[0] as SessionEntry & { firstKeptEntryId?: string };
		expect(c.firstKeptEntryId).toBe(v1EntryId(4));
		expect(s.entries.some((e) => roleOf(e) === "hookMessage")).toBe(false);
		expect(s.entries.some((e) => roleOf(e) === "custom")).toBe(true);
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("legacy");
		expect(a.selected[1].id).toBe(v1EntryId(4));
	});

	it("12: an oh-my-pi /clear: its title slot is the title, and only what follows the reset is sent", () => {
		const s = load("12-omp-clear.jsonl");
		expect(s.dialect).toBe("oh-my-pi");
		expect(s.title).toBe("Empty-list bug, then a fresh start");
		expect(s.issues.filter((i) => i.severity !== "info")).toEqual([]);
		const a = analyzeContext(s.entries);
		expect(a.rule).toBe("clear");
		expect(a.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(a.model).toEqual({ provider: "anthropic", modelId: "claude-sonnet-4-5" });
		expect(a.thinkingLevel).toBe("medium");
		const reset = byType(s, "reset_boundary")[0];
		const before = s.entries[s.entries.indexOf(reset) - 1];
		expect(analyzeContext(s.entries, before.id).messages.length).toBeGreaterThan(5);
		expect(a.fates.filter((f) => f.region === "cleared").length).toBe(s.entries.indexOf(reset) + 1);
	});
});
