import type { ExplainStep } from "../../../core";

interface Props {
	steps: readonly Pick<ExplainStep, "id" | "title">[];
	index: number;
	onPick(index: number): void;
}

/** Where the explainer is: one numbered button per step, the current one filled. */
export function StepDots({ steps, index, onPick }: Props) {
	return (
		<ol className="step-dots" aria-label="Steps">
			{steps.map((s, i) => (
				<li key={s.id}>
					<button
						type="button"
						className={`step-dots__dot${i === index ? " is-current" : i < index ? " is-done" : ""}`}
						aria-current={i === index ? "step" : undefined}
						title={s.title}
						onClick={() => onPick(i)}
					>
						{i + 1}
					</button>
				</li>
			))}
		</ol>
	);
}
