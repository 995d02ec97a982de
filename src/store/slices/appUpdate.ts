import type { AppUpdateActions, AppUpdateState } from "../liveTypes";
import type { SetStore } from "../types";

export const initialAppUpdateState: AppUpdateState = { updateReady: false };

export function createAppUpdateSlice(set: SetStore): AppUpdateActions {
	let apply: (() => Promise<void>) | null = null;
	return {
		offerUpdate(next) {
			apply = next;
			set({ updateReady: true });
		},
		async applyUpdate() {
			set({ updateReady: false });
			await apply?.();
		},
		dismissUpdate() {
			set({ updateReady: false });
		},
	};
}
