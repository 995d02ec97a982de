import { type ReactFlowState, useStore } from "@xyflow/react";

/** Below this zoom nodes draw a simpler body (text would be unreadable anyway). */
export const FAR_ZOOM = 0.4;

const selectFar = (s: ReactFlowState) => s.transform[2] < FAR_ZOOM;

/** Whether the view is zoomed far out (changes only when the threshold is crossed). */
export function useFarZoom(): boolean {
	return useStore(selectFar);
}
