/** State and actions of the installed app's updates, followed files and the linked folder. */

export interface AppUpdateState {
	/** A new version of the app is installed and waits for the user to reload into it. */
	updateReady: boolean;
}

export interface AppUpdateActions {
	/** The service worker has a new version: `apply` activates it and reloads the page. */
	offerUpdate(apply: () => Promise<void>): void;
	/** Reloads into the new version. */
	applyUpdate(): Promise<void>;
	/** Hides the notice until the next new version (this one starts on the next visit). */
	dismissUpdate(): void;
}

/** The linked sessions folder as the library shows it. */
export interface LinkedFolderView {
	name: string;
	/** "prompt": the browser must ask again (a click on Reconnect); "denied": the user refused. */
	permission: "granted" | "prompt" | "denied";
	syncing: boolean;
	/** When the last sync finished (this page), else null. */
	lastSync: number | null;
}

export interface LinkedFolderState {
	linkedFolder: LinkedFolderView | null;
	/** Where stored sessions came from in the linked folder: library id → path. */
	folderOrigins: ReadonlyMap<string, string>;
	/** A problem with the linked folder worth telling (permission denied, folder gone). */
	folderMessage: string | null;
}

export interface LinkedFolderActions {
	/** On a visit: finds the folder linked before and syncs it when the browser still lets the page read it. */
	restoreLinkedFolder(): Promise<void>;
	/** Asks for a folder (`showDirectoryPicker`), keeps it and syncs it. */
	linkFolder(): Promise<void>;
	/** Asks the browser for permission again (a user gesture), then syncs. */
	reconnectFolder(): Promise<void>;
	/** Imports the folder's new and grown sessions (the folder import's batch and results). */
	syncFolder(): Promise<void>;
	/** Forgets the folder; its sessions stay in the library. */
	unlinkFolder(): Promise<void>;
	dismissFolderMessage(): void;
}

/** The file being followed (read again as it grows). */
export interface FollowView {
	fileName: string;
	/** The library id of the open session it feeds. */
	key: string;
	/** Bytes read and added so far (up to the last complete line). */
	offset: number;
}

export interface FollowState {
	following: FollowView | null;
	/** Keep the newest tip selected as entries are appended. */
	followLeaf: boolean;
	/** Something the user should know about the followed file ("replaced: read again"). */
	followNote: string | null;
}

export interface FollowActions {
	/** Asks for a file (`showOpenFilePicker`), opens it and keeps reading what is appended. */
	followFile(): Promise<void>;
	/** Reads what was appended since the last read (the follower calls it about every second). */
	pollFollowed(): Promise<void>;
	stopFollowing(): void;
	setFollowLeaf(on: boolean): void;
	dismissFollowNote(): void;
}
