import { useEffect, useState } from "react";
import type { SessionEntry } from "../../core";
import type { OpenSession } from "../../store";
import { type HostedContext, hostedContext } from "../../store/hostedContext";
import type { HostHandle } from "../../workers/client";

export type { HostedContext };

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
