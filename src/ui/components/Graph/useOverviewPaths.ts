import { useEffect, useMemo, useState } from "react";
import type { SessionGraph } from "../../../core";
import { yieldToIdle } from "../../../core/util/yield";
import { type OverviewPaths, overviewPaths, overviewSteps } from "./overview";

/** Up to this many nodes the paths are made at once (a few milliseconds at most); more, this many at a time. */
const AT_ONCE = 2000;

/**
 * `overviewPaths(graph)`, for the minimap and the overview alike (the canvas asks once and hands
 * them down). A large graph's are made when the page is idle, a part at a time (null until then):
 * for a 2 GB session's 14,000 nodes they took 12-28 ms in one go, which landed in the open's
 * minimap step and made it a long task, or in one idle callback.
 */
export function useOverviewPaths(graph: SessionGraph | null): OverviewPaths | null {
	const atOnce = graph !== null && graph.nodes.length <= AT_ONCE;
	const small = useMemo(() => (graph && atOnce ? overviewPaths(graph) : null), [graph, atOnce]);
	const [made, setMade] = useState<{ graph: SessionGraph; paths: OverviewPaths } | null>(null);
	useEffect(() => {
		if (!graph || atOnce) return;
		let live = true;
		void (async () => {
			const steps = overviewSteps(graph);
			let all = false;
			while (!all) {
				await yieldToIdle();
				if (!live) return;
				all = steps.step(AT_ONCE);
			}
			setMade({ graph, paths: steps.result() });
		})();
		return () => {
			live = false;
		};
	}, [graph, atOnce]);
	return small ?? (made && made.graph === graph ? made.paths : null);
}
