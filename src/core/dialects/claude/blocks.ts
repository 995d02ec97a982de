/**
 * Claude Code's content blocks, usage and notes in the explorer's terms (pi's message shapes): what
 * `ClaudeReader` makes of one line.
 */
import type { AssistantContent, UserContent } from "../../session/types";
import { isRecord, numberField, stringField } from "../../util/fields";
import type { Fields } from "../rules";

const IMAGE_PLACEHOLDER = "[image]";

/** A Claude Code content block as pi's content block (kept as it is when pi has none like it). */
export function userBlock(block: unknown): UserContent | undefined {
	if (!isRecord(block)) return undefined;
	if (block.type === "text" && typeof block.text === "string") return { type: "text", text: block.text };
	if (block.type === "image") {
		const source = block.source;
		const data = stringField(source, "data");
		const mimeType = stringField(source, "media_type");
		if (data !== undefined && mimeType !== undefined) return { type: "image", data, mimeType };
		return { type: "text", text: IMAGE_PLACEHOLDER };
	}
	return { type: "text", text: `[${String(block.type)}]` };
}

export function assistantBlock(block: unknown): AssistantContent | undefined {
	if (!isRecord(block)) return undefined;
	switch (block.type) {
		case "text":
			return typeof block.text === "string" ? { type: "text", text: block.text } : undefined;
		case "thinking":
			return {
				type: "thinking",
				thinking: typeof block.thinking === "string" ? block.thinking : "",
				...(typeof block.signature === "string" ? { thinkingSignature: block.signature } : {}),
			};
		case "redacted_thinking":
			return { type: "thinking", thinking: "[redacted thinking]", redacted: true };
		case "tool_use":
		case "server_tool_use":
			return {
				type: "toolCall",
				id: typeof block.id === "string" ? block.id : "",
				name: typeof block.name === "string" ? block.name : "",
				arguments: isRecord(block.input) ? block.input : {},
			};
		default:
			return { type: "text", text: `[${String(block.type)}]` };
	}
}

/** A tool result's content as pi's (a string stays a string). */
export function resultContent(content: unknown): string | UserContent[] {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	const out: UserContent[] = [];
	for (const b of content) {
		const mapped = userBlock(b);
		if (mapped) out.push(mapped);
	}
	return out;
}

/** One short line for a mark: what the note says, clipped. */
export function markText(obj: Fields): string {
	const content = obj.content;
	if (typeof content === "string") return clipLine(content);
	const attachment = obj.attachment;
	if (isRecord(attachment)) {
		const text = stringField(attachment, "content") ?? stringField(attachment, "hookName") ?? "";
		return clipLine(text);
	}
	const data = obj.data;
	if (isRecord(data)) return clipLine(stringField(data, "hookName") ?? stringField(data, "type") ?? "");
	const ms = numberField(obj, "durationMs");
	return ms !== undefined ? `${(ms / 1000).toFixed(1)} s` : "";
}

function clipLine(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}

export function markKind(obj: Fields): string {
	const sub = stringField(obj, "subtype") ?? stringField(obj.attachment, "type") ?? stringField(obj.data, "type");
	return sub ? `${String(obj.type)} ${sub}` : String(obj.type);
}

/** A response's recorded usage in pi's terms (input, cache read, cache write, output). */
export function usageOf(
	u: unknown,
): { input: number; output: number; cacheRead: number; cacheWrite: number; totalTokens: number } | undefined {
	if (!isRecord(u)) return undefined;
	const input = numberField(u, "input_tokens") ?? 0;
	const output = numberField(u, "output_tokens") ?? 0;
	const cacheRead = numberField(u, "cache_read_input_tokens") ?? 0;
	const cacheWrite = numberField(u, "cache_creation_input_tokens") ?? 0;
	return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite };
}
