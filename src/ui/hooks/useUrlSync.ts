import { useEffect, useRef, useState } from "react";
import { type Store, useStore } from "../../store";
import { formatHash, parseHash } from "./deepLink";

const selectLibraryReady = (s: Store) => s.libraryReady;
const selectOpenLink = (s: Store) => s.openLink;
/** Only stored sessions can be reopened from a link. */
const selectSessionKey = (s: Store) => (s.session?.stored ? s.session.key : null);
const selectLeafId = (s: Store) => s.selectedLeafId;
const selectEntryId = (s: Store) => s.focusedEntryId;

/**
 * Keeps the URL hash and the store in step (`#leaf=ID&session=ID&entry=ID`): follows the hash
 * once the library has been read and on every `hashchange`, and rewrites it (replaceState, no
 * history entries) when the open session, the selected leaf or the focused entry change.
 */
export function useUrlSync(): void {
	const libraryReady = useStore(selectLibraryReady);
	const openLink = useStore(selectOpenLink);
	const sessionKey = useStore(selectSessionKey);
	const leafId = useStore(selectLeafId);
	const entryId = useStore(selectEntryId);
	const started = useRef(false);
	// Until the starting hash has been followed, writing would erase it.
	const [following, setFollowing] = useState(true);

	useEffect(() => {
		if (!libraryReady || started.current) return;
		started.current = true;
		void openLink(parseHash(window.location.hash)).finally(() => setFollowing(false));
	}, [libraryReady, openLink]);

	useEffect(() => {
		const onHashChange = () => void openLink(parseHash(window.location.hash));
		window.addEventListener("hashchange", onHashChange);
		return () => window.removeEventListener("hashchange", onHashChange);
	}, [openLink]);

	useEffect(() => {
		if (following) return;
		const hash = formatHash({
			...(sessionKey ? { session: sessionKey } : {}),
			...(leafId ? { leaf: leafId } : {}),
			...(entryId ? { entry: entryId } : {}),
		});
		if (hash === window.location.hash.slice(1)) return;
		const { pathname, search } = window.location;
		window.history.replaceState(window.history.state, "", hash ? `#${hash}` : `${pathname}${search}`);
	}, [following, sessionKey, leafId, entryId]);
}
