import { useCallback } from "react";
import { rulesOf } from "../../../core";
import { type Store, useStore } from "../../../store";
import { useExplainerState } from "../../hooks/useExplainer";
import { StepDots } from "./StepDots";
import { useExplainerKeys } from "./useExplainerKeys";
import "./Explainer.css";

const selectSetStep = (s: Store) => s.setExplainStep;
const selectDialect = (s: Store) => s.session?.dialect ?? "pi";

/** The builder for the selected leaf, one step at a time, painted on the graph and the inspector. */
export function ExplainerPanel() {
	const { explainer, wait } = useExplainerState();
	const setStep = useStore(selectSetStep);
	const kicker = `How ${rulesOf(useStore(selectDialect)).label} builds the context`;
	const index = explainer?.index ?? 0;
	const count = explainer?.steps.length ?? 0;
	const go = useCallback(
		(delta: 1 | -1) => setStep(Math.max(0, Math.min(count - 1, index + delta))),
		[setStep, index, count],
	);
	const leave = useCallback(() => setStep(null), [setStep]);
	useExplainerKeys(explainer !== null || wait !== null, go, leave);
	if (!explainer) {
		if (!wait) return null;
		return (
			<section className="explainer" data-testid="explainer" aria-label="How the context is built, step by step">
				<header className="explainer__head">
					<span className="explainer__kicker">{kicker}</span>
					<span className="explainer__spacer" />
					<button type="button" className="explainer__close" data-testid="explainer-close" onClick={leave}>
						Done
					</button>
				</header>
				<p className="explainer__text" data-testid="explainer-wait" role="status">
					{wait === "reading"
						? "Reading this leaf's context from the file…"
						: `The context could not be read from the file: ${wait.error}`}
				</p>
			</section>
		);
	}
	const { step } = explainer;
	const focus = step.focus.length;
	return (
		<section className="explainer" data-testid="explainer" aria-label="How the context is built, step by step">
			<header className="explainer__head">
				<span className="explainer__kicker">{kicker}</span>
				<StepDots steps={explainer.steps} index={index} onPick={setStep} />
				<span className="explainer__spacer" />
				<button type="button" className="explainer__close" data-testid="explainer-close" onClick={leave}>
					Done <kbd>Esc</kbd>
				</button>
			</header>
			<div className="explainer__body" aria-live="polite">
				<h2 className="explainer__title" data-testid="explainer-step" data-step={step.id} data-index={index}>
					{step.title}
				</h2>
				<p className="explainer__text" data-testid="explainer-text">
					{step.text}
				</p>
			</div>
			<footer className="explainer__foot">
				<button
					type="button"
					className="button"
					data-testid="explainer-prev"
					disabled={index === 0}
					onClick={() => go(-1)}
				>
					← Previous
				</button>
				<button
					type="button"
					className="button button--primary"
					data-testid="explainer-next"
					disabled={index === count - 1}
					onClick={() => go(1)}
				>
					Next →
				</button>
				<span className="explainer__hint muted small">
					<kbd>[</kbd> <kbd>]</kbd> step · {focus === 0 ? "nothing to highlight" : `${focus} highlighted`} in the graph
					and the inspector
				</span>
			</footer>
		</section>
	);
}
