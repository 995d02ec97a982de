/**
 * Work done in order, a slice at a time: each task runs queued steps for about `budgetMs`, then
 * lets the page handle input and paint before the next. A step returns true once its item is
 * finished, false to be called again (an item too large for one go, done in parts).
 */
export class SlicedQueue {
	private readonly steps: (() => boolean)[] = [];
	private scheduled = false;
	private channel: MessageChannel | null = null;
	/** Steps wait while this is set (see `waitFor`). */
	private waiting: Promise<unknown> | null = null;

	constructor(private readonly budgetMs = 8) {}

	push(step: () => boolean): void {
		this.steps.push(step);
		this.schedule();
	}

	/** No further step runs until `promise` settles (the step running now finishes). */
	waitFor(promise: Promise<unknown>): void {
		const waiting = promise.then(
			() => undefined,
			() => undefined,
		);
		this.waiting = waiting;
		void waiting.then(() => {
			if (this.waiting !== waiting) return;
			this.waiting = null;
			if (this.steps.length > 0) this.schedule();
		});
	}

	private schedule(): void {
		if (this.scheduled || this.waiting) return;
		this.scheduled = true;
		// A message to ourselves: faster than a timer (not clamped), and input still goes first.
		if (!this.channel && typeof MessageChannel !== "undefined") {
			this.channel = new MessageChannel();
			this.channel.port1.onmessage = () => this.run();
		}
		if (this.channel) this.channel.port2.postMessage(null);
		else setTimeout(() => this.run(), 0);
	}

	private run(): void {
		this.scheduled = false;
		const start = performance.now();
		while (this.steps.length > 0 && !this.waiting) {
			if (this.steps[0]()) this.steps.shift();
			if (performance.now() - start >= this.budgetMs) break;
		}
		if (this.steps.length > 0) this.schedule();
	}
}
