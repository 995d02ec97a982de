import { useEffect, useMemo, useRef, useState } from "react";
import type { SessionGraph } from "../../../core";
import { yieldToIdle } from "../../../core/util/yield";
import { type OverviewPaths, overviewPaths, overviewSteps } from "./overview";

/** Up to this many nodes the paths are made at once (a few milliseconds at most); more, this many at a time. */
const AT_ONCE = 2000;

/**
 * `overviewPaths(graph)`, for the minimap and the overview alike (the canvas asks once and hands
 * them down). A large graph's are made when the page is idle, a part at a time (null until then):
 * for a 2 GB session's 14,000 nodes they took 12-28 ms in one go, which landed in the open's
 * minimap step and made it a long task, or in one idle callback. A run is not cut short by a newer
 * graph (the faces of nodes coming on screen make one often, and a run started over each time
 * might never end on a busy page): it ends, then a run for the newest graph starts.
 */
export function useOverviewPaths(graph: SessionGraph | null): OverviewPaths | null {
	const atOnce = graph !== null && graph.nodes.length <= AT_ONCE;
	const small = useMemo(() => (graph && atOnce ? overviewPaths(graph) : null), [graph, atOnce]);
	const [made, setMade] = useState<{ graph: SessionGraph; paths: OverviewPaths } | null>(null);
	/** The graph whose paths are wanted next; whether a run is making some; whether the view is still here. */
	const job = useRef<{ want: SessionGraph | null; running: boolean; live: boolean }>({
		want: null,
		running: false,
		live: true,
	});
	useEffect(() => {
		const current = job.current;
		current.live = true;
		return () => {
			current.live = false;
		};
	}, []);
	useEffect(() => {
		const current = job.current;
		current.want = graph && !atOnce ? graph : null;
		if (current.running || !current.want) return;
		current.running = true;
		void (async () => {
			try {
				for (let target = current.want; target && current.live; target = current.want) {
					const steps = overviewSteps(target);
					let all = false;
					while (!all) {
						await yieldToIdle();
						if (!current.live) return;
						all = steps.step(AT_ONCE);
					}
					if (current.want === target) current.want = null;
					setMade({ graph: target, paths: steps.result() });
				}
			} finally {
				current.running = false;
			}
		})();
	}, [graph, atOnce]);
	return small ?? (made && made.graph === graph ? made.paths : null);
}
