import type { FindFilter, SecretHit, SnippetPart } from "../core";
import type { CorruptRecord, SessionMeta, StorageUse } from "../storage/repository";

export type { CorruptRecord, SessionMeta, StorageUse };

import type { OpenSession, SessionActions, SessionState } from "./sessionTypes";
import type { ExportKind } from "./shareFiles";

export type * from "./sessionTypes";
export type { ExportKind };

import type {
	AppUpdateActions,
	AppUpdateState,
	FollowActions,
	FollowState,
	LinkedFolderActions,
	LinkedFolderState,
} from "./liveTypes";
import type { LabActions, LabState, TeachActions, TeachState } from "./teachTypes";
import type { ViewActions, ViewState } from "./viewTypes";

export interface LoadJob {
	id: number;
	fileName: string;
	loaded: number;
	total: number;
	/**
	 * Waiting for earlier files, being downloaded, being read and parsed (a large file: read for
	 * its preview, then parsed), or being stored.
	 */
	phase?: "queued" | "downloading" | "reading" | "parsing" | "saving";
}

export interface LoadError {
	id: number;
	fileName: string;
	reason: string;
}

/** Filters like pi's own HTML export (see core `FindFilter`). */
export type { FindFilter };

/** What a URL hash names: `#leaf=ID&session=ID&entry=ID`, every part optional. */
export interface DeepLink {
	session?: string;
	leaf?: string;
	entry?: string;
	/** A whole session carried in the link (`#share=`, core `encodeShare`). */
	share?: string;
	/** The shared session's file name. */
	name?: string;
}

// ---------------------------------------------------------------------------------------------
// Slices: each has its State and Actions; the store is their union.

export interface LibraryState {
	library: SessionMeta[];
	libraryCorrupt: CorruptRecord[];
	libraryReady: boolean;
	storageUse: StorageUse | null;
	/** A storage problem worth telling the user (IndexedDB unavailable, quota). */
	storageError: string | null;
	/** Library groups (working directories, "" for none) the user collapsed; kept across reloads. */
	libraryCollapsed: ReadonlySet<string>;
	/**
	 * Sessions open in this page and not stored (newest first): listed as "not saved". They came
	 * from a link (ids in `unsavedFromLink`) or could not be stored.
	 */
	unsaved: SessionMeta[];
	/**
	 * The file contents of the unsaved sessions, by id, so they can be reopened, saved later or
	 * exported (a picked file's Blob only refers to the file on disk).
	 */
	unsavedBodies: ReadonlyMap<string, Blob>;
	/** The unsaved sessions that came from a link (never offered to the library unasked). */
	unsavedFromLink: ReadonlySet<string>;
	/** Why browser storage cannot be used at all (private window, blocked), else null. */
	storageOffline: string | null;
	/** The library export under way or just done. */
	libraryExport: LibraryExport | null;
}

/** Exporting the whole library to one file. */
export interface LibraryExport {
	running: boolean;
	/** Sessions in the file, and its size. */
	sessions: number;
	bytes: number;
	fileName: string | null;
	/** Sessions left out (their stored content is unreadable), with why. */
	skipped: { id: string; name: string; reason: string }[];
	/** Why the export failed as a whole. */
	error: string | null;
}

export interface LibraryActions {
	refreshLibrary(): Promise<void>;
	/**
	 * Lists the library again whenever another tab (or a worker) changes it; returns a function
	 * that stops following.
	 */
	followOtherTabs(): () => void;
	renameSession(id: string, displayName: string): Promise<void>;
	deleteSession(id: string): Promise<void>;
	dismissStorageError(): void;
	/** Collapses or expands a library group; `open` forces a state. */
	toggleLibraryGroup(group: string, open?: boolean): void;
	/**
	 * Tells the user storing failed (`file`: what was being stored): names the file and the space
	 * used and available when storage is full; says once a page that storage is unavailable.
	 */
	noteStorageFailure(err: unknown, file?: { fileName: string; size: number }): Promise<void>;
	/**
	 * Lists a session that is open but not stored (it could not be, or it came from a link:
	 * `fromLink`), keeping its content in memory.
	 */
	keepUnsaved(meta: SessionMeta, body: Blob, fromLink?: boolean): void;
	/** Tries again to store an unsaved session; true when it is stored now. */
	saveUnsaved(id: string): Promise<boolean>;
	/** Drops an unsaved session from the list (closing it when open). */
	forgetUnsaved(id: string): void;
	/** Lists a damaged record found outside a library listing (a body that would not open, an index entry). */
	reportCorrupt(record: CorruptRecord): void;
	/** Removes a damaged stored record (after the user confirmed); search-index entries, already dropped, are dismissed. */
	deleteCorrupt(record: CorruptRecord): Promise<void>;
	/** Opens the databases again after a failure and reads the library. */
	retryStorage(): Promise<void>;
	/** Downloads every session (stored and unsaved) as one library file. */
	exportLibrary(): Promise<void>;
	dismissLibraryExport(): void;
}

export interface LoadState {
	loads: LoadJob[];
	loadErrors: LoadError[];
	/** Why the last deep link could not be followed (unknown session or entry). */
	linkError: string | null;
}

