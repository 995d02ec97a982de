import type { AgentMessage } from "../session/types";
import { fieldOf } from "../util/fields";

/** Characters pi counts for one image block. */
export const IMAGE_CHARS = 4800;

function contentChars(content: unknown): number {
	if (typeof content === "string") return content.length;
	if (!Array.isArray(content)) return 0;
	let chars = 0;
	for (const block of content) {
		if (!block || typeof block !== "object") continue;
		switch (fieldOf(block, "type")) {
			case "text": {
				const text = fieldOf(block, "text");
				if (typeof text === "string") chars += text.length;
				break;
			}
			case "thinking": {
				const thinking = fieldOf(block, "thinking");
				if (typeof thinking === "string") chars += thinking.length;
				break;
			}
			case "toolCall": {
				const name = fieldOf(block, "name");
				chars +=
					(typeof name === "string" ? name.length : 0) +
					(JSON.stringify(fieldOf(block, "arguments") ?? {})?.length ?? 0);
				break;
			}
			case "image":
				chars += IMAGE_CHARS;
				break;
			default:
				break;
		}
	}
	return chars;
}

/**
 * pi's token heuristic (SPEC §3.5): `ceil(chars / 4)`, counting text, thinking, tool-call name
 * plus JSON arguments, tool-result text, bash command plus output and summaries; an image
 * counts 4800 characters. Tolerates malformed messages (they count what can be counted).
 */
export function estimateTokens(message: AgentMessage): number {
	// (The message's fields are read unchecked: a malformed one counts what can be counted.)
	const role: string = message.role;
	let chars = 0;
	switch (role) {
		case "user":
		case "assistant":
		case "toolResult":
		case "custom":
		case "system":
			chars = contentChars(fieldOf(message, "content"));
			break;
		case "bashExecution":
			chars = String(fieldOf(message, "command") ?? "").length + String(fieldOf(message, "output") ?? "").length;
			break;
		case "branchSummary":
		case "compactionSummary": {
			const summary = fieldOf(message, "summary");
			chars = typeof summary === "string" ? summary.length : 0;
			break;
		}
		default:
			chars = 0;
	}
	return Math.ceil(chars / 4);
}

/** Sum of `estimateTokens` over messages. */
export function estimateTotalTokens(messages: readonly AgentMessage[]): number {
	let total = 0;
	for (const m of messages) total += estimateTokens(m);
	return total;
}
