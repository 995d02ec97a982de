import { useEffect, useState } from "react";

/** What the worker said: its answer, or why it could not give one. */
export type WorkerAnswer<T> = { answer: T } | { error: string };

const same = (x: readonly unknown[], y: readonly unknown[]) => x.length === y.length && x.every((v, i) => v === y[i]);

/**
 * The answer to a question put to the worker: `ask` is asked when the inputs change (`key` and
 * `again`, each compared with ===; the arrays of one caller keep their length), and an answer that
 * arrives after they changed is dropped. The answer given is the last one for this `key` (another
 * key's: null), kept while `again` changes ask once more; null while nothing is asked (`ask` null).
 */
export function useWorkerAnswer<T>(
	ask: (() => Promise<T>) | null,
	key: readonly unknown[],
	again: readonly unknown[] = [],
): WorkerAnswer<T> | null {
	const [state, setState] = useState<{ key: readonly unknown[]; said: WorkerAnswer<T> } | null>(null);
	const asking = ask !== null;
	// biome-ignore lint/correctness/useExhaustiveDependencies: `ask` is the question of these inputs, asked again when they change
	useEffect(() => {
		if (!ask) return;
		let live = true;
		ask().then(
			(answer) => {
				if (live) setState({ key, said: { answer } });
			},
			(err: unknown) => {
				if (live) setState({ key, said: { error: err instanceof Error ? err.message : String(err) } });
			},
		);
		return () => {
			live = false;
		};
	}, [asking, ...key, ...again]);
	if (!asking || !state || !same(state.key, key)) return null;
	return state.said;
}
