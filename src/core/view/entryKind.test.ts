import { describe, expect, it } from "vitest";
import {
	assistant,
	bash,
	branchSummary,
	compaction,
	contextEdit,
	custom,
	customMessage,
	label,
	message,
	modelChange,
	sessionInfo,
	system,
	thinkingLevel,
	toolResult,
	unknownEntry,
	usage,
	user,
} from "../../../test/builders";
import { entryKind, entryPreview } from "./entryKind";

describe("entryKind", () => {
	it.each([
		["user", user("a", null, "q")],
		["assistant", assistant("a", null, "r")],
		["assistant-tools", assistant("a", null, null, { toolCalls: ["t"] })],
		["assistant-error", assistant("a", null, "r", { stopReason: "error" })],
		["assistant-error", assistant("a", null, "r", { stopReason: "aborted" })],
		["assistant-error", assistant("a", null, "r", { errorMessage: "boom" })],
		["tool-result", toolResult("a", null, "t", "ok")],
		["tool-error", toolResult("a", null, "t", "no", { isError: true })],
		["bash", bash("a", null, "ls", "")],
		["system", system("a", null, "s")],
		["custom-message", message("a", null, { role: "custom", customType: "x", content: "", display: true })],
		["custom-message", message("a", null, { role: "hookMessage", customType: "x", content: "", display: true })],
		["branch-summary", message("a", null, { role: "branchSummary", summary: "s", fromId: "f" })],
		["compaction", message("a", null, { role: "compactionSummary", summary: "s", tokensBefore: 1 })],
		["unknown", message("a", null, { role: "alien" })],
		["unknown", message("a", null, null)],
		["compaction", compaction("a", null)],
		["branch-summary", branchSummary("a", null, "f", "s")],
		["custom-message", customMessage("a", null, "x", "c")],
		["custom", custom("a", null, "x")],
		["context-edit", contextEdit("a", null, "t", null)],
		["settings", modelChange("a", null, "p", "m")],
		["settings", thinkingLevel("a", null, "high")],
		["label", label("a", null, "t", "x")],
		["session-info", sessionInfo("a", null, "n")],
		["usage", usage("a", null)],
		["unknown", unknownEntry("a", null, "future")],
	])("%s", (kind, entry) => {
		expect(entryKind(entry)).toBe(kind);
	});
});

describe("entryPreview", () => {
	it("describes entries in one short line", () => {
		expect(entryPreview(user("a", null, "hello\n\n  world"))).toBe("hello world");
		expect(entryPreview(user("a", null, "x".repeat(100)), 10)).toBe(`${"x".repeat(9)}…`);
		expect(entryPreview(assistant("a", null, null, { toolCalls: [{ id: "t", name: "read" }] }))).toBe("→ read");
		expect(entryPreview(assistant("a", null, null, { thinking: "hmm" }))).toBe("(thinking)");
		expect(entryPreview(toolResult("a", null, "t", "done", { toolName: "grep" }))).toBe("grep: done");
		expect(entryPreview(bash("a", null, "ls -la", "x"))).toBe("$ ls -la");
		expect(entryPreview(contextEdit("a", null, "t", null))).toBe("edit t: omit");
		expect(entryPreview(label("a", null, "t"))).toBe("label t: (cleared)");
		expect(entryPreview(modelChange("a", null, "p", "m"))).toBe("model → p/m");
		expect(entryPreview(unknownEntry("a", null, "future"))).toBe('unknown entry "future"');
		expect(entryPreview(message("a", null, null))).toBe("(no message)");
	});
});
