import { getCollapsedGroups, getLastOpenSession, setCollapsedGroups, setLastOpenSession } from "../../storage/prefs";
import * as repo from "../../storage/repository";
import * as searchStore from "../../storage/searchStore";
import { forgetDoc } from "../searchCorpus";
import { storageMessage } from "../storageMessage";
import type { GetStore, LibraryActions, LibraryState, SetStore } from "../types";

export const initialLibraryState: LibraryState = {
	library: [],
	libraryCorrupt: [],
	libraryReady: false,
	storageUse: null,
	storageError: null,
	libraryCollapsed: new Set(),
};

export function createLibrarySlice(set: SetStore, get: GetStore): LibraryActions {
	return {
		async refreshLibrary() {
			try {
				const { sessions, corrupt } = await repo.listSessions();
				sessions.sort((a, b) => b.storedAt - a.storedAt);
				const first = !get().libraryReady;
				set({
					library: sessions,
					libraryCorrupt: corrupt,
					libraryReady: true,
					...(first ? { libraryCollapsed: new Set(getCollapsedGroups()) } : {}),
				});
				void get().syncSearchIndex();
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
				forgetDoc(id);
				await searchStore.deleteSearchDocs(id);
			} catch (err) {
				set({ storageError: storageMessage(err) });
			}
			if (get().session?.key === id) get().closeSession();
			await get().refreshLibrary();
			get().rerunSearch();
		},

		dismissStorageError() {
			set({ storageError: null });
		},

		toggleLibraryGroup(group, open) {
			const collapsed = new Set(get().libraryCollapsed);
			const collapse = open === undefined ? !collapsed.has(group) : !open;
			if (collapse === collapsed.has(group)) return;
			if (collapse) collapsed.add(group);
			else collapsed.delete(group);
			set({ libraryCollapsed: collapsed });
			setCollapsedGroups([...collapsed]);
		},
	};
}
