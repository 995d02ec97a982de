import type { ParsedSession } from "../core";
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
}

export interface LoadError {
	id: number;
	fileName: string;
	reason: string;
}

export interface State {
	library: SessionMeta[];
	libraryCorrupt: CorruptRecord[];
	libraryReady: boolean;
	storageUse: StorageUse | null;
	/** A storage problem worth telling the user (IndexedDB unavailable, quota). */
	storageError: string | null;
	session: OpenSession | null;
	/** The entry selected as the leaf of the context; null = the file's current leaf. */
	selectedLeafId: string | null;
	/** An entry to scroll to and highlight (`&entry=`). */
	focusedEntryId: string | null;
	/** Expanded segment node ids of the graph. */
	expanded: ReadonlySet<string>;
	loads: LoadJob[];
	loadErrors: LoadError[];
}

export interface Actions {
	refreshLibrary(): Promise<void>;
	loadFiles(files: readonly File[]): Promise<void>;
	openStored(id: string): Promise<boolean>;
	closeSession(): void;
	selectLeaf(id: string | null): void;
	focusEntry(id: string | null): void;
	toggleSegment(segmentId: string): void;
	renameSession(id: string, displayName: string): Promise<void>;
	deleteSession(id: string): Promise<void>;
	dismissLoadError(id: number): void;
}

export type Store = State & Actions;
