import { MAX_SHARE_TEXT_BYTES } from "../../../core";
import { type Store, useStore } from "../../../store";
import { formatBytes } from "../Library/format";
import { ShareDialog } from "./ShareDialog";

/** A session is shared from its file (its worker exports it), unless it is too large for a link. */
const selectHasSession = (s: Store) => s.session !== null && s.session.size <= MAX_SHARE_TEXT_BYTES;
/** The open session's size when it is too large for a link. */
const selectTooLarge = (s: Store) => (s.session && s.session.size > MAX_SHARE_TEXT_BYTES ? s.session.size : null);
const selectOpen = (s: Store) => s.shareDialog?.mode === "share";
const selectOpenShare = (s: Store) => s.openShare;

/** The toolbar's share button and, while it is open, the share dialog. */
export function ShareButton() {
	const hasSession = useStore(selectHasSession);
	const tooLarge = useStore(selectTooLarge);
	const open = useStore(selectOpen);
	const openShare = useStore(selectOpenShare);
	const title =
		tooLarge !== null
			? `This file (${formatBytes(tooLarge)}) is too large to share as a link (a link carries at most ${formatBytes(MAX_SHARE_TEXT_BYTES)} of session). Use Export… to save the session, a branch or a payload as a file to send instead`
			: hasSession
				? "A link to this session at the selected leaf"
				: "Open a session to share it";
	return (
		<>
			<button
				type="button"
				className="button"
				data-testid="share-button"
				disabled={!hasSession}
				data-too-large={tooLarge !== null ? "true" : undefined}
				title={title}
				onClick={() => void openShare()}
			>
				Share…
			</button>
			{open && <ShareDialog />}
		</>
	);
}
