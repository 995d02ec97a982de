import { describe, expect, it } from "vitest";
import { SlicedQueue } from "./slicedQueue";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("SlicedQueue", () => {
	it("runs steps in order and calls a step again until it is done", async () => {
		const queue = new SlicedQueue(0);
		const log: string[] = [];
		let parts = 0;
		queue.push(() => {
			log.push("a");
			return true;
		});
		queue.push(() => {
			log.push(`b${parts}`);
			return ++parts === 3;
		});
		queue.push(() => {
			log.push("c");
			return true;
		});
		// Nothing runs synchronously: work waits for a task of its own.
		expect(log).toEqual([]);
		await settle();
		expect(log).toEqual(["a", "b0", "b1", "b2", "c"]);
	});

	it("runs several steps in one task while within its budget", async () => {
		const queue = new SlicedQueue(1000);
		const log: number[] = [];
		for (let i = 0; i < 100; i++) queue.push(() => log.push(i) > 0);
		await settle();
		expect(log).toEqual(Array.from({ length: 100 }, (_, i) => i));
	});
});
