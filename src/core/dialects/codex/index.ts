import type { AgentMessage, Message } from "../../session/types";
import { fieldOf } from "../../util/fields";
import { explainAgent } from "../agents";
import { convertMessage } from "../pi/convert";
import type { DialectRules } from "../rules";
import { analyzeCodexContext, codexInput } from "./context";
import { CodexReader, isCodexLine } from "./reader";

/**
 * OpenAI Codex CLI's rollouts (`formats/codex.md`): `{timestamp, type, payload}` lines read by
 * `CodexReader` into entries, Codex's own replay rule and the Responses API request. Read-only.
 */
export const codexRules: DialectRules = {
	name: "codex",
	label: "Codex",
	entryTypes: new Set(["codex_item"]),
	roles: new Set(["developer"]),
	claim(first, line, report) {
		return isCodexLine(first) ? { dialect: "codex", reader: new CodexReader(first, line, report) } : null;
	},
	analyze: analyzeCodexContext,
	reads: (_entries, _leafId, _index, path) => Array.from(path),
	convert: convertCodexMessage,
	sumsAlongTree: () => false,
	agentLines: true,
	appends: false,
	readOnly: "Codex sessions open read-only",
	explain: (entries, analysis) =>
		explainAgent(entries, analysis, {
			agent: "Codex",
			walk: "A rollout is one line of history; a rollback goes on from where the dropped turns began, as a branch.",
			compaction:
				"With a replacement history, that history replaces everything before it; without one, Codex keeps the initial context and the latest user messages (up to 20,000 tokens) and adds the summary as a user message.",
			rule: "Codex's replay: every response item on the path is appended in order (reasoning, messages, calls and their outputs); events, turn contexts and ghost snapshots are not sent.",
			unknown:
				"The tool schemas are not in the file; the instructions are the session's base_instructions where recorded. Tool outputs may have been shortened before sending (the truncation policy), which the file does not show.",
			request:
				'As the Responses API receives it: the input items in order, every call answered after it ("aborted" where the file holds no output), no output without its call.',
		}),
	payload: (analysis, entries, header) => {
		const instructions = header?.instructions;
		return {
			api: "openai-responses",
			...(typeof instructions === "string" ? { instructions } : {}),
			input: codexInput(analysis, entries),
		};
	},
};

/** pi's conversion, but a developer message goes as Codex sends it (a role pi's message types do not name). */
function convertCodexMessage(m: AgentMessage): Message | undefined {
	return fieldOf(m, "role") === "developer" ? (m as Message) : convertMessage(m);
}
