import { type Store, useStore } from "../../../store";
import "./Gallery.css";
import { TickText } from "./TickText";

/** The library key whose lesson applies: the open session's, or the original's while in the lab. */
const selectLessonKey = (s: Store) => {
	if (!s.session) return null;
	return s.lab && s.session.key === s.lab.key ? s.lab.original.key : s.session.key;
};
/** The example shown: the stored lesson, or the one being opened (so the card and the graph appear together). */
const selectLesson = (s: Store) => {
	const key = selectLessonKey(s);
	if (!key) return undefined;
	const loading = s.exampleLoading;
	if (loading && s.session?.fileName === loading) return s.examples?.find((e) => e.file === loading);
	return s.lessons.get(key);
};
const selectDismiss = (s: Store) => s.dismissLesson;
const selectExplaining = (s: Store) => s.explainStep !== null;
/** The explainer and the lab need the room: the lesson then shows its title and rule only. */
const selectBusy = (s: Store) => s.explainStep !== null || (s.lab !== null && s.session?.key === s.lab.key);
const selectSetStep = (s: Store) => s.setExplainStep;

/** The rule of the example that is open, beside the graph, until it is dismissed. */
export function LessonCard() {
	const key = useStore(selectLessonKey);
	const lesson = useStore(selectLesson);
	const dismiss = useStore(selectDismiss);
	const explaining = useStore(selectExplaining);
	const busy = useStore(selectBusy);
	const setStep = useStore(selectSetStep);
	if (!key || !lesson) return null;
	return (
		<aside className="lesson" data-testid="lesson" aria-label="Lesson">
			<div className="lesson__main">
				<span className="lesson__kicker">Example</span>
				<h2 className="lesson__title" data-testid="lesson-title">
					<TickText text={lesson.title} />
				</h2>
				<p className="lesson__rule" data-testid="lesson-rule">
					<strong>Rule:</strong> <TickText text={lesson.rule} />
				</p>
				{!busy && (
					<p className="lesson__explanation" data-testid="lesson-explanation">
						<TickText text={lesson.explanation} />
					</p>
				)}
			</div>
			<div className="lesson__actions">
				{!explaining && (
					<button
						type="button"
						className="button button--small"
						data-testid="lesson-explain"
						onClick={() => setStep(0)}
					>
						Step through the builder
					</button>
				)}
				<button
					type="button"
					className="lesson__dismiss"
					data-testid="lesson-dismiss"
					aria-label="Dismiss the lesson"
					title="Dismiss the lesson"
					onClick={() => dismiss(key)}
				>
					×
				</button>
			</div>
		</aside>
	);
}
