/** Lets the page handle input and paint before going on (faster than a 4 ms-clamped timer). */
export function yieldToPage(): Promise<void> {
	return new Promise((resolve) => {
		if (typeof MessageChannel === "undefined") {
			setTimeout(resolve, 0);
			return;
		}
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}

/**
 * Resolves when the page has nothing else to do (`requestIdleCallback`), or after `timeoutMs`
 * at the latest: for work that may wait behind what the user asked for.
 */
export function yieldToIdle(timeoutMs = 500): Promise<void> {
	return new Promise((resolve) => {
		if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
		else setTimeout(resolve, 16);
	});
}
