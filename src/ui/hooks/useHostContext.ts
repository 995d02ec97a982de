import type { OpenSession } from "../../store";
import { type HostedContext, hostedContext } from "../../store/hostedContext";
import { useWorkerAnswer } from "./useWorkerAnswer";

export type { HostedContext };

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
	const said = useWorkerAnswer(host && entries ? () => hostedContext(host, entries, leafId) : null, [
		host,
		entries,
		leafId,
	]);
	return said && "answer" in said ? said.answer : said;
}
