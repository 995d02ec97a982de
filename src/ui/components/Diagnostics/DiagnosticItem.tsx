import { memo } from "react";
import type { SessionIssue } from "../../../core";
import { type Store, useStore } from "../../../store";
import { codeSummary } from "./diagnosticsView";

const selectFocused = (s: Store) => s.focusedEntryId;
const selectSelectLeaf = (s: Store) => s.selectLeaf;
const selectFocusEntry = (s: Store) => s.focusEntry;

interface Props {
	issue: SessionIssue;
	/** The open session's ids, to know which ids can be jumped to. */
}

/** One issue: code, where (line, entry) and message; with an entry, a click jumps to it. */
export const DiagnosticItem = memo(function DiagnosticItem({ issue }: Props) {
	const focused = useStore(selectFocused);
	const selectLeaf = useStore(selectSelectLeaf);
	const focusEntry = useStore(selectFocusEntry);
	const jump = (id: string) => {
		selectLeaf(id);
		focusEntry(id);
	};
	// Where the issue's entry is, and the other entries it names: as the worker that holds the session found them.
	const target = issue.entryId !== undefined && issue.position !== undefined ? issue.entryId : null;
	const related = issue.related ?? [];
	const body = (
		<>
			<span className="diagnostic__head">
				<code className="diagnostic__code" title={codeSummary(issue.code)}>
					{issue.code}
				</code>
				{issue.line !== undefined && <span className="diagnostic__line">line {issue.line}</span>}
				{issue.entryId !== undefined && <code className="diagnostic__entry">{issue.entryId}</code>}
			</span>
			<span className="diagnostic__message">{issue.message}</span>
		</>
	);
	return (
		<li
			className={`diagnostic diagnostic--${issue.severity}${target !== null && target === focused ? " is-active" : ""}`}
			data-testid="diagnostic"
			data-code={issue.code}
			data-severity={issue.severity}
			data-line={issue.line}
			data-entry-id={issue.entryId}
		>
			{target !== null ? (
				<button
					type="button"
					className="diagnostic__main diagnostic__main--jump"
					title={`Select ${target} and show it`}
					onClick={() => jump(target)}
				>
					{body}
				</button>
			) : (
				<div className="diagnostic__main">{body}</div>
			)}
			{related.length > 0 && (
				<span className="diagnostic__related">
					see{" "}
					{related.map((id) => (
						<button
							key={id}
							type="button"
							className="diagnostic__related-id"
							title={`Select ${id} and show it`}
							onClick={() => jump(id)}
						>
							{id}
						</button>
					))}
				</span>
			)}
		</li>
	);
});
