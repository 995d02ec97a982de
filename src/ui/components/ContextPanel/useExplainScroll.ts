import { type RefObject, useEffect } from "react";
import type { Explainer } from "../../hooks/useExplainer";

/** What a step points at inside its stage, before its highlighted rows. */
const TARGET: Partial<Record<string, string>> = {
	rule: "[data-testid=context-rule]",
	settings: "[data-testid=context-settings]",
};

/** Scrolls the inspector to the stage (and the first highlighted row) of the explainer's step. */
export function useExplainScroll(panel: RefObject<HTMLElement | null>, explain: Explainer | null): void {
	const stepId = explain?.step.id;
	const stage = explain?.stage;
	const leafKey = explain?.steps;
	useEffect(() => {
		if (!stepId || !stage || !leafKey) return;
		const frame = requestAnimationFrame(() => {
			const section = panel.current?.querySelector<HTMLElement>(`[data-stage="${stage}"]`);
			if (!section) return;
			const selector = TARGET[stepId];
			const target =
				(selector && section.querySelector<HTMLElement>(selector)) ||
				section.querySelector<HTMLElement>(".is-explain-focus");
			if (target) target.scrollIntoView({ block: "center" });
			else section.scrollIntoView({ block: "start" });
		});
		return () => cancelAnimationFrame(frame);
	}, [panel, stepId, stage, leafKey]);
}
