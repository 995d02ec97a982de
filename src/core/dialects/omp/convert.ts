import { type AgentMessage, type Message, messageOfFields } from "../../session/types";
import { type Fields, fieldOf } from "../../util/fields";
import { bashExecutionToText } from "../pi/convert";
import { renderOmpPrompt } from "./context";

const OMP_COMPACTION_TEMPLATE =
	"Prior model work/tool state available.\nMUST build on prior work; NEVER duplicate prior work.\n\n<summary>\n{{summary}}\n</summary>\n";
const OMP_HANDOFF_TEMPLATE =
	'Context replaced. The <handoff> below is a handoff document a prior instance of you wrote from the full conversation. It is your own working memory, not user input.\n- First person inside it refers to you (the prior instance).\n- "Next Steps" is your own resumed plan; re-check it against the latest user message before acting.\n- The handoff already exists and is complete: NEVER write another handoff document unless the user explicitly asks.\nMUST build on prior work; NEVER duplicate prior work.\n\n<handoff>\n{{summary}}\n</handoff>\n';
const OMP_BRANCH_TEMPLATE = "Branch-return summary:\n\n<summary>\n{{summary}}\n</summary>\n";

const textBlocks = (content: unknown) => (typeof content === "string" ? [{ type: "text", text: content }] : content);

/**
 * oh-my-pi's conversion of one message (`formats/oh-my-pi.md` §2.6): attribution added, custom
 * messages as developer messages, its own summary templates; `undefined` when not sent.
 */
export function convertOmpMessage(message: AgentMessage): Message | undefined {
	// pi's own roles pass as they are; the rest are read field by field (oh-my-pi's roles are no
	// `AgentMessage`'s, and a file's fields are unchecked).
	if (message.role === "assistant" || message.role === "system") return message;
	const role: string = message.role;
	const ts = fieldOf(message, "timestamp");
	const attribution = fieldOf(message, "attribution");
	let out: Fields;
	switch (role) {
		case "user":
			out = { ...message, attribution: attribution ?? "user" };
			break;
		case "developer":
			out = { ...message, attribution: attribution ?? "agent" };
			break;
		case "toolResult":
			// A pruned result is sent as one text block (its text, or a placeholder).
			out = {
				...message,
				...(fieldOf(message, "prunedAt") !== undefined
					? { content: [{ type: "text", text: prunedText(fieldOf(message, "content")) }] }
					: {}),
				attribution: attribution ?? "agent",
			};
			break;
		case "custom":
		case "hookMessage": {
			const sentAs = fieldOf(message, "customType") === "skill-prompt" && attribution === "user" ? "user" : "developer";
			out = {
				role: sentAs,
				content: textBlocks(fieldOf(message, "content")),
				attribution: attribution ?? (sentAs === "user" ? "user" : "agent"),
				timestamp: ts,
			};
			break;
		}
		case "branchSummary":
			out = {
				role: "user",
				content: [
					{
						type: "text",
						text: renderOmpPrompt(OMP_BRANCH_TEMPLATE, "summary", String(fieldOf(message, "summary") ?? "")),
					},
				],
				attribution: "agent",
				historyRewriteAt: ts,
				timestamp: ts,
			};
			break;
		case "compactionSummary": {
			const template = fieldOf(message, "method") === "handoff" ? OMP_HANDOFF_TEMPLATE : OMP_COMPACTION_TEMPLATE;
			const providerPayload = fieldOf(message, "providerPayload");
			out = {
				role: "user",
				content: [
					{ type: "text", text: renderOmpPrompt(template, "summary", String(fieldOf(message, "summary") ?? "")) },
				],
				attribution: "agent",
				historyRewriteAt: ts,
				...(providerPayload !== undefined ? { providerPayload } : {}),
				timestamp: ts,
			};
			break;
		}
		case "bashExecution":
			if (message.role !== "bashExecution" || message.excludeFromContext) return undefined;
			out = {
				role: "user",
				content: [{ type: "text", text: bashExecutionToText(message) }],
				attribution: "user",
				timestamp: ts,
			};
			break;
		case "pythonExecution":
			if (fieldOf(message, "excludeFromContext")) return undefined;
			out = {
				role: "user",
				content: [{ type: "text", text: pythonExecutionToText(message) }],
				attribution: "user",
				timestamp: ts,
			};
			break;
		case "fileMention": {
			const files: unknown = fieldOf(message, "files");
			const text = (Array.isArray(files) ? files : [])
				.map((f: unknown) => {
					const content = fieldOf(f, "content");
					return `<file path="${String(fieldOf(f, "path") ?? "")}">\n${typeof content === "string" && content ? `${content}\n` : ""}</file>`;
				})
				.join("\n");
			out = { role: "developer", content: [{ type: "text", text }], attribution: "agent", timestamp: ts };
			break;
		}
		default:
			return undefined;
	}
	// oh-my-pi sends roles `Message` does not name (`developer`): the message is what the types
	// call a `Message`, as the program it mirrors sends it.
	return messageOfFields(out) as Message;
}

function prunedText(content: unknown): string {
	const texts = Array.isArray(content)
		? content.filter((b): b is { type: "text"; text: string } => !!b && b.type === "text" && typeof b.text === "string")
		: [];
	return texts.map((b) => b.text).join("") || "[Output truncated]";
}

function pythonExecutionToText(m: object): string {
	const output = fieldOf(m, "output");
	const exitCode = fieldOf(m, "exitCode");
	let text = `Ran Python:\n\`\`\`python\n${String(fieldOf(m, "code") ?? "")}\n\`\`\`\n`;
	text += output ? `Output:\n\`\`\`\n${String(output)}\n\`\`\`` : "(no output)";
	if (fieldOf(m, "cancelled")) text += "\n\n(execution cancelled)";
	else if (typeof exitCode === "number" && exitCode !== 0) text += `\n\nExecution failed with code ${exitCode}`;
	return text;
}
