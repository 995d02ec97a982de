import type { LinkedFolderRecord } from "../../storage/linkedFolder";
import * as folders from "../../storage/linkedFolder";
import { isAbort, pickFolder, readPermission, walkFolder } from "../fileAccess";
import { type FolderFile, folderOrigins, planFolderSync, recordFolderSync } from "../folderSync";
import type { LinkedFolderActions, LinkedFolderState, LinkedFolderView } from "../liveTypes";
import type { GetStore, SetStore } from "../types";

export const initialLinkedFolderState: LinkedFolderState = {
	linkedFolder: null,
	folderOrigins: new Map(),
	folderMessage: null,
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createLinkedFolderSlice(set: SetStore, get: GetStore): LinkedFolderActions {
	let record: LinkedFolderRecord | null = null;
	/** The visit's restore runs once (React's strict mode mounts twice in development). */
	let restoring: Promise<void> | null = null;

	const view = (patch: Partial<LinkedFolderView>) => {
		const current = get().linkedFolder;
		if (!record) return;
		set({
			linkedFolder: {
				name: record.name,
				permission: current?.permission ?? "prompt",
				syncing: current?.syncing ?? false,
				lastSync: current?.lastSync ?? null,
				...patch,
			},
		});
	};

	const denied = (name: string) =>
		`The browser did not allow reading the folder "${name}": nothing was synced. Press Reconnect and allow it, or link the folder again.`;

	/** Syncs when the page may read the folder (`ask`: prompts, inside a click). */
	async function sync(ask: boolean): Promise<void> {
		if (!record || get().linkedFolder?.syncing) return;
		const linked = record;
		let permission: LinkedFolderView["permission"];
		try {
			permission = await readPermission(linked.handle, ask);
		} catch (err) {
			permission = "denied";
			set({ folderMessage: `${denied(linked.name)} (${errorText(err)})` });
		}
		view({ permission });
		if (permission !== "granted") {
			if (ask || permission === "denied") set({ folderMessage: denied(linked.name) });
			return;
		}
		view({ syncing: true });
		try {
			const listing: FolderFile[] = [];
			for await (const f of walkFolder(linked.handle)) listing.push(f);
			if (!get().libraryReady) await get().refreshLibrary();
			const stored = new Set(get().library.map((m) => m.id));
			const { sources } = planFolderSync(listing, linked.files, stored);
			await get().importFiles(sources);
			const results = get().importBatch?.results ?? [];
			linked.files = recordFolderSync(listing, results);
			set({ folderOrigins: folderOrigins(linked.files), folderMessage: null });
			await folders.saveLinkedFolder(linked).catch(() => undefined);
			view({ syncing: false, lastSync: Date.now() });
		} catch (err) {
			const gone = err instanceof DOMException && err.name === "NotFoundError";
			set({
				folderMessage: gone
					? `The linked folder "${linked.name}" is no longer there (moved or deleted): link it again.`
					: `The linked folder "${linked.name}" could not be read: ${errorText(err)}`,
			});
			view({ syncing: false });
		}
	}

	return {
		restoreLinkedFolder() {
			restoring ??= (async () => {
				try {
					record = await folders.loadLinkedFolder();
				} catch {
					return; // no IndexedDB: the library says so already
				}
				if (!record) return;
				set({ folderOrigins: folderOrigins(record.files) });
				view({});
				await sync(false);
			})();
			return restoring;
		},

		async linkFolder() {
			let handle: FileSystemDirectoryHandle;
			try {
				handle = await pickFolder();
			} catch (err) {
				if (!isAbort(err)) set({ folderMessage: errorText(err) });
				return;
			}
			record = { handle, name: handle.name || "folder", linkedAt: Date.now(), files: Object.create(null) };
			set({ linkedFolder: null, folderOrigins: new Map(), folderMessage: null });
			try {
				await folders.saveLinkedFolder(record);
			} catch (err) {
				set({ folderMessage: `The folder is linked for this visit only: it could not be kept (${errorText(err)}).` });
			}
			view({ permission: "prompt" });
			await sync(true);
		},

		reconnectFolder() {
			return sync(true);
		},

		syncFolder() {
			return sync(true);
		},

		async unlinkFolder() {
			record = null;
			set({ linkedFolder: null, folderOrigins: new Map(), folderMessage: null });
			await folders.unlinkFolder().catch(() => undefined);
		},

		dismissFolderMessage() {
			set({ folderMessage: null });
		},
	};
}
