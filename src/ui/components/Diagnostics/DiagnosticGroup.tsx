import { useState } from "react";
import { DiagnosticItem } from "./DiagnosticItem";
import { type IssueGroup, SEVERITY_LABEL } from "./diagnosticsView";

/** Issues rendered per page, so a file with thousands of issues never renders them all at once. */
export const PAGE_SIZE = 100;

interface Props {
	group: IssueGroup;
	filtered: boolean;
	/** Issues of this severity the core counted but did not list. */
	unlisted: number;
}

/** One severity's issues, a page at a time. */
export function DiagnosticGroup({ group, filtered, unlisted }: Props) {
	const [limit, setLimit] = useState(PAGE_SIZE);
	const { severity, issues } = group;
	const shown = issues.slice(0, limit);
	const rest = issues.length - shown.length;
	const label = SEVERITY_LABEL[severity][issues.length === 1 ? 0 : 1];
	return (
		<section className={`diagnostic-group diagnostic-group--${severity}`} data-severity={severity}>
			<h3 className="diagnostic-group__title">
				{issues.length} {label}
				{filtered ? " (filtered)" : ""}
				{unlisted > 0 && (
					<span className="diagnostic-group__unlisted">+ {unlisted.toLocaleString("en-US")} not listed</span>
				)}
			</h3>
			<ul className="list">
				{shown.map((issue, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: a session's issues are a fixed list
					<DiagnosticItem key={i} issue={issue} />
				))}
			</ul>
			{rest > 0 && (
				<button
					type="button"
					className="button button--small diagnostic-group__more"
					data-testid="diagnostics-more"
					onClick={() => setLimit(limit + PAGE_SIZE)}
				>
					Show {Math.min(rest, PAGE_SIZE)} more of {rest}
				</button>
			)}
		</section>
	);
}
