import { useEffect, useState } from "react";

/**
 * How many of `stages` later steps have come for `key` (a session): 0 on the first render for it,
 * then one more in each following task of its own. For parts of a view that may come a moment
 * later, one after another, so that opening a large session is not one long task.
 */
export function useStaged(key: unknown, stages: number): number {
	const [reached, setReached] = useState<{ key: unknown; stage: number }>({ key: undefined, stage: 0 });
	const stage = reached.key === key ? reached.stage : 0;
	useEffect(() => {
		if (stage >= stages) return;
		const timer = setTimeout(() => setReached({ key, stage: stage + 1 }), 0);
		return () => clearTimeout(timer);
	}, [key, stage, stages]);
	return stage;
}
