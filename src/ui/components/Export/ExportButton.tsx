import { type Store, useStore } from "../../../store";
import { ExportDialog } from "./ExportDialog";

/**
 * A preview (`OpenSession.partial`) is not exported: its entries are not all there yet. A lean
 * session is (it stays a preview): the worker that holds its file makes the export.
 */
const selectHasSession = (s: Store) => s.session !== null && (!s.session.partial || s.session.lean === true);
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
