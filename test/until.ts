/** Waits (up to `ms`) until `check` gives something truthy; returns it. For store actions that settle later. */
export async function until<T>(check: () => T | null | undefined | false, ms = 10_000): Promise<T> {
	const end = Date.now() + ms;
	for (;;) {
		const value = check();
		if (value) return value;
		if (Date.now() > end) throw new Error(`not reached within ${ms} ms`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}
