import { baseName } from "../../../core";
import type { ImportResult, ImportStatus } from "../../../store";
import { formatCount } from "./format";

export const STATUS_LABEL: Record<ImportStatus, string> = {
	imported: "imported",
	updated: "updated",
	unchanged: "unchanged",
	failed: "failed",
};

function note(r: ImportResult): string {
	switch (r.status) {
		case "failed":
			return r.reason ?? "";
		case "updated": {
			const delta = r.entries !== undefined && r.previousEntries !== undefined ? r.entries - r.previousEntries : 0;
			const n = Math.abs(delta);
			const entries = `${formatCount(n)} ${n === 1 ? "entry" : "entries"}`;
			return delta > 0 ? `${entries} more` : delta < 0 ? `${entries} fewer` : "new content";
		}
		case "unchanged":
			return "skipped";
		case "imported":
			return r.entries !== undefined ? `${formatCount(r.entries)} ${r.entries === 1 ? "entry" : "entries"}` : "";
		default: {
			const never: never = r.status;
			return never;
		}
	}
}

interface RowProps {
	result: ImportResult;
	/** The stored session's name, when the file went to (or matched) one. */
	name: string | undefined;
	onOpen(id: string): void;
}

/** What happened to one file of a batch; opens the session it went to. */
export function ImportResultRow({ result: r, name, onOpen }: RowProps) {
	const id = r.sessionId;
	const title = `${r.path}${r.status === "unchanged" && name ? `\nSame content as the stored “${name}”` : ""}`;
	const body = (
		<>
			<span className={`import-result__status is-${r.status}`}>{STATUS_LABEL[r.status]}</span>
			<span className="import-result__path" title={title}>
				{r.status === "unchanged" || !name ? baseName(r.path) : name}
			</span>
			<span className={`import-result__note${r.status === "failed" ? " is-reason" : ""}`}>{note(r)}</span>
		</>
	);
	return (
		<li className="import-result" data-testid="import-result" data-status={r.status} data-path={r.path}>
			{id ? (
				<button type="button" className="import-result__open" onClick={() => onOpen(id)}>
					{body}
				</button>
			) : (
				// A file that could not be imported is a load error like any other (CONTRACT: load-error).
				<div className="import-result__open" data-testid={r.status === "failed" ? "load-error" : undefined}>
					{body}
				</div>
			)}
		</li>
	);
}
