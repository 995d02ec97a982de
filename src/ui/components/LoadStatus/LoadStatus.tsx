import { useStore } from "../../../store";

/** Progress of files being parsed and the files that could not be opened. */
export function LoadStatus() {
	const loads = useStore((s) => s.loads);
	const errors = useStore((s) => s.loadErrors);
	const dismiss = useStore((s) => s.dismissLoadError);
	const storageError = useStore((s) => s.storageError);
	if (loads.length === 0 && errors.length === 0 && !storageError) return null;
	return (
		<div className="load-status">
			{loads.map((job) => (
				<div key={job.id} className="load-progress" data-testid="load-progress">
					<span>Parsing {job.fileName}…</span>
					<progress max={job.total || 1} value={job.loaded} />
				</div>
			))}
			{errors.map((err) => (
				<div key={err.id} className="load-error" role="alert" data-testid="load-error">
					<strong>{err.fileName}</strong>: {err.reason}
					<button type="button" className="button button--small" onClick={() => dismiss(err.id)}>
						Dismiss
					</button>
				</div>
			))}
			{storageError && (
				<div className="storage-error" role="alert" data-testid="storage-error">
					{storageError}
				</div>
			)}
		</div>
	);
}
