import { describe, expect, it } from "vitest";
import { OPEN_STEPS, seenStep } from "./useOpenStep";

describe("seenStep", () => {
	const key = {};
	const view = [OPEN_STEPS.canvas, OPEN_STEPS.nodes, OPEN_STEPS.minimap];

	it("gives the clock's step for its key, the first step for another, the last for none", () => {
		expect(seenStep({ key, step: OPEN_STEPS.nodes }, key)).toBe(OPEN_STEPS.nodes);
		expect(seenStep({ key: {}, step: OPEN_STEPS.nodes }, key)).toBe(OPEN_STEPS.page);
		expect(seenStep({ key, step: OPEN_STEPS.page }, null)).toBe(OPEN_STEPS.minimap);
		expect(seenStep({ key, step: OPEN_STEPS.page }, undefined)).toBe(OPEN_STEPS.minimap);
	});

	it("gives only the latest of the steps a caller tells apart, so the others do not render it again", () => {
		const seen = Object.values(OPEN_STEPS).map((step) => seenStep({ key, step }, key, view));
		expect(seen).toEqual([
			OPEN_STEPS.page,
			OPEN_STEPS.page,
			OPEN_STEPS.canvas,
			OPEN_STEPS.nodes,
			OPEN_STEPS.nodes,
			OPEN_STEPS.minimap,
		]);
		expect(seenStep({ key: {}, step: OPEN_STEPS.minimap }, key, view)).toBe(OPEN_STEPS.page);
		expect(seenStep({ key, step: OPEN_STEPS.graph }, null, view)).toBe(OPEN_STEPS.minimap);
	});
});
