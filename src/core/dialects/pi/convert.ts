import type { AgentMessage, BashExecutionMessage, Message } from "../../session/types";

export const COMPACTION_SUMMARY_PREFIX =
	"The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
export const COMPACTION_SUMMARY_SUFFIX = "\n</summary>";
export const BRANCH_SUMMARY_PREFIX =
	"The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
export const BRANCH_SUMMARY_SUFFIX = "</summary>";

/** The text pi sends for a `!` bash execution (SPEC §3.4). */
export function bashExecutionToText(m: BashExecutionMessage): string {
	let text = `Ran \`${m.command}\`\n`;
	text += m.output ? `\`\`\`\n${m.output}\n\`\`\`` : "(no output)";
	if (m.cancelled) text += "\n\n(command cancelled)";
	else if (m.exitCode !== null && m.exitCode !== undefined && m.exitCode !== 0) {
		text += `\n\nCommand exited with code ${m.exitCode}`;
	}
	if (m.truncated && m.fullOutputPath) text += `\n\n[Output truncated. Full output: ${m.fullOutputPath}]`;
	return text;
}

/**
 * Converts one agent message to what the provider receives, or `undefined` when it is not
 * sent (a `!!` bash execution, an unknown role).
 */
export function convertMessage(m: AgentMessage): Message | undefined {
	switch (m.role) {
		case "user":
		case "assistant":
		case "toolResult":
		case "system":
			return m;
		case "bashExecution":
			if (m.excludeFromContext) return undefined;
			return { role: "user", content: [{ type: "text", text: bashExecutionToText(m) }], timestamp: m.timestamp };
		case "custom":
			return {
				role: "user",
				content: typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content,
				timestamp: m.timestamp,
			};
		case "branchSummary":
			return {
				role: "user",
				content: [{ type: "text", text: BRANCH_SUMMARY_PREFIX + m.summary + BRANCH_SUMMARY_SUFFIX }],
				timestamp: m.timestamp,
			};
		case "compactionSummary":
			return {
				role: "user",
				content: [{ type: "text", text: COMPACTION_SUMMARY_PREFIX + m.summary + COMPACTION_SUMMARY_SUFFIX }],
				timestamp: m.timestamp,
			};
		default: {
			const unknown: never = m;
			void unknown;
			return undefined;
		}
	}
}
