import { type BundleSkip, buildBundle, bundleFileName } from "../../storage/bundle";
import { deleteIndex } from "../../storage/indexStore";
import { onLibraryChange } from "../../storage/libraryChannel";
import { getCollapsedGroups, getLastOpenSession, setCollapsedGroups, setLastOpenSession } from "../../storage/prefs";
import type { CorruptRecord, SessionMeta } from "../../storage/repository";
import * as repo from "../../storage/repository";
import * as searchStore from "../../storage/searchStore";
import { downloadBlob } from "../browser";
import { forgetDoc } from "../searchCorpus";
import { storageMessage, storageProblem, unavailableText } from "../storageMessage";
import type { GetStore, LibraryActions, LibraryState, SetStore } from "../types";

export const initialLibraryState: LibraryState = {
	library: [],
	libraryCorrupt: [],
	libraryReady: false,
	storageUse: null,
	storageError: null,
	libraryCollapsed: new Set(),
	unsaved: [],
	unsavedBodies: new Map(),
	unsavedFromLink: new Set(),
	storageOffline: null,
	libraryExport: null,
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const recordId = (r: Pick<CorruptRecord, "store" | "key">) => `${r.store}\n${r.key}`;
const nameOf = (m: SessionMeta) => m.displayName || m.title || m.fileName;
const without = (ids: ReadonlySet<string>, id: string): ReadonlySet<string> => {
	if (!ids.has(id)) return ids;
	const next = new Set(ids);
	next.delete(id);
	return next;
};

/** `map` without the entries of `ids` (the same map when it holds none of them). */
function withoutKeys<T>(map: ReadonlyMap<string, T>, ids: readonly string[]): ReadonlyMap<string, T> {
	if (!ids.some((id) => map.has(id))) return map;
	const out = new Map(map);
	for (const id of ids) out.delete(id);
	return out;
}

/**
 * Every session of the page in one library file: the unsaved ones (their copy in memory) and the
 * stored ones (an unsaved copy of a stored session wins: it is the newer). Sessions whose stored
 * content cannot be read are left out and reported.
 */
export function makeLibraryBundle(
	library: readonly SessionMeta[],
	unsaved: readonly SessionMeta[],
	bodies: ReadonlyMap<string, Blob>,
	now = new Date(),
): Promise<{ blob: Blob; sessions: number; skipped: BundleSkip[] }> {
	const unsavedBody = (id: string) => bodies.get(id);
	const inMemory = unsaved.filter((m) => unsavedBody(m.id));
	const memoryIds = new Set(inMemory.map((m) => m.id));
	const sessions = [...inMemory, ...library.filter((m) => !memoryIds.has(m.id))];
	return buildBundle(
		sessions,
		async (m) => {
			const mem = memoryIds.has(m.id) ? unsavedBody(m.id) : undefined;
			if (mem) return mem;
			const read = await repo.readSessionBody(m.id);
			if ("problem" in read) throw new Error(read.problem);
			return read.body;
		},
		now,
	);
}

export function createLibrarySlice(set: SetStore, get: GetStore): LibraryActions {
	/** Damaged records found outside a listing, kept until deleted or found well again. */
	let found: CorruptRecord[] = [];

	/** Says once (until storage works again) that storage is unavailable. */
	const goOffline = (err: unknown) => {
		if (get().storageOffline) return;
		const text = unavailableText(err);
		set({ storageOffline: text, storageError: text });
	};

	const report = (listed: CorruptRecord[]) => {
		const seen = new Set(listed.map(recordId));
		return [...listed, ...found.filter((r) => !seen.has(recordId(r)))];
	};

	return {
		async refreshLibrary() {
			try {
				const { sessions, corrupt } = await repo.checkLibrary();
				const listedIds = new Map(sessions.map((m) => [m.id, m.contentHash]));
				// A body that would not open is reported, not listed, until it is deleted or stored again.
				const stillBad: CorruptRecord[] = [];
				for (const r of found) {
					if (r.store !== "body") stillBad.push(r);
					else if (listedIds.has(r.key) && "problem" in (await repo.readSessionBody(r.key))) stillBad.push(r);
				}
				found = stillBad;
				const bad = new Set(found.filter((r) => r.store === "body").map((r) => r.key));
				sessions.sort((a, b) => b.storedAt - a.storedAt);
				const first = !get().libraryReady;
				set((s) => ({
					library: sessions.filter((m) => !bad.has(m.id)),
					libraryCorrupt: report(corrupt),
					libraryReady: true,
					storageOffline: null,
					// An unsaved session stored meanwhile (same content) is no longer unsaved.
					unsaved: s.unsaved.filter((m) => listedIds.get(m.id) !== m.contentHash),
					unsavedBodies: withoutKeys(
						s.unsavedBodies,
						s.unsaved.filter((m) => listedIds.get(m.id) === m.contentHash).map((m) => m.id),
					),
					...(first ? { libraryCollapsed: new Set(getCollapsedGroups()) } : {}),
				}));
				void get().syncSearchIndex();
				repo.storageEstimate().then(
					(use) => set({ storageUse: use }),
					() => undefined,
				);
			} catch (err) {
				set({ libraryReady: true });
				if (storageProblem(err, false) === "unavailable") goOffline(err);
				else set({ storageError: `The library could not be read: ${errorText(err)}` });
			}
		},

		followOtherTabs() {
			let timer: ReturnType<typeof setTimeout> | null = null;
			const stop = onLibraryChange(() => {
				// A burst of changes (a folder import in another tab) is listed once.
				timer ??= setTimeout(() => {
					timer = null;
					void get().refreshLibrary();
				}, 100);
			});
			return () => {
				stop();
				if (timer) clearTimeout(timer);
			};
		},

		async renameSession(id, displayName) {
			try {
				await repo.renameSession(id, displayName);
			} catch (err) {
				await get().noteStorageFailure(err);
			}
			await get().refreshLibrary();
		},

		async deleteSession(id) {
			try {
				const meta = get().library.find((m) => m.id === id);
				await repo.deleteSession(id);
				// Its index too, unless another stored session has the same bytes.
				if (meta && !get().library.some((m) => m.id !== id && m.contentHash === meta.contentHash)) {
					void deleteIndex(meta.contentHash, meta.size);
				}
				if (getLastOpenSession() === id) setLastOpenSession(null);
				forgetDoc(id);
				await searchStore.deleteSearchDocs(id);
			} catch (err) {
				await get().noteStorageFailure(err);
			}
			if (get().session?.key === id && get().session?.stored) get().closeSession();
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

		async noteStorageFailure(err, file) {
			if (storageProblem(err) === "unavailable") {
				goOffline(err);
				return;
			}
			const use = await repo.storageEstimate().catch(() => null);
			set({ storageError: storageMessage(err, file, use), ...(use ? { storageUse: use } : {}) });
		},

		keepUnsaved(meta, body, fromLink = false) {
			set((s) => {
				const links = new Set(s.unsavedFromLink);
				if (fromLink) links.add(meta.id);
				else links.delete(meta.id);
				return {
					unsaved: [meta, ...s.unsaved.filter((m) => m.id !== meta.id)],
					unsavedBodies: new Map(s.unsavedBodies).set(meta.id, body),
					unsavedFromLink: links,
				};
			});
		},

		async saveUnsaved(id) {
			const meta = get().unsaved.find((m) => m.id === id);
			const body = get().unsavedBodies.get(id);
			if (!meta || !body) return false;
			try {
				await repo.saveSession({ ...meta, storedAt: Date.now() }, body);
			} catch (err) {
				await get().noteStorageFailure(err, { fileName: meta.fileName, size: meta.size });
				return false;
			}
			set((s) => ({
				unsaved: s.unsaved.filter((m) => m.id !== id),
				unsavedBodies: withoutKeys(s.unsavedBodies, [id]),
				unsavedFromLink: without(s.unsavedFromLink, id),
				storageError: null,
				// The open copy is the one just stored: links can name it now.
				...(s.session?.key === id && !s.session.stored ? { session: { ...s.session, stored: true } } : {}),
			}));
			if (get().session?.key === id) setLastOpenSession(id);
			await get().refreshLibrary();
			return true;
		},

		forgetUnsaved(id) {
			set((s) => ({
				unsaved: s.unsaved.filter((m) => m.id !== id),
				unsavedBodies: withoutKeys(s.unsavedBodies, [id]),
				unsavedFromLink: without(s.unsavedFromLink, id),
			}));
			const open = get().session;
			if (open?.key === id && !open.stored) get().closeSession();
		},

		reportCorrupt(record) {
			found = [...found.filter((r) => recordId(r) !== recordId(record)), record];
			set((s) => ({
				libraryCorrupt: [...s.libraryCorrupt.filter((r) => recordId(r) !== recordId(record)), record],
				...(record.store === "body" ? { library: s.library.filter((m) => m.id !== record.key) } : {}),
			}));
		},

		async deleteCorrupt(record) {
			const id = recordId(record);
			found = found.filter((r) => recordId(r) !== id);
			if (record.store === "search") {
				// The entry was dropped when it was found; the index is rebuilt in the background.
				set((s) => ({ libraryCorrupt: s.libraryCorrupt.filter((r) => recordId(r) !== id) }));
				return;
			}
			try {
				const removed = await repo.deleteCorruptRecord(record);
				if (removed && typeof record.rawKey === "string") {
					forgetDoc(record.rawKey);
					await searchStore.deleteSearchDocs(record.rawKey).catch(() => undefined);
				}
				if (getLastOpenSession() === record.key) setLastOpenSession(null);
			} catch (err) {
				await get().noteStorageFailure(err);
			}
			await get().refreshLibrary();
		},

		async retryStorage() {
			repo.resetStorage();
			searchStore.resetSearchStore();
			set({ storageOffline: null, storageError: null, searchUnavailable: null });
			await get().refreshLibrary();
		},

		async exportLibrary() {
			if (get().libraryExport?.running) return;
			set({
				libraryExport: { running: true, sessions: 0, bytes: 0, fileName: null, skipped: [], error: null },
			});
			try {
				const now = new Date();
				const out = await makeLibraryBundle(get().library, get().unsaved, get().unsavedBodies, now);
				const fileName = bundleFileName(now);
				if (out.sessions > 0) downloadBlob(out.blob, fileName);
				set({
					libraryExport: {
						running: false,
						sessions: out.sessions,
						bytes: out.blob.size,
						fileName: out.sessions > 0 ? fileName : null,
						skipped: out.skipped.map((s) => ({ id: s.meta.id, name: nameOf(s.meta), reason: s.reason })),
						error: out.sessions > 0 ? null : "There is nothing to export: no session could be read.",
					},
				});
			} catch (err) {
				set({
					libraryExport: {
						running: false,
						sessions: 0,
						bytes: 0,
						fileName: null,
						skipped: [],
						error: `The library could not be exported: ${errorText(err)}`,
					},
				});
			}
		},

		dismissLibraryExport() {
			if (!get().libraryExport?.running) set({ libraryExport: null });
		},
	};
}
