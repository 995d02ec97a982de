import { type Store, useStore } from "../../../store";
import { ExportDialog } from "./ExportDialog";

/** An export is made by the worker that holds the session's file. */
const selectHasSession = (s: Store) => s.session !== null;
const selectOpen = (s: Store) => s.shareDialog?.mode === "export";
const selectOpenExport = (s: Store) => s.openExport;

/** The toolbar's export button and, while it is open, the export dialog. */
export function ExportButton() {
	const hasSession = useStore(selectHasSession);
	const open = useStore(selectOpen);
	const openExport = useStore(selectOpenExport);
	return (
		<>
			<button
				type="button"
				className="button"
				data-testid="export-button"
				disabled={!hasSession}
				title={hasSession ? "Download the session, one branch, or a provider payload" : "Open a session to export it"}
				onClick={() => void openExport()}
			>
				Export…
			</button>
			{open && <ExportDialog />}
		</>
	);
}
