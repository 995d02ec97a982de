import { type Store, useStore } from "../../../store";
import { Modal } from "./Modal";
import { PrepareStatus } from "./PrepareStatus";
import { SecretsReview } from "./SecretsReview";
import { ShareLink } from "./ShareLink";

const selectDialog = (s: Store) => s.shareDialog;
const selectSession = (s: Store) => s.session;
const selectClose = (s: Store) => s.closeShareDialog;
const selectSetRedact = (s: Store) => s.setRedact;
const selectCopy = (s: Store) => s.copyShareLink;
const selectOpenExport = (s: Store) => s.openExport;

/** Share a link to the current view: the session's URL, or the session itself in the link. */
export function ShareDialog() {
	const dialog = useStore(selectDialog);
	const session = useStore(selectSession);
	const closeShareDialog = useStore(selectClose);
	const setRedact = useStore(selectSetRedact);
	const copyShareLink = useStore(selectCopy);
	const openExport = useStore(selectOpenExport);
	if (!dialog || !session) return null;
	const fromUrl = session.sourceUrl;
	return (
		<Modal title="Share this view" testId="share-dialog" onClose={closeShareDialog}>
			<p className="share__intro">
				A link to <strong>{session.fileName}</strong>
				{dialog.leafId ? (
					<>
						{" "}
						at leaf <code>{dialog.leafId}</code>
					</>
				) : null}
				.{" "}
				{fromUrl ? (
					<>
						It opens the session from <code className="share__url">{fromUrl}</code> (that server must allow other pages
						to read it: CORS).
					</>
				) : (
					"The session is not on the web, so the link carries it, compressed."
				)}
			</p>
			<PrepareStatus
				status={dialog.status}
				preparing="Reading the session and looking for secrets…"
				failed="Could not read the session"
				error={dialog.error}
			/>
			{dialog.status === "ready" && (
				<>
					<SecretsReview
						hits={dialog.hits}
						redact={dialog.redact}
						onRedact={(r) => void setRedact(r)}
						target="shared copy"
						redactable={!fromUrl}
					/>
					{fromUrl && dialog.hits.length > 0 && (
						<p className="muted small">
							The link does not carry the session, but anyone with it can read it at its URL.
						</p>
					)}
					{dialog.link && (
						<ShareLink
							link={dialog.link}
							copied={dialog.copied}
							onCopy={() => void copyShareLink()}
							onExportInstead={() => void openExport("session")}
						/>
					)}
				</>
			)}
		</Modal>
	);
}
