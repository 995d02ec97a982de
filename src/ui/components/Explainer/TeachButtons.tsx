import { rulesOf } from "../../../core";
import { type Store, useStore } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";
import { defaultCompareTips } from "../Compare/useComparison";
import "./Explainer.css";

const selectExplaining = (s: Store) => s.explainStep !== null;
const selectComparing = (s: Store) => s.compare !== null;
const selectInLab = (s: Store) => s.lab !== null && s.session?.key === s.lab.key;
const selectLeaf = (s: Store) => s.selectedLeafId;
const selectGallery = (s: Store) => s.galleryOpen;
const selectSetStep = (s: Store) => s.setExplainStep;
const selectSetCompare = (s: Store) => s.setCompare;
const selectEnterLab = (s: Store) => s.enterLab;
const selectLeaveLab = (s: Store) => s.leaveLab;

/** The toolbar's teaching modes for the open session: explain, compare two tips, what-if lab. */
export function TeachButtons() {
	const session = useOpenSession();
	const explaining = useStore(selectExplaining);
	const comparing = useStore(selectComparing);
	const inLab = useStore(selectInLab);
	const leaf = useStore(selectLeaf);
	const gallery = useStore(selectGallery);
	const setExplainStep = useStore(selectSetStep);
	const setCompare = useStore(selectSetCompare);
	const enterLab = useStore(selectEnterLab);
	const leaveLab = useStore(selectLeaveLab);
	if (!session || gallery) return null;
	const labOff = rulesOf(session.dialect).readOnly;
	return (
		<nav className="teach-buttons" aria-label="Learn">
			<button
				type="button"
				className="button"
				data-testid="explain-button"
				aria-pressed={explaining}
				title="Walk through the context builder for the selected leaf, step by step"
				onClick={() => setExplainStep(explaining ? null : 0)}
			>
				Explain
			</button>
			<button
				type="button"
				className="button"
				data-testid="compare-button"
				aria-pressed={comparing}
				title="See what two tips send to the provider, side by side"
				onClick={() => setCompare(comparing ? null : defaultCompareTips(session, leaf))}
			>
				Compare tips
			</button>
			<button
				type="button"
				className="button"
				data-testid="lab-button"
				aria-pressed={inLab}
				disabled={labOff !== null}
				title={labOff ?? "Try additions on a scratch copy of this session"}
				onClick={() => (inLab ? leaveLab() : enterLab())}
			>
				What-if lab
			</button>
		</nav>
	);
}
