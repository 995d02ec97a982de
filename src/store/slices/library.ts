import { getLastOpenSession, setLastOpenSession } from "../../storage/prefs";
import * as repo from "../../storage/repository";
import { storageMessage } from "../storageMessage";
import type { GetStore, LibraryActions, LibraryState, SetStore } from "../types";

export const initialLibraryState: LibraryState = {
	library: [],
	libraryCorrupt: [],
	libraryReady: false,
	storageUse: null,
	storageError: null,
};

export function createLibrarySlice(set: SetStore, get: GetStore): LibraryActions {
	return {
		async refreshLibrary() {
			try {
				const { sessions, corrupt } = await repo.listSessions();
				sessions.sort((a, b) => b.storedAt - a.storedAt);
				set({ library: sessions, libraryCorrupt: corrupt, libraryReady: true });
				repo.storageEstimate().then(
					(use) => set({ storageUse: use }),
					() => undefined,
				);
			} catch (err) {
				set({ libraryReady: true, storageError: storageMessage(err) });
			}
		},

		async renameSession(id, displayName) {
			try {
				await repo.renameSession(id, displayName);
			} catch (err) {
				set({ storageError: storageMessage(err) });
			}
			await get().refreshLibrary();
		},

		async deleteSession(id) {
			try {
				await repo.deleteSession(id);
				if (getLastOpenSession() === id) setLastOpenSession(null);
			} catch (err) {
				set({ storageError: storageMessage(err) });
			}
			if (get().session?.key === id) get().closeSession();
			await get().refreshLibrary();
		},

		dismissStorageError() {
			set({ storageError: null });
		},
	};
}
