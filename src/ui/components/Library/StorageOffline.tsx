import { type Store, useStore } from "../../../store";

const selectOffline = (s: Store) => s.storageOffline;
const selectRetry = (s: Store) => s.retryStorage;

/** While browser storage cannot be used: says so for as long as it lasts, with a way to try again. */
export function StorageOffline() {
	const offline = useStore(selectOffline);
	const retry = useStore(selectRetry);
	if (!offline) return null;
	return (
		<div className="library-note is-warning" data-testid="storage-offline">
			<strong>Not saving.</strong>{" "}
			<span>
				Browser storage cannot be used here, so sessions you open are kept in this page only (listed below as not saved)
				and are gone when it closes. Export library… saves them to a file.
			</span>
			<button type="button" className="button button--small" data-testid="storage-retry" onClick={() => void retry()}>
				Try again
			</button>
		</div>
	);
}
