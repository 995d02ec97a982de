import {
	type ContextAnswer,
	type OpenSession,
	selectContextError,
	selectContextWaiting,
	selectSession,
	selectShownContext,
	useStore,
} from "../../store";

/** The open session (what the page shows of it, and its reader), or null. */
export function useOpenSession(): OpenSession | null {
	return useStore(selectSession);
}

/**
 * The selected tip's context as the inspector, the graph and the explainer show it (the store
 * asks for it when a tip is selected): the answer (the last one shown while the next is read:
 * `waiting`), or why it could not be read.
 */
export function useContext(): { context: ContextAnswer | null; waiting: boolean; error: string | null } {
	const context = useStore(selectShownContext);
	const waiting = useStore(selectContextWaiting);
	const error = useStore(selectContextError);
	return { context, waiting, error };
}
