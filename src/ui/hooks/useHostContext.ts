import type { OpenSession } from "../../store";
import { type HostedContext, hostedContext } from "../../store/hostedContext";
import { useShownView } from "./useSession";
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
	const view = useShownView();
	// The view of this session's entries (the store sets both at once).
	const shown = view && view.entries === session?.entries ? view : null;
	const said = useWorkerAnswer(host && shown ? () => hostedContext(host, shown, leafId) : null, [
		host,
		shown?.entries,
		shown?.index,
		leafId,
	]);
	return said && "answer" in said ? said.answer : said;
}
