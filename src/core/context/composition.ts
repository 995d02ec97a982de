import type { AgentMessage, Message } from "../session/types";
import { fieldOf, stringField } from "../util/fields";
import { IMAGE_CHARS } from "./tokens";

/*
 * What fills a tip's context: the tokens sent (the provider payload, `convertToLlm`'s output),
 * by what they are. pi's estimate, block by block: a block's characters ÷ 4, rounded up (text,
 * thinking, a tool call's name and JSON arguments); an image 1,200 tokens. A converted message
 * takes its category from the agent message it came from (a bash run, a summary, a custom
 * message are sent as user text, and are counted as what they were).
 */

/** The categories of a context's tokens, in the order they are shown. */
export const CONTEXT_CATEGORIES = [
	"user",
	"assistant",
	"thinking",
	"toolCall",
	"toolResult",
	"bashExecution",
	"summary",
	"custom",
	"image",
] as const;

export type ContextCategory = (typeof CONTEXT_CATEGORIES)[number];

/** Tokens one image block counts. */
export const IMAGE_TOKENS = IMAGE_CHARS / 4;

/** One category's share of a context. */
export interface CompositionPart {
	category: ContextCategory;
	/** Estimated tokens sent. */
	tokens: number;
	/** Session-context messages (the inspector's messages list) holding some of it, in order. */
	messages: Int32Array;
}

export interface Composition {
	/** The categories present, in `CONTEXT_CATEGORIES` order. */
	parts: CompositionPart[];
	/** Tool results' tokens by tool name (largest first; "" when the result names none). */
	tools: { name: string; tokens: number; results: number }[];
	/** Sum of the parts. */
	tokens: number;
}

const charTokens = (chars: number) => Math.ceil(chars / 4);

/** The category of a text (or string content) from a message of role `role`. */
function textCategory(role: string): ContextCategory {
	switch (role) {
		case "assistant":
			return "assistant";
		case "toolResult":
			return "toolResult";
		case "bashExecution":
			return "bashExecution";
		case "compactionSummary":
		case "branchSummary":
			return "summary";
		case "custom":
			return "custom";
		default:
			return "user";
	}
}

/**
 * Calls `add` with each block of `content` (a converted message's, sent by a message of role
 * `role`): its category and estimated tokens.
 */
function eachBlock(role: string, content: unknown, add: (category: ContextCategory, tokens: number) => void) {
	if (typeof content === "string") {
		add(textCategory(role), charTokens(content.length));
		return;
	}
	if (!Array.isArray(content)) return;
	for (const block of content) {
		switch (fieldOf(block, "type")) {
			case "text": {
				const text = fieldOf(block, "text");
				add(textCategory(role), charTokens(typeof text === "string" ? text.length : 0));
				break;
			}
			case "thinking": {
				const thinking = fieldOf(block, "thinking");
				add("thinking", charTokens(typeof thinking === "string" ? thinking.length : 0));
				break;
			}
			case "toolCall": {
				const name = stringField(block, "name") ?? "";
				const args = JSON.stringify(fieldOf(block, "arguments") ?? {}) ?? "";
				add("toolCall", charTokens(name.length + args.length));
				break;
			}
			case "image":
				add("image", IMAGE_TOKENS);
				break;
			default:
				break;
		}
	}
}

/**
 * The composition of a context: `sent` are the provider messages with the index (in `messages`,
 * the session context) of the message each came from. O(blocks sent + messages).
 */
export function composeContext(
	messages: readonly AgentMessage[],
	sent: readonly { message: Message; from: number }[],
): Composition {
	const tokens = new Map<ContextCategory, number>();
	const members = new Map<ContextCategory, number[]>();
	const tools = new Map<string, { tokens: number; results: number }>();
	const member = (category: ContextCategory, index: number) => {
		let list = members.get(category);
		if (!list) {
			list = [];
			members.set(category, list);
		}
		if (list[list.length - 1] !== index) list.push(index);
	};
	for (const item of sent) {
		const from = item.from;
		const source = messages[from];
		const role = String(source?.role);
		let toolTokens = 0;
		eachBlock(role, fieldOf(item.message, "content"), (category, n) => {
			tokens.set(category, (tokens.get(category) ?? 0) + n);
			member(category, from);
			if (category === "toolResult") toolTokens += n;
		});
		if (role === "toolResult") {
			const name = stringField(source, "toolName") ?? "";
			const tool = tools.get(name) ?? { tokens: 0, results: 0 };
			tool.tokens += toolTokens;
			tool.results++;
			tools.set(name, tool);
		}
	}
	// (In order as sent; sorted and each once should a dialect send them otherwise.)
	for (const [category, list] of members) {
		const sorted = Int32Array.from(list).sort();
		members.set(category, [...sorted.filter((v, i) => i === 0 || sorted[i - 1] !== v)]);
	}
	const parts: CompositionPart[] = [];
	let total = 0;
	for (const category of CONTEXT_CATEGORIES) {
		// A category is present when something sent is of it (a message not sent, a `!!` bash run, is not).
		const n = tokens.get(category);
		if (n === undefined) continue;
		parts.push({ category, tokens: n, messages: Int32Array.from(members.get(category) ?? []) });
		total += n;
	}
	return {
		parts,
		tools: [...tools].map(([name, t]) => ({ name, ...t })).sort((a, b) => b.tokens - a.tokens),
		tokens: total,
	};
}
