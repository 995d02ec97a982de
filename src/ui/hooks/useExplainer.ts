import { useMemo } from "react";
import type { ExplainStepView } from "../../store";
import { type Store, selectExplanation, useStore } from "../../store";

/** The part of the inspector each explainer step is about. */
export type ExplainStage = "path" | "entries" | "messages" | "payload";

const STAGE_OF: Record<ExplainStepView["id"], ExplainStage> = {
	path: "path",
	compaction: "path",
	rule: "entries",
	range: "entries",
	project: "messages",
	settings: "messages",
	convert: "payload",
};

export interface Explainer {
	steps: ExplainStepView[];
	/** Index of the current step (clamped to the steps). */
	index: number;
	step: ExplainStepView;
	stage: ExplainStage;
	/** Whether the entry at a position is one the step is about (its rows and nodes are highlighted). */
	focus(position: number): boolean;
}

const selectStep = (s: Store) => s.explainStep;

/** Whether the sorted `list` holds `value` (binary search). */
function holds(list: Int32Array, value: number): boolean {
	let lo = 0;
	let hi = list.length - 1;
	while (lo <= hi) {
		const mid = (lo + hi) >> 1;
		if (list[mid] === value) return true;
		if (list[mid] < value) lo = mid + 1;
		else hi = mid - 1;
	}
	return false;
}

/** The explainer's current step for the selected leaf, or null when the explainer is off (or its steps are not in yet). */
export function useExplainer(): Explainer | null {
	return useExplainerState().explainer;
}

/**
 * The explainer, and while it is on but has no steps yet `wait`: "reading", or why the worker
 * could not answer.
 */
export function useExplainerState(): { explainer: Explainer | null; wait: "reading" | { error: string } | null } {
	const stepIndex = useStore(selectStep);
	const answer = useStore(selectExplanation);
	const steps = answer?.status === "ready" ? answer.value : null;
	const explainer = useMemo(() => {
		if (stepIndex === null || !steps || steps.length === 0) return null;
		const index = Math.max(0, Math.min(steps.length - 1, stepIndex));
		const step = steps[index];
		const sorted = step.focus.slice().sort();
		return { steps, index, step, stage: STAGE_OF[step.id], focus: (p: number) => holds(sorted, p) };
	}, [stepIndex, steps]);
	if (stepIndex === null || explainer) return { explainer, wait: null };
	return { explainer: null, wait: answer?.status === "failed" ? { error: answer.error } : "reading" };
}
