import type { ReactNode } from "react";
import { type LoadJob, type Store, useStore } from "../../../store";
import { usePreloadHighlighter } from "../Code/useHighlight";
import { formatBytes } from "../Library/format";
import "./LoadStatus.css";

const selectLoads = (s: Store) => s.loads;
const selectErrors = (s: Store) => s.loadErrors;
const selectDismiss = (s: Store) => s.dismissLoadError;
const selectStorageError = (s: Store) => s.storageError;
const selectDismissStorage = (s: Store) => s.dismissStorageError;
const selectLinkError = (s: Store) => s.linkError;
const selectDismissLink = (s: Store) => s.dismissLinkError;

const PHASES: Record<NonNullable<LoadJob["phase"]>, string> = {
	queued: "Waiting",
	downloading: "Downloading",
	reading: "Reading",
	parsing: "Parsing",
	saving: "Storing",
};

function Progress({ job }: { job: LoadJob }) {
	const percent = job.total > 0 ? Math.min(100, Math.floor((job.loaded / job.total) * 100)) : 0;
	return (
		<div className="load-progress" data-testid="load-progress" data-file-name={job.fileName} data-percent={percent}>
			<span className="load-progress__name" title={job.fileName}>
				{PHASES[job.phase ?? "reading"]} {job.fileName}
			</span>
			{job.total > 0 ? (
				<progress max={100} value={percent} aria-label={`Loading ${job.fileName}`} />
			) : (
				<progress aria-label={`Loading ${job.fileName}`} />
			)}
			<span className="load-progress__numbers">
				{job.total > 0
					? `${percent}% · ${formatBytes(job.loaded)} of ${formatBytes(job.total)}`
					: formatBytes(job.loaded)}
			</span>
		</div>
	);
}

function Notice({ text, testId, onDismiss }: { text: ReactNode; testId: string; onDismiss(): void }) {
	return (
		<div className="load-error" role="alert" data-testid={testId}>
			<span className="load-error__text">{text}</span>
			<button type="button" className="button button--small" onClick={onDismiss}>
				Dismiss
			</button>
		</div>
	);
}

/** Files being parsed, files that could not be opened, and storage or link problems. */
export function LoadStatus() {
	const loads = useStore(selectLoads);
	const errors = useStore(selectErrors);
	const dismiss = useStore(selectDismiss);
	const storageError = useStore(selectStorageError);
	const dismissStorage = useStore(selectDismissStorage);
	const linkError = useStore(selectLinkError);
	const dismissLink = useStore(selectDismissLink);
	usePreloadHighlighter(loads.length > 0);
	if (loads.length === 0 && errors.length === 0 && !storageError && !linkError) return null;
	return (
		<div className="load-status" aria-live="polite">
			{loads.map((job) => (
				<Progress key={job.id} job={job} />
			))}
			{errors.map((err) => (
				<Notice
					key={err.id}
					testId="load-error"
					text={
						<>
							Could not open <strong data-testid="load-error-file">{err.fileName}</strong>: {err.reason}
						</>
					}
					onDismiss={() => dismiss(err.id)}
				/>
			))}
			{errors.length > 1 && (
				<button
					type="button"
					className="load-status__dismiss-all"
					onClick={() => {
						for (const e of errors) dismiss(e.id);
					}}
				>
					Dismiss all {errors.length} errors
				</button>
			)}
			{linkError && <Notice testId="link-error" text={linkError} onDismiss={dismissLink} />}
			{storageError && <Notice testId="storage-error" text={storageError} onDismiss={dismissStorage} />}
		</div>
	);
}
