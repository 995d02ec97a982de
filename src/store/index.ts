import { create } from "zustand";
import * as repo from "../storage/repository";
import { parseSessionFile } from "../workers/client";
import { describeSession, sessionKey } from "./sessionMeta";
import type { Actions, OpenSession, State, Store } from "./types";

export type { Actions, LoadError, LoadJob, OpenSession, State, Store } from "./types";

export const initialState: State = {
	library: [],
	libraryCorrupt: [],
	libraryReady: false,
	storageUse: null,
	storageError: null,
	session: null,
	selectedLeafId: null,
	focusedEntryId: null,
	expanded: new Set(),
	loads: [],
	loadErrors: [],
};

let nextJobId = 1;

function storageMessage(err: unknown): string {
	const name = err instanceof DOMException ? err.name : "";
	if (name === "QuotaExceededError") {
		return "Storage is full: the session is open but was not saved. Delete sessions from the library to make room.";
	}
	const detail = err instanceof Error ? err.message : String(err);
	return `Browser storage is unavailable (${detail}): sessions stay open in memory only.`;
}

export const useStore = create<Store>()((set, get) => {
	const openParsed = (session: OpenSession) => {
		set({ session, selectedLeafId: null, focusedEntryId: null, expanded: new Set() });
	};

	const actions: Actions = {
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

		async loadFiles(files) {
			// Files load one after another: each parse already uses a whole worker.
			let lastOpened: OpenSession | null = null;
			for (const file of files) {
				const id = nextJobId++;
				set((s) => ({ loads: [...s.loads, { id, fileName: file.name, loaded: 0, total: file.size }] }));
				try {
					const result = await parseSessionFile(file, (p) =>
						set((s) => ({ loads: s.loads.map((j) => (j.id === id ? { ...j, ...p } : j)) })),
					);
					const session: OpenSession = {
						...result.parsed,
						key: sessionKey(result.parsed.header?.id, result.contentHash),
						fileName: file.name,
						size: result.size,
						contentHash: result.contentHash,
						stored: false,
					};
					const existing = get().library.find((m) => m.id === session.key);
					try {
						await repo.saveSession(describeSession(session, existing?.displayName), file);
						session.stored = true;
					} catch (err) {
						set({ storageError: storageMessage(err) });
					}
					lastOpened = session;
				} catch (err) {
					const reason = err instanceof Error ? err.message : String(err);
					set((s) => ({ loadErrors: [...s.loadErrors, { id, fileName: file.name, reason }] }));
				} finally {
					set((s) => ({ loads: s.loads.filter((j) => j.id !== id) }));
				}
			}
			if (lastOpened) openParsed(lastOpened);
			await get().refreshLibrary();
		},

		async openStored(id) {
			const meta = get().library.find((m) => m.id === id) ?? (await repo.getSessionMeta(id).catch(() => undefined));
			if (!meta) return false;
			const jobId = nextJobId++;
			set((s) => ({ loads: [...s.loads, { id: jobId, fileName: meta.fileName, loaded: 0, total: meta.size }] }));
			try {
				const body = await repo.loadSessionBody(id);
				if (!body) throw new Error("the stored body is missing");
				const result = await parseSessionFile(body, (p) =>
					set((s) => ({ loads: s.loads.map((j) => (j.id === jobId ? { ...j, ...p } : j)) })),
				);
				openParsed({
					...result.parsed,
					key: id,
					fileName: meta.fileName,
					size: result.size,
					contentHash: result.contentHash,
					...(meta.sourceUrl ? { sourceUrl: meta.sourceUrl } : {}),
					stored: true,
				});
				return true;
			} catch (err) {
				const reason = `Could not reopen the stored session: ${err instanceof Error ? err.message : String(err)}`;
				set((s) => ({ loadErrors: [...s.loadErrors, { id: jobId, fileName: meta.fileName, reason }] }));
				return false;
			} finally {
				set((s) => ({ loads: s.loads.filter((j) => j.id !== jobId) }));
			}
		},

		closeSession() {
			set({ session: null, selectedLeafId: null, focusedEntryId: null, expanded: new Set() });
		},

		selectLeaf(id) {
			set({ selectedLeafId: id });
		},

		focusEntry(id) {
			set({ focusedEntryId: id });
		},

		toggleSegment(segmentId) {
			const expanded = new Set(get().expanded);
			if (expanded.has(segmentId)) expanded.delete(segmentId);
			else expanded.add(segmentId);
			set({ expanded });
		},

		async renameSession(id, displayName) {
			const name = displayName.trim();
			try {
				await repo.updateSessionMeta(id, { displayName: name || undefined });
			} catch (err) {
				set({ storageError: storageMessage(err) });
			}
			await get().refreshLibrary();
		},

		async deleteSession(id) {
			try {
				await repo.deleteSession(id);
			} catch (err) {
				set({ storageError: storageMessage(err) });
			}
			if (get().session?.key === id) get().closeSession();
			await get().refreshLibrary();
		},

		dismissLoadError(id) {
			set((s) => ({ loadErrors: s.loadErrors.filter((e) => e.id !== id) }));
		},
	};

	return { ...initialState, ...actions };
});
