import { useLayoutEffect, useSyncExternalStore } from "react";

/**
 * The steps in which a newly opened session comes onto the page, each in a task of its own so
 * that opening a 100k-entry session is not one long task: first the page around the graph (the
 * tips, the graph's frame), then the graph's model and paint (the first session's), then the
 * graph's canvas (React Flow, the first time: it measures the page), then the graph's nodes, then
 * the inspector, then the minimap.
 */
export const OPEN_STEPS = { page: 0, graph: 1, canvas: 2, nodes: 3, inspector: 4, minimap: 5 } as const;
const LAST_STEP = OPEN_STEPS.minimap;

/** One clock for the whole page, so that the steps come in order whoever asks. */
let clock: { key: unknown; step: number } = { key: undefined, step: LAST_STEP };
let timer: ReturnType<typeof setTimeout> | null = null;
let frame: number | null = null;
const listeners = new Set<() => void>();

function advance(): void {
	timer = null;
	frame = null;
	clock = { key: clock.key, step: clock.step + 1 };
	for (const listener of listeners) listener();
	if (clock.step + 1 >= OPEN_STEPS.canvas && clock.step < LAST_STEP && typeof requestAnimationFrame === "function") {
		// React Flow measures the page when it mounts: after a frame, so that it finds the page laid
		// out (else its measuring lays out what the steps before changed inside the canvas step:
		// up to 25 ms of a 2 GB session's). The steps after it each after a frame too: the nodes,
		// the inspector's rows and the minimap are each laid out in a frame of their own (in one,
		// a small session's took 31-49 ms). A hidden tab's open waits there until it is shown.
		frame = requestAnimationFrame(() => {
			frame = null;
			timer = setTimeout(advance, 0);
		});
	} else if (clock.step < LAST_STEP) timer = setTimeout(advance, 0);
}

function restart(key: unknown): void {
	if (clock.key === key) return;
	clock = { key, step: OPEN_STEPS.page };
	if (timer !== null) clearTimeout(timer);
	if (frame !== null) cancelAnimationFrame(frame);
	frame = null;
	timer = setTimeout(advance, 0);
}

function subscribe(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

/** The step `useOpenStep(key, steps)` gives while the clock is at `at`. */
export function seenStep(at: { key: unknown; step: number }, key: unknown, steps?: readonly number[]): number {
	if (key === null || key === undefined) return LAST_STEP;
	const step = at.key === key ? at.step : OPEN_STEPS.page;
	if (!steps) return step;
	let reached: number = OPEN_STEPS.page;
	for (const s of steps) if (s <= step && s > reached) reached = s;
	return reached;
}

/**
 * How far the page has come in showing `key` (a session's entries; null for none): `OPEN_STEPS`.
 * A new key starts again from the first step; every component asking about the same key sees the
 * same step. `steps`, when given, are the only steps the caller tells apart: it is given the
 * latest of them reached (the first step before that), and renders again only when that changes,
 * not at every step of the clock (a lean session's inspector and graph rendered again at each).
 */
export function useOpenStep(key: unknown, steps?: readonly number[]): number {
	const now = useSyncExternalStore(subscribe, () => seenStep(clock, key, steps));
	useLayoutEffect(() => {
		if (key !== null && key !== undefined) restart(key);
	}, [key]);
	return now;
}
