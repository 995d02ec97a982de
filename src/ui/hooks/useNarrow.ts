import { mediaQuery, useMediaQuery } from "./useMediaQuery";

/** Below this width (CSS px) the page is one column: tips, then context, or the graph. */
export const NARROW_QUERY = "(max-width: 700px)";
const NARROW = mediaQuery(NARROW_QUERY);

/** Whether the window is narrow enough for the one-column layout. */
export function useNarrow(): boolean {
	return useMediaQuery(NARROW);
}
