import { useMemo } from "react";
import { segmentStart } from "../../../core";
import { useStore } from "../../../store";
import type { GraphActions } from "./graphActions";
import type { GraphPaintStore } from "./paintStore";
import type { GraphViewport } from "./useGraphViewport";

const selectToggle = (s: { toggleSegment(id: string): void }) => s.toggleSegment;

/** Expand and fold, keeping the run's first node where it is on screen and the cursor on it. */
export function useRunToggles(store: GraphPaintStore, viewport: GraphViewport): GraphActions {
	const toggleSegment = useStore(selectToggle);
	return useMemo(
		() => ({
			expand(segmentId: string) {
				const first = segmentStart(segmentId);
				viewport.keepInPlace(segmentId, first);
				store.setState({ cursor: first });
				toggleSegment(segmentId);
			},
			fold(segmentId: string) {
				viewport.keepInPlace(segmentStart(segmentId), segmentStart(segmentId));
				store.setState({ cursor: segmentId });
				toggleSegment(segmentId);
			},
		}),
		[store, viewport, toggleSegment],
	);
}
