import { useCallback, useEffect, useRef, useState } from "react";
import { type Store, useStore } from "../../store";
import { readUrlParam, resolveSessionUrl, withoutUrlParam } from "../../store/address";
import { formatHash, parseHash } from "./deepLink";

const selectLibraryReady = (s: Store) => s.libraryReady;
const selectOpenAddress = (s: Store) => s.openAddress;
/** Only stored sessions can be reopened from a link. */
const selectSessionKey = (s: Store) => (s.session?.stored ? s.session.key : null);
const selectSourceUrl = (s: Store) => (s.session ? (s.session.sourceUrl ?? "") : null);
/** A session from a `#share=` link that is not saved can only be reopened from the link itself. */
const selectShare = (s: Store) => (s.session && !s.session.stored ? s.session.share : undefined);
const selectLeafId = (s: Store) => s.selectedLeafId;
const selectEntryId = (s: Store) => s.focusedEntryId;

/**
 * The query string to keep: `?url=` stays while the open session is the one it names (a reload
 * fetches it again) and goes once another session is open.
 */
function keptSearch(search: string, openSourceUrl: string | null): string {
	const raw = readUrlParam(search);
	if (raw === null || openSourceUrl === null) return search;
	const resolved = resolveSessionUrl(raw, window.location.href);
	return resolved.ok && resolved.url === openSourceUrl ? search : withoutUrlParam(search);
}

/** How long after the last change of the view the address is rewritten. */
const WRITE_AFTER_MS = 150;

/**
 * Keeps the page address and the store in step. Once the library has been read it follows the
 * address (`?url=` or `#share=` loads a session, then `#leaf=ID&session=ID&entry=ID` selects the
 * view), again on every `hashchange`, and rewrites the hash (replaceState, no history entries)
 * when the open session, the selected leaf or the focused entry change.
 */
export function useUrlSync(): void {
	const libraryReady = useStore(selectLibraryReady);
	const openAddress = useStore(selectOpenAddress);
	const sessionKey = useStore(selectSessionKey);
	const sourceUrl = useStore(selectSourceUrl);
	const share = useStore(selectShare);
	const leafId = useStore(selectLeafId);
	const entryId = useStore(selectEntryId);
	const started = useRef(false);
	// Until an address has been followed (the starting one, or one a hash change brings), writing
	// would erase it: the session it names opens before its leaf is selected, and the address
	// written in between (the session without the leaf) is what a reload then would open.
	const [following, setFollowing] = useState(true);
	const follows = useRef(1);
	const followed = useCallback(() => {
		follows.current--;
		if (follows.current === 0) setFollowing(false);
	}, []);

	// The hash this page last followed or wrote. One that differs was set by someone else (a link,
	// the address bar, a script) and its `hashchange` is still to come: no write may replace it.
	const known = useRef<string | null>(null);

	useEffect(() => {
		if (!libraryReady || started.current) return;
		started.current = true;
		const { search, hash } = window.location;
		known.current = hash;
		void openAddress({ url: readUrlParam(search), link: parseHash(hash) }).finally(followed);
	}, [libraryReady, openAddress, followed]);

	// A new tip or entry is written to the address a moment after the view settles:
	// `replaceState` takes 10–20 ms (the browser's own bookkeeping), in the frame that shows a
	// click's answer otherwise. Another session is written at once, and a pending write is done
	// when the page is left.
	const pendingWrite = useRef<{ timer: ReturnType<typeof setTimeout>; write: () => void } | null>(null);
	const cancelWrite = useCallback(() => {
		if (pendingWrite.current !== null) clearTimeout(pendingWrite.current.timer);
		pendingWrite.current = null;
	}, []);
	const writtenFor = useRef<readonly unknown[] | null>(null);

	useEffect(() => {
		const flush = () => {
			const pending = pendingWrite.current;
			cancelWrite();
			pending?.write();
		};
		window.addEventListener("pagehide", flush);
		return () => window.removeEventListener("pagehide", flush);
	}, [cancelWrite]);

	useEffect(() => {
		const onHashChange = () => {
			// An address typed or followed wins over a rewrite not done yet, and over those to come
			// until it has been followed.
			cancelWrite();
			follows.current++;
			setFollowing(true);
			known.current = window.location.hash;
			void openAddress({ link: parseHash(window.location.hash) }).finally(followed);
		};
		window.addEventListener("hashchange", onHashChange);
		return () => window.removeEventListener("hashchange", onHashChange);
	}, [openAddress, cancelWrite, followed]);

	useEffect(() => {
		if (following) return;
		const hash = formatHash({
			...(share ? { share: share.payload, ...(share.name ? { name: share.name } : {}) } : {}),
			...(sessionKey ? { session: sessionKey } : {}),
			...(leafId ? { leaf: leafId } : {}),
			...(entryId ? { entry: entryId } : {}),
		});
		const write = () => {
			const { pathname, search } = window.location;
			// A hash set since, not followed yet: it wins (its `hashchange` follows it).
			if (known.current !== null && window.location.hash !== known.current) return;
			const nextSearch = keptSearch(search, sourceUrl);
			if (hash === window.location.hash.slice(1) && nextSearch === search) return;
			window.history.replaceState(window.history.state, "", `${pathname}${nextSearch}${hash ? `#${hash}` : ""}`);
			known.current = window.location.hash;
		};
		cancelWrite();
		const session = [sessionKey, share, sourceUrl];
		const sameSession = writtenFor.current?.every((v, i) => v === session[i]) === true;
		writtenFor.current = session;
		if (!sameSession) {
			write();
			return;
		}
		const timer = setTimeout(() => {
			pendingWrite.current = null;
			write();
		}, WRITE_AFTER_MS);
		pendingWrite.current = { timer, write };
		return cancelWrite;
	}, [following, sessionKey, share, sourceUrl, leafId, entryId, cancelWrite]);
}
