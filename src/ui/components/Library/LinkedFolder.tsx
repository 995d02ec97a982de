import { type Store, useStore } from "../../../store";
import { canPickFolders, FILE_ACCESS_NOTE } from "../../../store/fileAccess";
import "./LinkedFolder.css";

const selectFolder = (s: Store) => s.linkedFolder;
const selectMessage = (s: Store) => s.folderMessage;
const selectLink = (s: Store) => s.linkFolder;
const selectSync = (s: Store) => s.syncFolder;
const selectReconnect = (s: Store) => s.reconnectFolder;
const selectUnlink = (s: Store) => s.unlinkFolder;
const selectDismiss = (s: Store) => s.dismissFolderMessage;

/**
 * The linked sessions folder: Link folder… (File System Access API), then Sync (or Reconnect when
 * the browser must ask for permission again) and Unlink; where the API is missing, a note says so.
 */
export function LinkedFolder() {
	const folder = useStore(selectFolder);
	const message = useStore(selectMessage);
	const link = useStore(selectLink);
	const sync = useStore(selectSync);
	const reconnect = useStore(selectReconnect);
	const unlink = useStore(selectUnlink);
	const dismiss = useStore(selectDismiss);
	if (!canPickFolders()) {
		return (
			<p className="linked-folder muted" data-testid="link-folder-unsupported">
				Linking a sessions folder {FILE_ACCESS_NOTE}
			</p>
		);
	}
	return (
		<div className="linked-folder" data-testid="linked-folder" data-permission={folder?.permission}>
			{folder ? (
				<>
					<span className="linked-folder__name" title="Synced on every visit and on demand">
						Linked: <strong>{folder.name}</strong>
					</span>
					{folder.permission === "granted" ? (
						<button
							type="button"
							className="button button--small"
							data-testid="folder-sync"
							disabled={folder.syncing}
							onClick={() => void sync()}
						>
							{folder.syncing ? "Syncing…" : "Sync"}
						</button>
					) : (
						<button
							type="button"
							className="button button--small button--primary"
							data-testid="folder-reconnect"
							onClick={() => void reconnect()}
						>
							Reconnect
						</button>
					)}
					<button
						type="button"
						className="button button--small"
						data-testid="folder-unlink"
						onClick={() => void unlink()}
					>
						Unlink
					</button>
				</>
			) : (
				<button
					type="button"
					className="button button--small"
					data-testid="link-folder"
					title="Keep a sessions folder (such as ~/.pi/agent/sessions) in sync with the library"
					onClick={() => void link()}
				>
					Link folder…
				</button>
			)}
			{message && (
				<p className="linked-folder__message" role="alert" data-testid="folder-message">
					{message}{" "}
					<button type="button" className="button button--small" onClick={dismiss}>
						Dismiss
					</button>
				</p>
			)}
		</div>
	);
}
