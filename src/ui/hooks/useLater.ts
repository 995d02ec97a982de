import { useEffect, useState } from "react";

/**
 * False on the first render for `key` (a session), true from a task of its own after it: for parts
 * of a view that may come a moment later, so that opening a large session is not one long task.
 */
export function useLater(key: unknown): boolean {
	const [readyFor, setReadyFor] = useState<unknown>(undefined);
	useEffect(() => {
		if (readyFor === key) return;
		const timer = setTimeout(() => setReadyFor(key), 0);
		return () => clearTimeout(timer);
	}, [key, readyFor]);
	return readyFor === key;
}
