import { useEffect, useState } from "react";
import { type ContextAnalysis, keepDialect, type SessionEntry } from "../../core";
import type { OpenSession } from "../../store";
import { askContext, askEntries, type HostHandle, labOverlay } from "../../workers/client";

export interface HostedContext {
	/** The session's entries with those the analysis read put in whole. */
	entries: readonly SessionEntry[];
	analysis: ContextAnalysis;
	/** Reads a path entry the view holds as a skeleton (see core `isSkeleton`). */
	whole(position: number): Promise<SessionEntry>;
}

type State =
	| { host: HostHandle; entries: readonly SessionEntry[]; leafId: string | null; hosted: HostedContext }
	| { host: HostHandle; entries: readonly SessionEntry[]; leafId: string | null; error: string };

/** Each held session's last question and its answer, shared by the components that show it. */
const asked = new WeakMap<
	HostHandle,
	{ entries: readonly SessionEntry[]; leafId: string | null; answer: Promise<HostedContext> }
>();

/** The context of `leafId` asked of the worker once, however many components show it (the inspector, the explainer). */
function hostedContext(
	host: HostHandle,
	entries: readonly SessionEntry[],
	leafId: string | null,
): Promise<HostedContext> {
	const last = asked.get(host);
	if (last && last.entries === entries && last.leafId === leafId) return last.answer;
	const answer = askContext(host, leafId, (p) => entries[p].id, labOverlay(host, entries)).then(
		(ctx): HostedContext => {
			const view = entries.slice();
			keepDialect(view, entries);
			for (let i = 0; i < ctx.positions.length; i++) view[ctx.positions[i]] = ctx.entries[i];
			const whole = (position: number) => askEntries(host, [position]).then((got) => got[0]);
			return { entries: view, analysis: ctx.analysis, whole };
		},
	);
	asked.set(host, { entries, leafId, answer });
	// A failed question is asked again by the next component that wants it.
	answer.catch(() => {
		if (asked.get(host)?.answer === answer) asked.delete(host);
	});
	return answer;
}

/**
 * The context of the selected leaf as the parse worker works it out from the file it holds, for
 * a session shown as a preview (a large file, or a lean one): null until the answer is in (or
 * for a session parsed in full), `{ error }` when the worker could not answer.
 */
export function useHostContext(
	session: OpenSession | null,
	leafId: string | null,
): HostedContext | { error: string } | null {
	const host = session?.partial ? session.host : undefined;
	const entries = session?.entries;
	const [state, setState] = useState<State | null>(null);
	useEffect(() => {
		if (!host || !entries) return;
		let live = true;
		hostedContext(host, entries, leafId).then(
			(hosted) => {
				if (live) setState({ host, entries, leafId, hosted });
			},
			(err: unknown) => {
				if (live) setState({ host, entries, leafId, error: err instanceof Error ? err.message : String(err) });
			},
		);
		return () => {
			live = false;
		};
	}, [host, entries, leafId]);
	if (!host || !state || state.host !== host || state.entries !== entries || state.leafId !== leafId) return null;
	return "hosted" in state ? state.hosted : { error: state.error };
}
