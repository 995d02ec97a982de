import { useMemo, useState } from "react";
import { type OpenSession, type Store, useStore } from "../../../store";
import { useSessionIndex } from "../../hooks/useSession";
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
	const { index } = useSessionIndex();
	const issues = session?.issues ?? NO_ISSUES;
	const [filter, setFilter] = useState<IssueFilter>(NO_FILTER);
	const counts = useMemo(() => countBySeverity(issues), [issues]);
	const unlisted = useMemo(() => unlistedBySeverity(issues), [issues]);
	const groups = useMemo(() => groupIssues(issues, filter), [issues, filter]);
	const shown = groups.reduce((n, g) => n + g.issues.length, 0);
	if (!session || !index) return null;
	return (
		<section className="panel diagnostics" aria-label="Diagnostics">
			<h2 className="panel__title">
				Diagnostics {session.leanChecks === "running" ? "(checking…)" : `(${issues.length})`}
			</h2>
			{session.leanChecks && <LeanChecks state={session.leanChecks} />}
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
						byId={index.byId}
					/>
				))}
			</div>
		</section>
	);
}

const LEAN_CHECKS: Record<NonNullable<OpenSession["leanChecks"]>, string> = {
	running: "Checking every entry of the file in the background; its issues are listed when the checks are done.",
	done: "Every entry of the file was checked in the background.",
	stopped: "The checks of the file stopped before they finished.",
	skipped: "This file is too large for the checks that need every entry in full.",
};

/** Where a lean session's checks are (they run in the worker that holds the file). */
function LeanChecks({ state }: { state: NonNullable<OpenSession["leanChecks"]> }) {
	return (
		<p
			className={`muted small diagnostics__lean diagnostics__lean--${state}`}
			data-testid="diagnostics-lean"
			data-state={state}
			role="status"
		>
			{state === "running" && <span className="diagnostics__spinner" aria-hidden="true" />}
			{LEAN_CHECKS[state]}
		</p>
	);
}
