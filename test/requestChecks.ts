/**
 * What a provider checks of a request before it accepts it, written from the APIs' rules (not from
 * the explorer's code): the Messages API (first message from the user, roles alternating, every
 * `tool_use` answered by a `tool_result` in the next message, no `tool_result` without its call in
 * the message just before) and the Responses API (every call answered after it, no output without
 * its call before it). Each problem is one line.
 */
import type { ProviderPayload } from "../src/core";

function field(value: unknown, key: string): unknown {
	return value !== null && typeof value === "object" ? Reflect.get(value, key) : undefined;
}

export function requestProblems(payload: ProviderPayload): string[] {
	if (payload.api === "anthropic-messages") return messagesProblems(payload.messages);
	if (payload.api === "openai-responses") return responsesProblems(payload.input);
	return [];
}

function messagesProblems(messages: { role: string; content: unknown[] }[]): string[] {
	const problems: string[] = [];
	if (messages.length === 0) return problems;
	if (messages[0].role !== "user") problems.push("the first message is not the user's");
	for (let i = 0; i < messages.length; i++) {
		const m = messages[i];
		if (i > 0 && messages[i - 1].role === m.role) problems.push(`messages ${i - 1} and ${i} are both ${m.role}`);
		if (!Array.isArray(m.content) || m.content.length === 0) problems.push(`message ${i} has no content`);
		const uses =
			m.role === "assistant" ? m.content.filter((b) => field(b, "type") === "tool_use").map((b) => field(b, "id")) : [];
		if (uses.length > 0) {
			const next = messages[i + 1];
			const answers = new Set(
				(next?.content ?? []).filter((b) => field(b, "type") === "tool_result").map((b) => field(b, "tool_use_id")),
			);
			for (const id of uses)
				if (!answers.has(id))
					problems.push(`tool_use ${String(id)} (message ${i}) is not answered in the next message`);
		}
		if (m.role === "user") {
			const prev = messages[i - 1];
			const calls = new Set(
				prev?.role === "assistant"
					? prev.content.filter((b) => field(b, "type") === "tool_use").map((b) => field(b, "id"))
					: [],
			);
			for (const b of m.content) {
				if (field(b, "type") === "tool_result" && !calls.has(field(b, "tool_use_id")))
					problems.push(`tool_result ${String(field(b, "tool_use_id"))} (message ${i}) has no tool_use just before`);
			}
		}
	}
	return problems;
}

const CALLS = new Set(["function_call", "custom_tool_call", "local_shell_call", "tool_search_call"]);
const OUTPUTS = new Set(["function_call_output", "custom_tool_call_output", "tool_search_output"]);

function responsesProblems(input: unknown[]): string[] {
	const problems: string[] = [];
	const called = new Set<unknown>();
	const open = new Map<unknown, number>();
	input.forEach((item, i) => {
		const type = field(item, "type");
		const id = field(item, "call_id");
		if (CALLS.has(String(type))) {
			called.add(id);
			open.set(id, i);
		} else if (OUTPUTS.has(String(type))) {
			if (!called.has(id)) problems.push(`output ${String(id)} (item ${i}) has no call before it`);
			open.delete(id);
		}
	});
	for (const [id, i] of open) problems.push(`call ${String(id)} (item ${i}) is never answered`);
	return problems;
}
