import { beforeEach, describe, expect, it, vi } from "vitest";
import { initialState, useStore } from "..";

describe("a new version of the installed app", () => {
	beforeEach(() => useStore.setState(initialState));

	it("is announced, and activates only when the user reloads into it", async () => {
		const apply = vi.fn(async () => undefined);
		useStore.getState().offerUpdate(apply);
		expect(useStore.getState().updateReady).toBe(true);
		expect(apply).not.toHaveBeenCalled();
		await useStore.getState().applyUpdate();
		expect(apply).toHaveBeenCalledOnce();
		expect(useStore.getState().updateReady).toBe(false);
	});

	it("can wait for the next visit", () => {
		const apply = vi.fn(async () => undefined);
		useStore.getState().offerUpdate(apply);
		useStore.getState().dismissUpdate();
		expect(useStore.getState().updateReady).toBe(false);
		expect(apply).not.toHaveBeenCalled();
	});
});
