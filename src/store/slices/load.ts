import * as repo from "../../storage/repository";
import { parseSessionFile } from "../../workers/client";
import { describeSession, sessionKey } from "../sessionMeta";
import { storageMessage } from "../storageMessage";
import type { GetStore, LoadActions, LoadState, OpenSession, SetStore } from "../types";

export const initialLoadState: LoadState = { loads: [], loadErrors: [] };

let nextJobId = 1;

export function createLoadSlice(set: SetStore, get: GetStore): LoadActions {
	const startJob = (fileName: string, total: number) => {
		const id = nextJobId++;
		set((s) => ({ loads: [...s.loads, { id, fileName, loaded: 0, total }] }));
		return id;
	};
	const progress = (id: number) => (p: { loaded: number; total: number }) =>
		set((s) => ({ loads: s.loads.map((j) => (j.id === id ? { ...j, ...p } : j)) }));
	const endJob = (id: number) => set((s) => ({ loads: s.loads.filter((j) => j.id !== id) }));
	const fail = (id: number, fileName: string, reason: string) =>
		set((s) => ({ loadErrors: [...s.loadErrors, { id, fileName, reason }] }));

	return {
		async loadFiles(files) {
			// Files load one after another: each parse already keeps a worker busy.
			let lastOpened: OpenSession | null = null;
			for (const file of files) {
				const id = startJob(file.name, file.size);
				try {
					const result = await parseSessionFile(file, progress(id));
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
					fail(id, file.name, err instanceof Error ? err.message : String(err));
				} finally {
					endJob(id);
				}
			}
			if (lastOpened) get().openSession(lastOpened);
			await get().refreshLibrary();
		},

		async openStored(id) {
			const meta = get().library.find((m) => m.id === id) ?? (await repo.getSessionMeta(id).catch(() => undefined));
			if (!meta) return false;
			const jobId = startJob(meta.fileName, meta.size);
			try {
				const body = await repo.loadSessionBody(id);
				if (!body) throw new Error("the stored body is missing");
				const result = await parseSessionFile(body, progress(jobId));
				get().openSession({
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
				fail(
					jobId,
					meta.fileName,
					`Could not reopen the stored session: ${err instanceof Error ? err.message : String(err)}`,
				);
				return false;
			} finally {
				endJob(jobId);
			}
		},

		dismissLoadError(id) {
			set((s) => ({ loadErrors: s.loadErrors.filter((e) => e.id !== id) }));
		},
	};
}
