import { rulesOf } from "../dialects/index";
import type { SessionEntry } from "../session/types";
import type { ContextAnalysis, ExplainStep, PathEntryFate } from "./analysis";
import { countRegion, plainFates } from "./lazyContext";
import { convertToLlm } from "./llm";

export type { ExplainStep, ExplainStepId } from "./analysis";

/** "1 entry", "2 entries", "3 messages". */
const plural = (n: number, word: string) =>
	`${n} ${n === 1 ? word : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`}`;

/**
 * How many path entries a context edit replaced and omitted, and the positions of those that give
 * messages. A summarized prefix is not read (none of its fates is edited or sends): a path of a
 * million entries compacted near its end makes no million fates.
 */
function projected(analysis: ContextAnalysis): { edited: number; omitted: number; contributing: number[] } {
	const { fates } = plainFates(analysis);
	return {
		edited: fates.filter((f) => f.editId && !f.omitted).length,
		omitted: fates.filter((f) => f.omitted).length,
		contributing: fates.filter((f) => f.messageCount > 0).map((f) => f.position),
	};
}

/** The fate of the path entry at `position`, if it is on the path (a summarized prefix searched by its path). */
function fateAt(analysis: ContextAnalysis, position: number): PathEntryFate | undefined {
	const { summarized, fates } = analysis;
	if (!summarized) return fates.find((f) => f.position === position);
	for (let i = 0; i < summarized.count; i++) if (summarized.path[i] === position) return fates[i];
	return summarized.after.find((f) => f.position === position);
}

/**
 * The builder for one leaf, as seven steps a person can follow: collect the path, find the latest
 * compaction, pick the rule, select the range, project entries into messages, resolve settings,
 * convert for the provider. Pure: derived from `analyzeContext`'s result.
 */
export function explainSteps(entries: readonly SessionEntry[], a: ContextAnalysis): ExplainStep[] {
	const own = rulesOf(a.dialect).explain;
	if (own) return own(entries, a);
	const id = (p: number) => entries[p].id;
	const leafText = a.leaf >= 0 ? `entry ${id(a.leaf)}` : "no entry (the empty path)";
	const c = a.compaction;
	const steps: ExplainStep[] = [];
	steps.push({
		id: "path",
		title: "1. Collect the path",
		text:
			a.path.length === 0
				? "The leaf is null: the path is empty and the model sees nothing."
				: `Follow parentId from ${leafText} up to the root: ${plural(a.path.length, "entry")}, root first. Entries on other branches are never read.`,
		focus: a.path,
	});
	steps.push({
		id: "compaction",
		title: "2. Find the latest compaction",
		text: c
			? `The last compaction on the path is ${id(c.position)} (step ${c.pathIndex + 1} of the path; the agent measured ${c.tokensBefore.toLocaleString("en")} tokens before compacting). Earlier compactions on the path no longer matter.`
			: "There is no compaction on the path: everything on it is read.",
		focus: c ? [c.position] : [],
	});
	const ruleText: Record<typeof a.rule, string> = {
		none: "No compaction: the selected range is the whole path.",
		"retained-tail":
			"The compaction has a retainedTail array, so it is a self-contained checkpoint: its summary and the tail messages it carries stand in for everything before it.",
		legacy:
			"The compaction has no retainedTail: the legacy rule keeps the entries from firstKeptEntryId up to the compaction (skipping system messages), after the summary.",
		"legacy-kept-missing":
			"The compaction's firstKeptEntryId is not on this path, so the kept range is empty — pi drops it without a word. Only the summary and what follows are read.",
		clear:
			"oh-my-pi: a /clear (reset_boundary) comes after the latest compaction, so the selected range is everything after it; nothing before it is read.",
	};
	steps.push({
		id: "rule",
		title: "3. Which rule applies",
		text: ruleText[a.rule],
		focus: c && c.firstKeptPathIndex >= 0 ? [c.position, a.path[c.firstKeptPathIndex]] : c ? [c.position] : [],
	});
	const summarized = countRegion(a, "summarized");
	steps.push({
		id: "range",
		title: "4. The selected range",
		text: `${plural(a.selected.length, "entry")} selected${summarized ? `; ${plural(summarized, "entry")} before the compaction are summarized away` : ""}. Settings, labels and custom entries stay in the list but produce no messages.`,
		focus: a.selectedPositions,
	});
	const { edited, omitted, contributing } = projected(a);
	steps.push({
		id: "project",
		title: "5. Project each entry",
		text: `Each selected entry becomes zero or more messages: ${plural(a.messages.length, "message")} from ${plural(contributing.length, "entry")}.${edited ? ` ${plural(edited, "entry")} replaced by a context edit.` : ""}${omitted ? ` ${plural(omitted, "entry")} omitted by a context edit.` : ""}`,
		focus: contributing,
	});
	const settingFocus = [a.modelFrom, a.thinkingLevelFrom].filter((p) => p >= 0);
	const model = a.model ? `${a.model.provider}/${a.model.modelId}` : "none";
	const fromSummarized = settingFocus.some((p) => fateAt(a, p)?.region === "summarized");
	steps.push({
		id: "settings",
		title: "6. Resolve model and thinking level",
		text: `Read from the whole path, not just the selected range: model ${model}, thinking level ${a.thinkingLevel}.${fromSummarized ? " A setting comes from the summarized region and still applies." : ""}`,
		focus: settingFocus,
	});
	const llm = convertToLlm(a.messages);
	const dropped = a.messages.length - llm.length;
	steps.push({
		id: "convert",
		title: "7. Convert for the provider",
		text: `convertToLlm turns summaries, bash runs and custom messages into user messages: ${plural(llm.length, "provider message")}${dropped ? ` (${dropped} \`!!\` bash run${dropped === 1 ? "" : "s"} left out)` : ""}.`,
		focus: contributing,
	});
	return steps;
}
