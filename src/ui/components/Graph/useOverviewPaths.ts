import { useEffect, useState } from "react";
import type { SessionGraph } from "../../../core";
import { yieldToIdle } from "../../../core/util/yield";
import { type OverviewPaths, overviewPaths, overviewSteps } from "./overview";

/** Up to this many nodes the paths are made at once (a few milliseconds at most); more, this many at a time. */
const AT_ONCE = 2000;

/** Made once per graph, for the minimap and the overview alike. */
const made = new WeakMap<SessionGraph, OverviewPaths>();
/** A large graph's paths being made (both asking wait for the same). */
const making = new WeakMap<SessionGraph, Promise<void>>();

function pathsOf(graph: SessionGraph): OverviewPaths {
	let paths = made.get(graph);
	if (!paths) {
		paths = overviewPaths(graph);
		made.set(graph, paths);
	}
	return paths;
}

/** A large graph's paths made `AT_ONCE` nodes at a time, each part when the page is idle. */
function makeWhenIdle(graph: SessionGraph): Promise<void> {
	let pending = making.get(graph);
	if (!pending) {
		pending = (async () => {
			const steps = overviewSteps(graph);
			let all = false;
			while (!all) {
				await yieldToIdle();
				all = steps.step(AT_ONCE);
			}
			made.set(graph, steps.result());
		})();
		making.set(graph, pending);
	}
	return pending;
}

/**
 * `overviewPaths(graph)`, made once per graph. A large graph's are made when the page is idle, a
 * part at a time (null until then): for a 2 GB session's 14,000 nodes they took 12-28 ms in one
 * go, which landed in the open's minimap step and made it a long task, or in one idle callback.
 */
export function useOverviewPaths(graph: SessionGraph): OverviewPaths | null {
	const known = made.get(graph) ?? (graph.nodes.length <= AT_ONCE ? pathsOf(graph) : null);
	const [, setReady] = useState<SessionGraph | null>(null);
	useEffect(() => {
		if (known) return;
		let live = true;
		void makeWhenIdle(graph).then(() => {
			if (live) setReady(graph);
		});
		return () => {
			live = false;
		};
	}, [graph, known]);
	return known;
}
