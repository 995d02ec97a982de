import type { AgentMessage, Message } from "../../session/types";
import { fieldOf } from "../../util/fields";
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
	piChecks: false,
	appends: false,
	readOnly: "Codex sessions open read-only",
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
