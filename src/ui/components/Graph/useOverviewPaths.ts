import { useEffect, useState } from "react";
import type { SessionGraph } from "../../../core";
import { yieldToIdle } from "../../../store/yieldToPage";
import { type OverviewPaths, overviewPaths } from "./overview";

/** Up to this many nodes the paths are made at once (a few milliseconds at most). */
const AT_ONCE = 2000;

/** Made once per graph, for the minimap and the overview alike. */
const made = new WeakMap<SessionGraph, OverviewPaths>();

function pathsOf(graph: SessionGraph): OverviewPaths {
	let paths = made.get(graph);
	if (!paths) {
		paths = overviewPaths(graph);
		made.set(graph, paths);
	}
	return paths;
}

/**
 * `overviewPaths(graph)`, made once per graph. A large graph's are made when the page is idle
 * (null until then): for a 2 GB session's 14,000 nodes they took 16-22 ms, which landed in the
 * open's minimap step and made it a long task.
 */
export function useOverviewPaths(graph: SessionGraph): OverviewPaths | null {
	const known = made.get(graph) ?? (graph.nodes.length <= AT_ONCE ? pathsOf(graph) : null);
	const [, setReady] = useState<SessionGraph | null>(null);
	useEffect(() => {
		if (known) return;
		let live = true;
		void yieldToIdle().then(() => {
			if (!live) return;
			pathsOf(graph);
			setReady(graph);
		});
		return () => {
			live = false;
		};
	}, [graph, known]);
	return known;
}
