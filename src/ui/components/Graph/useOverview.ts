import { useStoreApi } from "@xyflow/react";
import { useEffect, useState } from "react";
import type { SessionGraph } from "../../../core";
import { OVERVIEW_ENTER, OVERVIEW_LEAVE, visibleNodeCount } from "./overview";

/**
 * Whether the graph should be drawn as an overview now: switches on when more than
 * `OVERVIEW_ENTER` nodes would be on screen (zoomed far out on a large tree) and off again below
 * `OVERVIEW_LEAVE`, so it does not flicker at the threshold. Re-evaluated as the view moves.
 */
export function useOverview(graph: SessionGraph | undefined): boolean {
	const flow = useStoreApi();
	const [overview, setOverview] = useState(false);
	useEffect(() => {
		if (!graph || graph.nodes.length <= OVERVIEW_LEAVE) {
			setOverview(false);
			return;
		}
		// React Flow's store changes many times a frame while the view moves, mostly elsewhere.
		let seen = "";
		const check = () => {
			const { transform, width, height } = flow.getState();
			const key = `${transform.join(",")},${width},${height}`;
			if (key === seen) return;
			seen = key;
			const n = visibleNodeCount(graph, transform, width, height, OVERVIEW_ENTER);
			setOverview((on) => (on ? n > OVERVIEW_LEAVE : n > OVERVIEW_ENTER));
		};
		check();
		return flow.subscribe(check);
	}, [graph, flow]);
	return overview;
}
