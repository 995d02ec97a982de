import { useMemo } from "react";
import { type ImportStatus, type Store, useStore } from "../../../store";
import { formatBytes, formatCount } from "./format";
import { ImportResultRow, STATUS_LABEL } from "./ImportResultRow";
import { displayName } from "./libraryView";
import "./ImportReport.css";

const STATUS_ORDER: readonly ImportStatus[] = ["failed", "imported", "updated", "unchanged"];

const selectBatch = (s: Store) => s.importBatch;
const selectLibrary = (s: Store) => s.library;
const selectOpen = (s: Store) => s.openStored;

/** The folder import under way or just done: one progress bar, then what happened to each file. */
export function ImportReport() {
	const batch = useStore(selectBatch);
	const library = useStore(selectLibrary);
	const openStored = useStore(selectOpen);
	const names = useMemo(() => new Map(library.map((m) => [m.id, displayName(m)])), [library]);
	if (!batch) return null;
	const { cancelImport, dismissImport } = useStore.getState();
	const counts = new Map<ImportStatus, number>();
	for (const r of batch.results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
	// Failures first. A result's place in the batch is its identity: results are only ever appended.
	const numbered = batch.results.map((result, seq) => ({ result, seq }));
	const sorted = STATUS_ORDER.flatMap((s) => numbered.filter((n) => n.result.status === s));
	const percent = batch.bytesTotal > 0 ? Math.min(100, Math.floor((batch.bytesDone / batch.bytesTotal) * 100)) : 100;
	const isLibrary = batch.kind === "library";
	const unit = isLibrary ? "sessions" : "files";
	const notStored = batch.notStored ?? [];
	return (
		<section
			className="import-batch"
			data-testid="import-batch"
			data-running={batch.running}
			data-kind={batch.kind ?? "folder"}
			aria-label={isLibrary ? "Library import" : "Folder import"}
			aria-busy={batch.running}
		>
			<div className="import-batch__head">
				<strong>{batch.running ? "Importing…" : "Import finished"}</strong>
				{batch.running ? (
					<button type="button" className="button button--small" onClick={cancelImport}>
						Cancel
					</button>
				) : (
					<button type="button" className="button button--small" data-testid="import-dismiss" onClick={dismissImport}>
						Dismiss
					</button>
				)}
			</div>
			<div
				className="import-batch__progress"
				data-testid="import-progress"
				data-done={batch.done}
				data-total={batch.total}
			>
				<progress max={Math.max(1, batch.total)} value={batch.done} aria-label={`${unit} imported`} />
				<span className="small muted">
					{formatCount(batch.done)} of {formatCount(batch.total)} {unit} · {formatBytes(batch.bytesDone)} of{" "}
					{formatBytes(batch.bytesTotal)} ({percent}%)
				</span>
				{batch.current && (
					<span className="import-batch__current small muted" title={batch.current}>
						{batch.current}
					</span>
				)}
			</div>
			<p className="import-batch__summary small" data-testid="import-summary">
				{STATUS_ORDER.filter((s) => counts.has(s)).map((s) => (
					<span key={s} className={`import-count is-${s}`} data-status={s} data-count={counts.get(s)}>
						{counts.get(s)} {STATUS_LABEL[s]}
					</span>
				))}
				{batch.ignored.length > 0 && (
					<span className="import-count" data-status="ignored" data-count={batch.ignored.length}>
						{batch.ignored.length} not .jsonl, left alone
					</span>
				)}
				{batch.total === 0 && !batch.stopped && (
					<span>{isLibrary ? "The library file holds no sessions." : "No .jsonl files found."}</span>
				)}
			</p>
			{batch.stopped && (
				<p className="import-batch__stopped small" role="alert">
					{batch.stopped}
				</p>
			)}
			{sorted.length > 0 && (
				<ul className="list import-results" data-testid="import-results">
					{sorted.map(({ result: r, seq }) => (
						<ImportResultRow
							key={seq}
							result={r}
							name={r.sessionId ? names.get(r.sessionId) : undefined}
							onOpen={(id) => void openStored(id)}
						/>
					))}
				</ul>
			)}
			{notStored.length > 0 && (
				<details className="import-ignored small" data-testid="import-not-stored" open>
					<summary>
						{notStored.length} file{notStored.length === 1 ? "" : "s"} not imported (the import stopped)
					</summary>
					<ul className="list">
						{notStored.map((p, i) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: paths may repeat; the list never reorders
							<li key={i}>{p}</li>
						))}
					</ul>
				</details>
			)}
			{batch.ignored.length > 0 && (
				<details className="import-ignored small muted" data-testid="import-ignored">
					<summary>Files left alone (not .jsonl)</summary>
					<ul className="list">
						{batch.ignored.map((p, i) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: paths may repeat; the list never reorders
							<li key={i}>{p}</li>
						))}
					</ul>
				</details>
			)}
		</section>
	);
}
