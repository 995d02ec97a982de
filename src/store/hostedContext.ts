import { type ContextAnalysis, entryIdAt, keepDialect, lazyArray, resolveLeaf, type SessionEntry } from "../core";
import { askContext, askEntries, type HostHandle, labOverlay } from "../workers/client";
import type { ShownView } from "./view";

export interface HostedContext {
	/** The session's entries with those the analysis read put in whole. */
	entries: readonly SessionEntry[];
	analysis: ContextAnalysis;
	/** Reads a path entry the view holds as a skeleton (see core `isSkeleton`). */
	whole(position: number): Promise<SessionEntry>;
}

/** Each held session's last question and its answer, shared by the components that show it. */
const asked = new WeakMap<
	HostHandle,
	{ entries: readonly SessionEntry[]; leaf: number; answer: Promise<HostedContext> }
>();

/**
 * The context of `leafId` asked of the worker once, however many components show it (the
 * inspector, the explainer, the graph); asked as the tip is chosen (`selectLeaf`), so that the
 * worker works while the page draws the choice.
 */
export function hostedContext(
	host: HostHandle,
	/** The view of the session `host` holds (its entries and tree index, see `ShownView`). */
	shown: Pick<ShownView, "entries" | "index">,
	leafId: string | null,
): Promise<HostedContext> {
	const { entries } = shown;
	// Asked by the leaf it resolves to: the file's current leaf chosen by its id, after it was
	// shown as the default (null), is the same question, not one more for the worker to answer.
	const leaf = resolveLeaf(shown.index, leafId ?? undefined);
	const last = asked.get(host);
	if (last && last.entries === entries && last.leaf === leaf) return last.answer;
	const answer = askContext(host, leafId, (p) => entryIdAt(entries, p) as string, labOverlay(host, entries)).then(
		(ctx): HostedContext => {
			// The entries read whole in place of their skeletons, with no copy of the rest: a lean
			// session's entries are made as they are read (see core `previewFromPartsLazily`).
			const put = new Map<number, SessionEntry>();
			for (let i = 0; i < ctx.positions.length; i++) put.set(ctx.positions[i], ctx.entries[i]);
			const view = lazyArray(entries.length, (i) => put.get(i) ?? entries[i]);
			keepDialect(view, entries);
			const whole = (position: number) => askEntries(host, [position]).then((got) => got[0]);
			return { entries: view, analysis: ctx.analysis, whole };
		},
	);
	asked.set(host, { entries, leaf, answer });
	// A failed question is asked again by the next component that wants it.
	answer.catch(() => {
		if (asked.get(host)?.answer === answer) asked.delete(host);
	});
	return answer;
}
