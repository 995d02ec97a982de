import { useMemo } from "react";
import type { SessionIssue, Severity } from "../../../core";
import { codeCounts, type IssueFilter, isFiltered, NO_FILTER, SEVERITIES, SEVERITY_LABEL } from "./diagnosticsView";

interface Props {
	issues: readonly SessionIssue[];
	counts: Record<Severity, number>;
	filter: IssueFilter;
	onChange(filter: IssueFilter): void;
}

/** Severity toggles with counts, and a choice of one code. */
export function DiagnosticsFilter({ issues, counts, filter, onChange }: Props) {
	const codes = useMemo(() => codeCounts(issues), [issues]);
	const toggle = (severity: Severity) => {
		const severities = new Set(filter.severities);
		if (severities.has(severity)) severities.delete(severity);
		else severities.add(severity);
		onChange({ ...filter, severities });
	};
	return (
		<div className="diagnostics__filter" data-testid="diagnostics-filter">
			{SEVERITIES.filter((s) => counts[s] > 0 || filter.severities.has(s)).map((s) => (
				<button
					key={s}
					type="button"
					className={`sev-toggle sev-toggle--${s}`}
					aria-pressed={filter.severities.has(s)}
					data-severity={s}
					onClick={() => toggle(s)}
				>
					{counts[s]} {SEVERITY_LABEL[s][counts[s] === 1 ? 0 : 1]}
				</button>
			))}
			<select
				className="diagnostics__code"
				aria-label="Show one issue code"
				value={filter.code ?? ""}
				onChange={(e) => onChange({ ...filter, code: e.currentTarget.value || null })}
			>
				<option value="">All codes ({codes.length})</option>
				{codes.map((c) => (
					<option key={c.code} value={c.code}>
						{c.code} ({c.listed}
						{c.unlisted > 0 ? ` + ${c.unlisted} not listed` : ""})
					</option>
				))}
			</select>
			{isFiltered(filter) && (
				<button type="button" className="button button--small" onClick={() => onChange(NO_FILTER)}>
					Clear
				</button>
			)}
		</div>
	);
}
