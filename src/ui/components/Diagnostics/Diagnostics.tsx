import { useStore } from "../../../store";

/** The open session's issues. */
export function Diagnostics() {
	const issues = useStore((s) => s.session?.issues);
	if (!issues) return null;
	return (
		<section className="panel" aria-label="Diagnostics">
			<h2 className="panel__title">Diagnostics ({issues.length})</h2>
			<ul className="list" data-testid="diagnostics">
				{issues.map((issue, i) => (
					<li
						// biome-ignore lint/suspicious/noArrayIndexKey: issues are a fixed list per session
						key={i}
						className={`diagnostic diagnostic--${issue.severity}`}
						data-testid="diagnostic"
						data-code={issue.code}
					>
						{issue.line !== undefined && <span className="muted">line {issue.line}: </span>}
						{issue.message}
					</li>
				))}
			</ul>
		</section>
	);
}
