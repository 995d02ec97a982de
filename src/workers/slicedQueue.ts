/**
 * Work done in order, a slice at a time: each task runs queued steps for about `budgetMs`, then
 * lets the page handle input and paint before the next. A step returns true once its item is
 * finished, false to be called again (an item too large for one go, done in parts).
 */
export class SlicedQueue {
	private readonly steps: (() => boolean)[] = [];
	private scheduled = false;
	private channel: MessageChannel | null = null;

	constructor(private readonly budgetMs = 8) {}

	push(step: () => boolean): void {
		this.steps.push(step);
		this.schedule();
	}

	private schedule(): void {
		if (this.scheduled) return;
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
		while (this.steps.length > 0) {
			if (this.steps[0]()) this.steps.shift();
			if (performance.now() - start >= this.budgetMs) break;
		}
		if (this.steps.length > 0) this.schedule();
	}
}
