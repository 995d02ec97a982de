import { type Store, useStore } from "../../../store";
import { formatBytes, formatCount } from "./format";

const selectExport = (s: Store) => s.libraryExport;
const selectDismiss = (s: Store) => s.dismissLibraryExport;

/** What the library export did: the file it saved, and any session it had to leave out. */
export function ExportReport() {
	const state = useStore(selectExport);
	const dismiss = useStore(selectDismiss);
	if (!state) return null;
	const { running, sessions, bytes, fileName, skipped, error } = state;
	return (
		<div
			className={`library-note${error ? " is-error" : ""}`}
			data-testid="library-export-status"
			data-running={running}
			role={error ? "alert" : "status"}
		>
			<span>
				{running
					? "Exporting the library…"
					: error
						? error
						: `Exported ${formatCount(sessions)} session${sessions === 1 ? "" : "s"} (${formatBytes(bytes)}) as ${fileName}.`}
			</span>
			{skipped.length > 0 && (
				<ul className="list library-note__list" data-testid="library-export-skipped">
					{skipped.map((s) => (
						<li key={s.id}>
							Left out “{s.name}”: {s.reason}
						</li>
					))}
				</ul>
			)}
			{!running && (
				<button type="button" className="button button--small" onClick={dismiss}>
					Dismiss
				</button>
			)}
		</div>
	);
}
