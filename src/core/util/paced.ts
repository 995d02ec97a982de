/**
 * A break for a long loop that must let its thread serve other work now and then: each call
 * awaits `pause()` once `budgetMs` have gone since the last pause (on the first call too when
 * `pauseFirst`), and returns at once otherwise. A loop measured by the clock, not by a count of
 * steps, yields as often on a slow machine as on a fast one.
 */
export function paced(pause: () => Promise<void>, budgetMs: number, pauseFirst = false): () => Promise<void> {
	let since = pauseFirst ? Number.NEGATIVE_INFINITY : Date.now();
	return async () => {
		if (Date.now() - since < budgetMs) return;
		await pause();
		since = Date.now();
	};
}
