import type { AgentMessage } from "../session/types";

/** Characters pi counts for one image block. */
export const IMAGE_CHARS = 4800;

function contentChars(content: unknown): number {
	if (typeof content === "string") return content.length;
	if (!Array.isArray(content)) return 0;
	let chars = 0;
	for (const block of content) {
		if (!block || typeof block !== "object") continue;
		const b = block as { type?: unknown; text?: unknown; thinking?: unknown; name?: unknown; arguments?: unknown };
		switch (b.type) {
			case "text":
				if (typeof b.text === "string") chars += b.text.length;
				break;
			case "thinking":
				if (typeof b.thinking === "string") chars += b.thinking.length;
				break;
			case "toolCall":
				chars += (typeof b.name === "string" ? b.name.length : 0) + (JSON.stringify(b.arguments ?? {})?.length ?? 0);
				break;
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
	const m = message as unknown as Record<string, unknown>;
	let chars = 0;
	switch (m.role) {
		case "user":
		case "assistant":
		case "toolResult":
		case "custom":
		case "system":
			chars = contentChars(m.content);
			break;
		case "bashExecution":
			chars = String(m.command ?? "").length + String(m.output ?? "").length;
			break;
		case "branchSummary":
		case "compactionSummary":
			chars = typeof m.summary === "string" ? m.summary.length : 0;
			break;
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
