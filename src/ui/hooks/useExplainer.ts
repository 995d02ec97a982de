import { useMemo } from "react";
import { type ContextAnalysis, type ExplainStep, explainSteps } from "../../core";
import { type Store, useStore } from "../../store";
import { useHostContext } from "./useHostContext";
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
const selectLeaf = (s: Store) => s.selectedLeafId;

let cached: { analysis: ContextAnalysis; steps: ExplainStep[] } | null = null;

/** One list of steps per analysis, shared by the panel, the graph paint and the inspector. */
function stepsFor(entries: Parameters<typeof explainSteps>[0], analysis: ContextAnalysis): ExplainStep[] {
	if (cached?.analysis !== analysis) cached = { analysis, steps: explainSteps(entries, analysis) };
	return cached.steps;
}

/**
 * The explainer's current step for the selected leaf, or null when the explainer is off (or, for
 * a lean session, until the parse worker has worked out the leaf's context: see `useExplainerState`).
 */
export function useExplainer(): Explainer | null {
	return useExplainerState().explainer;
}

/**
 * The explainer, and while it is on but has no steps yet (a lean session's leaf whose context the
 * parse worker is still reading from the file) `wait`: "reading", or why the worker could not answer.
 */
export function useExplainerState(): { explainer: Explainer | null; wait: "reading" | { error: string } | null } {
	const { session } = useSessionIndex();
	const entries = session?.entries;
	const stepIndex = useStore(selectStep);
	const full = useAnalysis();
	// A preview's entries are mostly skeletons: its analysis is the worker's. The steps read no
	// more of the entries than their ids, which skeletons have.
	const partial = session?.partial === true;
	const hosted = useHostContext(partial && stepIndex !== null ? session : null, useStore(selectLeaf));
	const analysis = partial ? (hosted && "analysis" in hosted ? hosted.analysis : null) : full;
	const explainer = useMemo(() => {
		if (stepIndex === null || !entries || !analysis) return null;
		const steps = stepsFor(entries, analysis);
		const index = Math.max(0, Math.min(steps.length - 1, stepIndex));
		const step = steps[index];
		const focusIds = new Set(step.focus.map((p) => entries[p].id));
		return { steps, index, step, stage: STAGE_OF[step.id], focusIds };
	}, [stepIndex, entries, analysis]);
	const waiting = partial && stepIndex !== null && !explainer;
	const wait = !waiting ? null : hosted && "error" in hosted ? hosted : session?.host ? "reading" : null;
	return { explainer, wait };
}
