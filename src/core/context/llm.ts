import { rulesOf } from "../dialects/index";
import type { AgentMessage, Dialect, Message } from "../session/types";
import { builtBy } from "./context";

/**
 * `convertToLlm`: the provider messages, in order, each keeping its source timestamp, converted by
 * the rules of `dialect`, or of the dialect whose builder made `messages` (`buildSessionContext`
 * marks them), else pi's. oh-my-pi converts its own way; v4 as pi does.
 */
export function convertToLlm(messages: readonly AgentMessage[], dialect?: Dialect): Message[] {
	const { convert } = rulesOf(dialect ?? builtBy(messages) ?? "pi");
	const out: Message[] = [];
	for (const m of messages) {
		const converted = convert(m);
		if (converted === undefined) continue;
		if (isMessageList(converted)) out.push(...converted);
		else out.push(converted);
	}
	return out;
}

/** Whether a conversion gave several messages (see `DialectRules.convert`). */
export function isMessageList(converted: Message | readonly Message[]): converted is readonly Message[] {
	return Array.isArray(converted);
}
