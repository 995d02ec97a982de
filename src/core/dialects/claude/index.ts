import { explainAgent } from "../agents";
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
	agentLines: true,
	appends: false,
	readOnly: "Claude Code sessions open read-only",
	explain: (entries, analysis) =>
		explainAgent(entries, analysis, {
			agent: "Claude Code",
			walk: "Follow each line's parent as the tree shows it (a response's lines, its parallel results and the hooks between turns are one chain).",
			compaction: "Nothing before it is sent: the summary prompt after it stands for it.",
			rule: "Every user and assistant line from there on is sent: the lines of one response (one message.id) as one assistant message, consecutive prompts and tool results as one user message. Errors Claude Code wrote itself are not sent.",
			unknown:
				"The system prompt, the tool schemas and the CLAUDE.md context are not in the file: the recorded input of the last reply says how large the whole request was.",
			request:
				"As the Messages API receives it: it starts with the user, the roles alternate, and each tool_use is answered by a tool_result in the next message (an answer is added where the file holds none; a result without its call is left out).",
		}),
	payload: (analysis, entries) => ({ api: "anthropic-messages", messages: claudePayload(analysis, entries) }),
};
