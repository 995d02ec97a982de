import { rulesOf } from "../dialects/index";
import type { ProviderPayload } from "../dialects/rules";
import { buildTreeIndex } from "../session/tree";
import type { ParsedSession } from "../session/types";
import { analyzeContext } from "./context";
import { convertToLlm } from "./llm";

/**
 * The request the provider received at `leafId`, in its own shape: the Messages API's messages
 * for Claude Code, the Responses API's input for Codex, `convertToLlm`'s messages for the pi family.
 */
export function providerPayload(parsed: ParsedSession, leafId: string): ProviderPayload {
	const analysis = analyzeContext(parsed.entries, leafId);
	const rules = rulesOf(analysis.dialect);
	return rules.payload
		? rules.payload(analysis, parsed.entries, parsed.header)
		: { api: "pi", messages: convertToLlm(analysis.messages, analysis.dialect) };
}

/** The tips the tips list shows: every entry without children, in file order. */
export function sessionTips(parsed: ParsedSession): string[] {
	return buildTreeIndex(parsed.entries).leaves.map((p) => parsed.entries[p].id);
}
