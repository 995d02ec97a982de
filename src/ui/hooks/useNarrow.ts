import { useSyncExternalStore } from "react";

/** Below this width (CSS px) the page is one column: tips, then context, or the graph. */
export const NARROW_QUERY = "(max-width: 700px)";

function subscribe(onChange: () => void): () => void {
	const media = window.matchMedia?.(NARROW_QUERY);
	media?.addEventListener("change", onChange);
	return () => media?.removeEventListener("change", onChange);
}

const narrow = () => window.matchMedia?.(NARROW_QUERY).matches ?? false;

/** Whether the window is narrow enough for the one-column layout. */
export function useNarrow(): boolean {
	return useSyncExternalStore(subscribe, narrow, () => false);
}
