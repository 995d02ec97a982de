import { describe, expect, it } from "vitest";
import { paced } from "./paced";

describe("paced", () => {
	it("pauses once the budget is spent, and on the first call only when asked", async () => {
		let pauses = 0;
		const pause = async () => {
			pauses++;
		};
		const now = paced(pause, 0, true);
		await now();
		await now();
		expect(pauses).toBe(2);
		pauses = 0;
		const later = paced(pause, 60_000);
		await later();
		await later();
		expect(pauses).toBe(0);
		const first = paced(pause, 60_000, true);
		await first();
		await first();
		expect(pauses).toBe(1);
	});
});
