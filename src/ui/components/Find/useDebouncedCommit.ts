import { useCallback, useEffect, useRef } from "react";

/**
 * Calls `commit(value)` once `value` has been still for `delay` ms; `flush` commits at once
 * (for Enter). Pending calls are dropped on unmount.
 */
export function useDebouncedCommit(value: string, commit: (value: string) => void, delay: number): () => void {
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
	const latest = useRef({ value, commit });
	latest.current = { value, commit };
	useEffect(() => {
		timer.current = setTimeout(() => latest.current.commit(value), delay);
		return () => clearTimeout(timer.current);
	}, [value, delay]);
	return useCallback(() => {
		clearTimeout(timer.current);
		latest.current.commit(latest.current.value);
	}, []);
}
