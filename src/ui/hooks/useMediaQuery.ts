import { useSyncExternalStore } from "react";

/** A media query of the app's, watched for the page's life (see `mediaQuery`). */
export interface MediaQuery {
	subscribe(onChange: () => void): () => void;
	matches(): boolean;
}

/**
 * One `MediaQueryList` for `query`, made once where the query is declared (a module constant):
 * `matchMedia` parses its query and makes a new list at each call, and React reads a snapshot at
 * every render of every component that asks. Without `matchMedia` (tests), it never matches.
 */
export function mediaQuery(query: string): MediaQuery {
	let list: MediaQueryList | null | undefined;
	const get = () => {
		if (list === undefined) list = typeof window.matchMedia === "function" ? window.matchMedia(query) : null;
		return list;
	};
	return {
		subscribe(onChange) {
			get()?.addEventListener("change", onChange);
			return () => get()?.removeEventListener("change", onChange);
		},
		matches: () => get()?.matches ?? false,
	};
}

const never = () => false;

/** Whether `query` matches now; renders again when it changes. */
export function useMediaQuery(query: MediaQuery): boolean {
	return useSyncExternalStore(query.subscribe, query.matches, never);
}