/** A session to open from something other than a picked file: a download or text in a link. */
export interface LoadSource {
	/** The name the library shows. */
	fileName: string;
	/** What progress rows and load errors name (a URL for downloads); defaults to `fileName`. */
	label?: string;
	/** Where the session came from when it was opened by URL (kept in the library). */
	sourceUrl?: string;
	/** Bytes expected, when known. */
	size?: number;
	/** The bytes, or a download that reports its progress (and throws a readable reason). */
	body: Blob | ((onProgress: (p: { loaded: number; total: number }) => void) => Promise<Blob>);
	/**
	 * It came from a link (`#share=` or `?url=`): it opens not saved, listed with _Save to
	 * library_, and nothing is stored until the user says so. Saved, it never replaces a stored
	 * session that has the same id but other bytes from another source (a shared, perhaps
	 * redacted, copy of a session this browser holds): it is kept apart.
	 */
	fromLink?: boolean;
	/** The `#share=` payload (and name) it was decoded from. */
	share?: { payload: string; name?: string };
}

export interface LoadActions {
	loadFiles(files: readonly File[]): Promise<void>;
	/** Opens and stores one session from `source`; the open session, or null after a load error. */
	loadSource(source: LoadSource): Promise<OpenSession | null>;
	/** Opens a stored session; `from: "memory"` opens the unsaved copy kept in this page instead. */
	openStored(id: string, from?: "memory"): Promise<boolean>;
	/** Shows a load error for something that never got as far as loading (a bad link). */
	reportLoadError(label: string, reason: string): void;
	dismissLoadError(id: number): void;
	/** Follows a deep link: opens its stored session, selects its leaf, focuses its entry. */
	openLink(link: DeepLink): Promise<void>;
	dismissLinkError(): void;
}

/** What a find's row shows of a hit: its kind, excerpt and label, as the worker read them. */
export interface FoundShown {
	kind: string;
	parts: SnippetPart[];
	label: string | null;
}

export interface FindState {
	findQuery: string;
	findFilter: FindFilter;
	/** Entry ids matching the query and filter, in file order (drawn on the graph). */
	findHits: readonly string[];
	/**
	 * The positions of `findHits` (same order), for the graph's paint: looking a 2 GB session's
	 * hundreds of thousands of hits up by id made its id map at once, a 1.6 s task.
	 */
	findHitAt: readonly number[];
	/** Matches the filter hides (a hint to widen it). */
	findHidden: number;
	/** Index into `findHits` of the hit last gone to, -1 for none. */
	findActive: number;
	/** True while the worker searches. */
	findRunning: boolean;
	/** Each hit's kind, excerpt and label, as the worker that searched the file read them (null: no search). */
	findShown: ReadonlyMap<string, FoundShown> | null;
}

export interface FindActions {
	setFindQuery(query: string): void;
	setFindFilter(filter: FindFilter): void;
	/** Searches the open session again (after it changed). */
	runFind(): void;
	/** Selects hit `index` as the leaf and focuses it. */
	goToHit(index: number): void;
	/** Goes to the next (1) or previous (-1) hit, wrapping around. */
	stepHit(delta: 1 | -1): void;
	/**
	 * Asks the worker for what the rows of these hits show (their kinds and excerpts) where
	 * `findShown` has none yet: a search sends only its first hits' excerpts.
	 * `positions`: where each is (as `findHitAt` has them).
	 */
	showHits(ids: readonly string[], positions: readonly number[]): void;
}

/** The link the share dialog offers. */
export type ShareLinkState =
	| { status: "building" }
	/** `from`: a `?url=` link to where the session came from, or the session in the fragment. */
	| { status: "ready"; link: string; from: "url" | "fragment" }
	/** Too long for a link: `chars` the fragment would take (null: not even tried), `bytes` of text. */
	| { status: "too-big"; chars: number | null; bytes: number }
	| { status: "failed"; reason: string };

/** The share or export dialog: what is shared, its likely secrets, and the result. */
export interface ShareDialogState {
	mode: "share" | "export";
	/** What an export holds (sharing is always the whole session). */
	kind: ExportKind;
	/** The leaf the branch, payload and link are about. */
	leafId: string | null;
	/** Preparing: the text is being read and scanned. */
	status: "preparing" | "ready" | "failed";
	error: string | null;
	/** UTF-8 bytes of the text to share or export (before redaction). */
	bytes: number;
	/** Likely secrets in that text. */
	hits: readonly SecretHit[];
	/** Redact the hits in the shared or exported copy (the stored original never changes). */
	redact: boolean;
	/** Share mode only. */
	link: ShareLinkState | null;
	copied: "idle" | "copied" | "failed";
	/** The name of the last download started, for feedback. */
	downloaded: string | null;
}

export interface ShareState {
	shareDialog: ShareDialogState | null;
}

/** What the page address asks for at start or on a hash change. */
export interface PageAddress {
	/** The raw `?url=` value. */
	url?: string | null;
	link: DeepLink;
}

