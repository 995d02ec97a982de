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
