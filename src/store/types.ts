import type { FindFilter, ParsedSession, SnippetPart } from "../core";
import type { CorruptRecord, SessionMeta, StorageUse } from "../storage/repository";

/** The session shown in the explorer: parsed entries plus where they came from. */
export interface OpenSession extends ParsedSession {
	/** Library id (see `SessionMeta.id`). */
	key: string;
	fileName: string;
	size: number;
	contentHash: string;
	sourceUrl?: string;
	/** False when the session could not be stored (it is open in memory only). */
	stored: boolean;
}

export interface LoadJob {
	id: number;
	fileName: string;
	loaded: number;
	total: number;
	/** Waiting for earlier files, being read and parsed, or being stored. */
	phase?: "queued" | "reading" | "saving";
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
}

export interface LibraryActions {
	refreshLibrary(): Promise<void>;
	renameSession(id: string, displayName: string): Promise<void>;
	deleteSession(id: string): Promise<void>;
	dismissStorageError(): void;
	/** Collapses or expands a library group; `open` forces a state. */
	toggleLibraryGroup(group: string, open?: boolean): void;
}

export interface LoadState {
	loads: LoadJob[];
	loadErrors: LoadError[];
	/** Why the last deep link could not be followed (unknown session or entry). */
	linkError: string | null;
}

export interface LoadActions {
	loadFiles(files: readonly File[]): Promise<void>;
	openStored(id: string): Promise<boolean>;
	dismissLoadError(id: number): void;
	/** Follows a deep link: opens its stored session, selects its leaf, focuses its entry. */
	openLink(link: DeepLink): Promise<void>;
	dismissLinkError(): void;
}

export interface SessionState {
	session: OpenSession | null;
	/** The entry selected as the leaf of the context; null = the file's current leaf. */
	selectedLeafId: string | null;
	/** An entry to scroll to and highlight (`&entry=`). */
	focusedEntryId: string | null;
	/** Expanded segment node ids of the graph. */
	expanded: ReadonlySet<string>;
}

export interface SessionActions {
	openSession(session: OpenSession): void;
	closeSession(): void;
	selectLeaf(id: string | null): void;
	focusEntry(id: string | null): void;
	toggleSegment(segmentId: string): void;
}

export interface FindState {
	findQuery: string;
	findFilter: FindFilter;
	/** Entry ids matching the query and filter, in file order (drawn on the graph). */
	findHits: readonly string[];
	/** Matches the filter hides (a hint to widen it). */
	findHidden: number;
	/** Index into `findHits` of the hit last gone to, -1 for none. */
	findActive: number;
	/** True while a search runs in slices over a large session. */
	findRunning: boolean;
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
}

/** A file to import and its path inside the folder it came from (its name when picked alone). */
export interface ImportSource {
	file: File;
	path: string;
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
}

export interface ImportState {
	importBatch: ImportBatch | null;
}

export interface ImportActions {
	/** Imports every `.jsonl` among `sources` into the library, one at a time; opens none of them. */
	importFiles(sources: readonly ImportSource[]): Promise<void>;
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

export type State = LibraryState & LoadState & SessionState & FindState & ImportState & SearchState;
export type Actions = LibraryActions & LoadActions & SessionActions & FindActions & ImportActions & SearchActions;
export type Store = State & Actions;

/** What a slice creator receives: zustand's `set` and `get` over the whole store. */
export type SetStore = (partial: Partial<State> | ((s: Store) => Partial<State>)) => void;
export type GetStore = () => Store;
