import { useSyncExternalStore } from "react";

interface Watched {
	subscribe(onChange: () => void): () => void;
	matches(): boolean;
}

/**
 * One `MediaQueryList` per query for the page's life: `matchMedia` parses its query and makes a
 * new list at each call, and React reads a snapshot at every render of every component that asks.
 */
const watched = new Map<string, Watched>();

function watch(query: string): Watched {
	let w = watched.get(query);
	if (w === undefined) {
		const list = typeof window.matchMedia === "function" ? window.matchMedia(query) : null;
		w = {
			subscribe(onChange) {
				list?.addEventListener("change", onChange);
				return () => list?.removeEventListener("change", onChange);
			},
			matches: () => list?.matches ?? false,
		};
		watched.set(query, w);
	}
	return w;
}

const never = () => false;

/** Whether `query` (a constant media query of the app's) matches now; renders again when it changes. */
export function useMediaQuery(query: string): boolean {
	const w = watch(query);
	return useSyncExternalStore(w.subscribe, w.matches, never);
}
