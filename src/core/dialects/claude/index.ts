import { convertMessage } from "../pi/convert";
import type { DialectRules } from "../rules";
import { analyzeClaudeContext, claudePayload } from "./context";
import { ClaudeReader, isClaudeLine } from "./reader";

/**
 * Claude Code's transcripts (`formats/claude-code.md`): no header; every line read by
 * `ClaudeReader` into entries (the tree a reader means, not the raw links), its own context rule
 * and the Messages API request. Read-only.
 */
export const claudeRules: DialectRules = {
	name: "claude-code",
	label: "Claude Code",
	entryTypes: new Set(),
	roles: new Set(),
	claim(first, line, report) {
		return isClaudeLine(first) ? { dialect: "claude-code", reader: new ClaudeReader(first, line, report) } : null;
	},
	analyze: analyzeClaudeContext,
	reads: (_entries, _leafId, _index, path) => Array.from(path),
	convert: convertMessage,
	sumsAlongTree: () => false,
	piChecks: false,
	appends: false,
	readOnly: "Claude Code sessions open read-only",
	payload: (analysis, entries) => ({ api: "anthropic-messages", messages: claudePayload(analysis, entries) }),
};
