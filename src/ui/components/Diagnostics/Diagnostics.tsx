import { useMemo, useState } from "react";
import { type OpenSession, type Store, useStore } from "../../../store";
import { DiagnosticGroup } from "./DiagnosticGroup";
import { DiagnosticsFilter } from "./DiagnosticsFilter";
import { DiagnosticsNotices } from "./DiagnosticsNotices";
import {
	countBySeverity,
	groupIssues,
	type IssueFilter,
	isFiltered,
	NO_FILTER,
	unlistedBySeverity,
} from "./diagnosticsView";
import "./Diagnostics.css";

const selectSession = (s: Store) => s.session;
const NO_ISSUES: never[] = [];

/** The open session's issues: file notices, then a filterable list grouped by severity. */
export function Diagnostics() {
	const session = useStore(selectSession);
	if (!session) return null;
	// A new session starts with a clear filter and first pages.
	return <DiagnosticsPanel key={session.key + session.contentHash} />;
}

function DiagnosticsPanel() {
	// The whole session: its issues and checks' state are what this panel shows.
	const session = useStore(selectSession);
	const issues = session?.issues ?? NO_ISSUES;
	const [filter, setFilter] = useState<IssueFilter>(NO_FILTER);
	const counts = useMemo(() => countBySeverity(issues), [issues]);
	const unlisted = useMemo(() => unlistedBySeverity(issues), [issues]);
	const groups = useMemo(() => groupIssues(issues, filter), [issues, filter]);
	const shown = groups.reduce((n, g) => n + g.issues.length, 0);
	if (!session) return null;
	return (
		<section className="panel diagnostics" aria-label="Diagnostics">
			<h2 className="panel__title">
				Diagnostics {session.checks === "running" ? "(checking…)" : `(${issues.length})`}
			</h2>
			<Checks state={session.checks} />
			<DiagnosticsNotices issues={issues} version={session.version} />
			{issues.length > 0 && <DiagnosticsFilter issues={issues} counts={counts} filter={filter} onChange={setFilter} />}
			<div className="diagnostics__list" data-testid="diagnostics" data-count={issues.length} data-shown={shown}>
				{issues.length === 0 && <p className="muted diagnostics__empty">No problems found in {session.fileName}.</p>}
				{issues.length > 0 && shown === 0 && <p className="muted diagnostics__empty">No issue matches the filter.</p>}
				{groups.map((g) => (
					<DiagnosticGroup
						key={g.severity}
						group={g}
						filtered={isFiltered(filter)}
						unlisted={filter.code === null ? unlisted[g.severity] : 0}
					/>
				))}
			</div>
		</section>
	);
}

const CHECKS: Record<OpenSession["checks"], string> = {
	running: "Checking every entry of the file in the background; its issues are listed when the checks are done.",
	done: "Every entry of the file was checked.",
	incomplete: "The checks that need every entry in full did not run to the end (see the notice below).",
};

/** Where the checks of every entry are (they run in the worker that holds the file). */
function Checks({ state }: { state: OpenSession["checks"] }) {
	return (
		<p
			className={`muted small diagnostics__checks diagnostics__checks--${state}`}
			data-testid="diagnostics-checks"
			data-state={state}
			role="status"
		>
			{state === "running" && <span className="diagnostics__spinner" aria-hidden="true" />}
			{CHECKS[state]}
		</p>
	);
}
