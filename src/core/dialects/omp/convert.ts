import type { AgentMessage, BashExecutionMessage, Message } from "../../session/types";
import { bashExecutionToText } from "../pi/convert";
import { renderOmpPrompt } from "./context";

const OMP_COMPACTION_TEMPLATE =
	"Prior model work/tool state available.\nMUST build on prior work; NEVER duplicate prior work.\n\n<summary>\n{{summary}}\n</summary>\n";
const OMP_HANDOFF_TEMPLATE =
	'Context replaced. The <handoff> below is a handoff document a prior instance of you wrote from the full conversation. It is your own working memory, not user input.\n- First person inside it refers to you (the prior instance).\n- "Next Steps" is your own resumed plan; re-check it against the latest user message before acting.\n- The handoff already exists and is complete: NEVER write another handoff document unless the user explicitly asks.\nMUST build on prior work; NEVER duplicate prior work.\n\n<handoff>\n{{summary}}\n</handoff>\n';
const OMP_BRANCH_TEMPLATE = "Branch-return summary:\n\n<summary>\n{{summary}}\n</summary>\n";

type Loose = Record<string, unknown>;
const textBlocks = (content: unknown) => (typeof content === "string" ? [{ type: "text", text: content }] : content);

/**
 * oh-my-pi's conversion of one message (`formats/oh-my-pi.md` §2.6): attribution added, custom
 * messages as developer messages, its own summary templates; `undefined` when not sent.
 */
export function convertOmpMessage(message: AgentMessage): Message | undefined {
	const m = message as unknown as Loose;
	const ts = m.timestamp;
	let out: Loose | undefined;
	switch (m.role) {
		case "user":
			out = { ...m, attribution: m.attribution ?? "user" };
			break;
		case "developer":
			out = { ...m, attribution: m.attribution ?? "agent" };
			break;
		case "toolResult":
			// A pruned result is sent as one text block (its text, or a placeholder).
			out = {
				...m,
				...(m.prunedAt !== undefined ? { content: [{ type: "text", text: prunedText(m.content) }] } : {}),
				attribution: m.attribution ?? "agent",
			};
			break;
		case "assistant":
		case "system":
			out = m;
			break;
		case "custom":
		case "hookMessage": {
			const role = m.customType === "skill-prompt" && m.attribution === "user" ? "user" : "developer";
			out = {
				role,
				content: textBlocks(m.content),
				attribution: m.attribution ?? (role === "user" ? "user" : "agent"),
				timestamp: ts,
			};
			break;
		}
		case "branchSummary":
			out = {
				role: "user",
				content: [{ type: "text", text: renderOmpPrompt(OMP_BRANCH_TEMPLATE, "summary", String(m.summary ?? "")) }],
				attribution: "agent",
				historyRewriteAt: ts,
				timestamp: ts,
			};
			break;
		case "compactionSummary": {
			const template = m.method === "handoff" ? OMP_HANDOFF_TEMPLATE : OMP_COMPACTION_TEMPLATE;
			out = {
				role: "user",
				content: [{ type: "text", text: renderOmpPrompt(template, "summary", String(m.summary ?? "")) }],
				attribution: "agent",
				historyRewriteAt: ts,
				...(m.providerPayload !== undefined ? { providerPayload: m.providerPayload } : {}),
				timestamp: ts,
			};
			break;
		}
		case "bashExecution":
			if (m.excludeFromContext) return undefined;
			out = {
				role: "user",
				content: [{ type: "text", text: bashExecutionToText(m as unknown as BashExecutionMessage) }],
				attribution: "user",
				timestamp: ts,
			};
			break;
		case "pythonExecution":
			if (m.excludeFromContext) return undefined;
			out = {
				role: "user",
				content: [{ type: "text", text: pythonExecutionToText(m) }],
				attribution: "user",
				timestamp: ts,
			};
			break;
		case "fileMention": {
			const files = Array.isArray(m.files) ? (m.files as Loose[]) : [];
			const text = files
				.map(
					(f) =>
						`<file path="${String(f.path ?? "")}">\n${typeof f.content === "string" && f.content ? `${f.content}\n` : ""}</file>`,
				)
				.join("\n");
			out = { role: "developer", content: [{ type: "text", text }], attribution: "agent", timestamp: ts };
			break;
		}
		default:
			return undefined;
	}
	return out as unknown as Message;
}

function prunedText(content: unknown): string {
	const texts = Array.isArray(content)
		? content.filter((b): b is { type: "text"; text: string } => !!b && b.type === "text" && typeof b.text === "string")
		: [];
	return texts.map((b) => b.text).join("") || "[Output truncated]";
}

function pythonExecutionToText(m: Loose): string {
	let text = `Ran Python:\n\`\`\`python\n${String(m.code ?? "")}\n\`\`\`\n`;
	text += m.output ? `Output:\n\`\`\`\n${String(m.output)}\n\`\`\`` : "(no output)";
	if (m.cancelled) text += "\n\n(execution cancelled)";
	else if (typeof m.exitCode === "number" && m.exitCode !== 0) text += `\n\nExecution failed with code ${m.exitCode}`;
	return text;
}
