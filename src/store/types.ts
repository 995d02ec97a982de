import type { FindFilter, ParsedSession } from "../core";
import type { CorruptRecord, SessionMeta, StorageUse } from "../storage/repository";
import type { LabActions, LabState, TeachActions, TeachState } from "./teachTypes";

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
}

export interface LibraryActions {
	refreshLibrary(): Promise<void>;
	renameSession(id: string, displayName: string): Promise<void>;
	deleteSession(id: string): Promise<void>;
	dismissStorageError(): void;
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

export type State = LibraryState & LoadState & SessionState & FindState & TeachState & LabState;
export type Actions = LibraryActions & LoadActions & SessionActions & FindActions & TeachActions & LabActions;
export type Store = State & Actions;

/** What a slice creator receives: zustand's `set` and `get` over the whole store. */
export type SetStore = (partial: Partial<State> | ((s: Store) => Partial<State>)) => void;
export type GetStore = () => Store;