export interface ShareActions {
	/** Opens the share dialog for the open session and the selected leaf. */
	openShare(): Promise<void>;
	/** Opens the export dialog (whole session, one branch, or the leaf's provider payload). */
	openExport(kind?: ExportKind): Promise<void>;
	setExportKind(kind: ExportKind): Promise<void>;
	setRedact(redact: boolean): Promise<void>;
	copyShareLink(): Promise<void>;
	/** The file the dialog describes (redacted as chosen), or null while it is not ready. */
	exportFile(): { blob: Blob; fileName: string } | null;
	/** Downloads `exportFile()`. */
	downloadExport(): void;
	closeShareDialog(): void;
	/** Downloads, stores and opens a session from a URL (resolved against the page); false on failure. */
	loadUrl(raw: string): Promise<boolean>;
	/** Decodes, stores and opens a session carried in a `#share=` link; false on failure. */
	loadShared(payload: string, name?: string): Promise<boolean>;
	/** Follows a page address: `?url=` or `#share=` first, then the view the hash names. */
	openAddress(address: PageAddress): Promise<void>;
}

/** A file to import and its path inside the folder it came from (its name when picked alone). */
export interface ImportSource {
	file: File;
	path: string;
	/** Picked by hand (not found in a folder): imported whatever its name. */
	picked?: boolean;
	/**
	 * The library id of a session known to hold exactly this file (a linked folder's file with the
	 * size and time it had when last synced): reported unchanged without being read.
	 */
	unchanged?: string;
}

/** What importing one file did: stored new, stored over an older copy, nothing (same content), or failed. */
export type ImportStatus = "imported" | "updated" | "unchanged" | "failed";

export interface ImportResult {
	path: string;
	status: ImportStatus;
	/** The library id it went to (for unchanged: the stored session with the same content). */
	sessionId?: string;
	/** Why it failed. */
	reason?: string;
	entries?: number;
	/** For updated: the entry count before. */
	previousEntries?: number;
}

/** One import of many files (a folder): one progress bar and a result per file. */
export interface ImportBatch {
	id: number;
	running: boolean;
	/** `.jsonl` files in the batch, and how many are done. */
	total: number;
	done: number;
	bytesTotal: number;
	bytesDone: number;
	/** The file being read. */
	current: string | null;
	results: ImportResult[];
	/** Files that are not `.jsonl`: left alone. */
	ignored: string[];
	/** Why the batch stopped before the end (cancelled, storage full), else null. */
	stopped: string | null;
	/** A folder, or a library file exported before (its sessions are the batch's files). */
	kind?: "folder" | "library";
	/** Files never tried because the batch stopped when storage failed. */
	notStored?: string[];
}

export interface ImportState {
	importBatch: ImportBatch | null;
}

export interface ImportActions {
	/** Imports every `.jsonl` among `sources` into the library, one at a time; opens none of them. */
	importFiles(sources: readonly ImportSource[]): Promise<void>;
	/**
	 * Imports a library file (see storage `bundle.ts`): restores each session with its display
	 * name and source, skips ones stored with the same content, updates changed ones.
	 */
	importLibraryBundle(file: Blob): Promise<void>;
	cancelImport(): void;
	dismissImport(): void;
}

/** One hit of a search across sessions: an entry and a plain-text excerpt with the words marked. */
export interface SearchHit {
	entryId: string;
	/** Core `entryKind` of the entry. */
	kind: string;
	parts: SnippetPart[];
}

export interface SearchGroup {
	sessionId: string;
	/** All hits in the session; `hits` holds the first few. */
	total: number;
	hits: SearchHit[];
}

export interface SearchState {
	searchQuery: string;
	searchResults: SearchGroup[];
	searchRunning: boolean;
	/** Sessions being added to the search index in the background. */
	searchIndexing: { done: number; total: number } | null;
	/** Why the search index cannot be read or written (storage unavailable), else null. */
	searchUnavailable: string | null;
}

export interface SearchActions {
	setSearchQuery(query: string): void;
	/** Runs the current search again (after sessions were added, changed or deleted). */
	rerunSearch(): void;
	/** Reads the search index into memory ahead of the first search. */
	prepareSearch(): Promise<void>;
	/** Opens a stored session at an entry: selects a tip whose path holds it and focuses it. */
	openSearchHit(sessionId: string, entryId: string): Promise<void>;
	/** Indexes stored sessions the index lacks (or has for other content) and drops docs of deleted ones. */
	syncSearchIndex(): Promise<void>;
}

export type State = LibraryState &
	LoadState &
	SessionState &
	FindState &
	ShareState &
	TeachState &
	LabState &
	ImportState &
	SearchState &
	ViewState &
	AppUpdateState &
	LinkedFolderState &
	FollowState;
export type Actions = LibraryActions &
	LoadActions &
	SessionActions &
	FindActions &
	ShareActions &
	TeachActions &
	LabActions &
	ImportActions &
	SearchActions &
	ViewActions &
	AppUpdateActions &
	LinkedFolderActions &
	FollowActions;
export type Store = State & Actions;

/** What a slice creator receives: zustand's `set` and `get` over the whole store. */
export type SetStore = (partial: Partial<State> | ((s: Store) => Partial<State>)) => void;
export type GetStore = () => Store;
