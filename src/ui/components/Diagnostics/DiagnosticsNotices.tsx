import type { SessionIssue } from "../../../core";
import { fileNotices } from "./diagnosticsView";

/** Banners for what is true of the whole file: migrated, no header, no entries, bad UTF-8. */
export function DiagnosticsNotices({ issues, version }: { issues: readonly SessionIssue[]; version: number }) {
	const notices = fileNotices(issues, version);
	if (notices.length === 0) return null;
	return (
		<ul className="diagnostics__notices">
			{notices.map((n) => (
				<li
					key={n.code}
					className={`diagnostics-notice diagnostics-notice--${n.code}`}
					data-testid="diagnostics-notice"
					data-code={n.code}
				>
					<strong>{n.title}.</strong> {n.detail}
				</li>
			))}
		</ul>
	);
}
