import { useMemo } from "react";
import { type ContextAnalysis, type ExplainStep, explainSteps } from "../../core";
import { type Store, useStore } from "../../store";
import { useAnalysis, useSessionIndex } from "./useSession";

/** The part of the inspector each explainer step is about. */
export type ExplainStage = "path" | "entries" | "messages" | "payload";

const STAGE_OF: Record<ExplainStep["id"], ExplainStage> = {
	path: "path",
	compaction: "path",
	rule: "entries",
	range: "entries",
	project: "messages",
	settings: "messages",
	convert: "payload",
};

export interface Explainer {
	steps: ExplainStep[];
	/** Index of the current step (clamped to the steps). */
	index: number;
	step: ExplainStep;
	stage: ExplainStage;
	/** Ids of the step's focus entries (for the inspector's rows). */
	focusIds: ReadonlySet<string>;
}

const selectStep = (s: Store) => s.explainStep;

let cached: { analysis: ContextAnalysis; steps: ExplainStep[] } | null = null;

/** One list of steps per analysis, shared by the panel, the graph paint and the inspector. */
function stepsFor(entries: Parameters<typeof explainSteps>[0], analysis: ContextAnalysis): ExplainStep[] {
	if (cached?.analysis !== analysis) cached = { analysis, steps: explainSteps(entries, analysis) };
	return cached.steps;
}

/** The explainer's current step for the selected leaf, or null when the explainer is off. */
export function useExplainer(): Explainer | null {
	const { session } = useSessionIndex();
	const entries = session?.entries;
	const analysis = useAnalysis();
	const stepIndex = useStore(selectStep);
	return useMemo(() => {
		if (stepIndex === null || !entries || !analysis) return null;
		const steps = stepsFor(entries, analysis);
		const index = Math.max(0, Math.min(steps.length - 1, stepIndex));
		const step = steps[index];
		const focusIds = new Set(step.focus.map((p) => entries[p].id));
		return { steps, index, step, stage: STAGE_OF[step.id], focusIds };
	}, [stepIndex, entries, analysis]);
}
