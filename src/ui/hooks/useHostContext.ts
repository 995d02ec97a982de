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
		askContext(host, leafId, (p) => entries[p].id, labOverlay(host, entries)).then(
			(ctx) => {
				if (!live) return;
				const view = entries.slice();
				keepDialect(view, entries);
				for (let i = 0; i < ctx.positions.length; i++) view[ctx.positions[i]] = ctx.entries[i];
				const whole = (position: number) => askEntries(host, [position]).then((got) => got[0]);
				setState({ host, entries, leafId, hosted: { entries: view, analysis: ctx.analysis, whole } });
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
