import { type Store, useStore } from "../../../store";
import { ShareDialog } from "./ShareDialog";

/** A preview (`OpenSession.partial`) is not shared or exported: its entries are not all there yet. */
const selectHasSession = (s: Store) => s.session !== null && !s.session.partial;
const selectOpen = (s: Store) => s.shareDialog?.mode === "share";
const selectOpenShare = (s: Store) => s.openShare;

/** The toolbar's share button and, while it is open, the share dialog. */
export function ShareButton() {
	const hasSession = useStore(selectHasSession);
	const open = useStore(selectOpen);
	const openShare = useStore(selectOpenShare);
	return (
		<>
			<button
				type="button"
				className="button"
				data-testid="share-button"
				disabled={!hasSession}
				title={hasSession ? "A link to this session at the selected leaf" : "Open a session to share it"}
				onClick={() => void openShare()}
			>
				Share…
			</button>
			{open && <ShareDialog />}
		</>
	);
}
