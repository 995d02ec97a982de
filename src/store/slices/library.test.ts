import "fake-indexeddb/auto";
import { createStore, keys as rawKeys, set as rawSet } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { SEARCH_DOC_VERSION } from "../../core";
import { buildBundle } from "../../storage/bundle";
import { StorageError } from "../../storage/idb";
import * as repo from "../../storage/repository";
import * as searchStore from "../../storage/searchStore";
import { initialState, useStore } from "..";
import { resetCorpus } from "../searchCorpus";
import { makeLibraryBundle } from "./library";

const state = () => useStore.getState();
const file = (relative: string, name = relative.split("/").pop() as string) =>
	new File([readFixture(relative)], name, { type: "application/jsonl" });

const SMALL = "golden/small-legacy.jsonl"; // id s11
const BRANCHY = "golden/branchy-legacy.jsonl"; // id s23
const HEAVY = "golden/compaction-heavy.jsonl";
const LIB = "c3d2e1f0-a9b8-4c7d-9e6f-5a4b3c2d1e0f";
const LIB_V1 = `project/--home-u-lib--/2026-01-03T08-00-00-000Z_${LIB}.jsonl`;
const LIB_V2 = `project-update/--home-u-lib--/2026-01-03T08-00-00-000Z_${LIB}.jsonl`;

const results = () => (state().importBatch?.results ?? []).map((r) => [r.path, r.status, r.reason ?? ""]);
const ids = () =>
	state()
		.library.map((m) => m.id)
		.sort();

async function search(query: string) {
	state().setSearchQuery(query);
	await expect.poll(() => state().searchRunning).toBe(false);
	return state().searchResults.map((g) => g.sessionId);
}

beforeEach(async () => {
	useStore.setState({ ...initialState, expanded: new Set() });
	await state().refreshLibrary();
	for (const m of state().library) await state().deleteSession(m.id);
	for (const c of state().libraryCorrupt) await state().deleteCorrupt(c);
	resetCorpus();
	useStore.setState({ ...initialState, expanded: new Set() });
});
afterEach(() => {
	vi.restoreAllMocks();
});

describe("exporting and importing the library", () => {
	it("round-trips every session with its display name and source, and rebuilds the search index", async () => {
		await state().loadFiles([file(SMALL), file(BRANCHY)]);
		await state().renameSession("s11", "Named small");
		const remote = await state().loadSource({
			fileName: "remote.jsonl",
			sourceUrl: "https://example.com/remote.jsonl",
			body: file(HEAVY),
		});
		const before = state().library.map((m) => ({ ...m }));
		expect(before).toHaveLength(3);

		const bundle = await makeLibraryBundle(state().library, state().unsaved, state().unsavedBodies);
		expect(bundle.sessions).toBe(3);
		expect(bundle.skipped).toEqual([]);
		for (const m of before) await state().deleteSession(m.id);
		expect(state().library).toEqual([]);
		expect(await searchStore.listIndexedKeys()).toEqual([]);

		await state().importLibraryBundle(bundle.blob);
		expect(state().importBatch).toMatchObject({ kind: "library", running: false, total: 3, done: 3, stopped: null });
		expect(state().importBatch?.results.map((r) => r.status)).toEqual(["imported", "imported", "imported"]);
		expect(ids()).toEqual(before.map((m) => m.id).sort());
		for (const m of before) {
			const back = state().library.find((x) => x.id === m.id);
			expect(back).toMatchObject({
				fileName: m.fileName,
				title: m.title,
				contentHash: m.contentHash,
				entries: m.entries,
				addedAt: m.addedAt,
				...(m.displayName ? { displayName: m.displayName } : {}),
				...(m.sourceUrl ? { sourceUrl: m.sourceUrl } : {}),
			});
			expect(await (await repo.loadSessionBody(m.id))?.text()).toBe(
				readFixture(m.id === "s11" ? SMALL : m.id === "s23" ? BRANCHY : HEAVY),
			);
		}
		expect(state().library.find((m) => m.id === remote?.key)?.sourceUrl).toBe("https://example.com/remote.jsonl");
		const indexed = await searchStore.listIndexedKeys();
		expect(indexed.map((k) => k.sessionId).sort()).toEqual(ids());
		// The index answers from what the import wrote (no body is read to search).
		resetCorpus();
		expect(await search("tree edit write")).toContain("s11");

		// The same file again: nothing changes.
		state().dismissImport();
		await state().importLibraryBundle(bundle.blob);
		expect(state().importBatch?.results.map((r) => r.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
		expect(state().library.find((m) => m.id === "s11")?.reloads).toBeUndefined();
	});

	it("updates a session whose content changed, and skips one that did not", async () => {
		const bundleOf = async (...files: string[]) =>
			(
				await buildBundle(
					files.map((f) => ({
						...(null as unknown as repo.SessionMeta),
						id: f === SMALL ? "s11" : LIB,
						fileName: f.split("/").pop() as string,
						displayName: f === SMALL ? "Small" : "Library work",
					})),
					async (m) => readFixture(files.find((f) => (m.id === "s11" ? f === SMALL : f !== SMALL)) as string),
					new Date(),
				)
			).blob;
		await state().importLibraryBundle(await bundleOf(SMALL, LIB_V1));
		expect(state().library.find((m) => m.id === LIB)).toMatchObject({ entries: 6, displayName: "Library work" });
		await state().importLibraryBundle(await bundleOf(SMALL, LIB_V2));
		expect(state().importBatch?.results).toEqual([
			{ path: "Small", status: "unchanged", sessionId: "s11" },
			{ path: "Library work", status: "updated", sessionId: LIB, entries: 8, previousEntries: 6 },
		]);
		expect(state().library.find((m) => m.id === LIB)).toMatchObject({ entries: 8, reloads: 1 });
		expect(await search("wombat")).toEqual([LIB]);
	});

	it("imports the good sessions of a damaged file and says which lines failed and why", async () => {
		const good = (id: string, fixture: string, name: string) =>
			JSON.stringify({
				type: "session",
				meta: { id, fileName: `${id}.jsonl`, displayName: name },
				body: readFixture(fixture),
			});
		const text = [
			JSON.stringify({ type: "session-explorer-library", version: 1, sessions: 6 }),
			good("s11", SMALL, "First"),
			"{this is not json",
			JSON.stringify({ type: "session", meta: { id: "x" } }),
			JSON.stringify({ type: "session", meta: { id: "y", fileName: "y.jsonl" }, body: "hello, not a session" }),
			good("s23", BRANCHY, "Second"),
			good("cut", HEAVY, "Cut short").slice(0, 500),
		].join("\r\n");
		await state().importLibraryBundle(new Blob([text]));
		const rows = results();
		expect(rows.map(([path, status]) => [path, status])).toEqual([
			["First", "imported"],
			["line 3", "failed"],
			["line 4", "failed"],
			["y.jsonl", "failed"],
			["Second", "imported"],
			["line 7", "failed"],
		]);
		expect(rows[1][2]).toBe("line 3: the line is not valid JSON (the file may be cut short or damaged)");
		expect(rows[2][2]).toBe("line 4: the session's file content is missing");
		expect(rows[3][2]).not.toBe("");
		expect(rows[5][2]).toMatch(/^line 7: the line is not valid JSON/);
		expect(ids()).toEqual(["s11", "s23"]);
		expect(state().library.find((m) => m.id === "s23")?.displayName).toBe("Second");
	});

	it("refuses a file that is not a library file, and opens a library file picked as a session through the import", async () => {
		await state().importLibraryBundle(file(SMALL));
		expect(state().importBatch).toMatchObject({ running: false, total: 0, results: [] });
		expect(state().importBatch?.stopped).toMatch(/not a Session Explorer library file/);
		await state().importLibraryBundle(new Blob(['{"type":"session-explorer-library","version":9}\n']));
		expect(state().importBatch?.stopped).toBe(
			"This library file has format version 9; this page reads version 1 only.",
		);
		expect(state().library).toEqual([]);

		await state().loadFiles([file(SMALL)]);
		const bundle = await makeLibraryBundle(state().library, [], new Map());
		await state().deleteSession("s11");
		await state().loadFiles([new File([bundle.blob], "backup.jsonl"), file(BRANCHY)]);
		expect(state().importBatch?.kind).toBe("library");
		expect(ids()).toEqual(["s11", "s23"]);
		expect(state().session?.key).toBe("s23");
		expect(state().loadErrors).toEqual([]);
	});
});

describe("storing fails", () => {
	it("keeps a session that did not fit open and listed as not saved, naming the file; stored ones stay", async () => {
		await state().loadFiles([file(SMALL)]);
		vi.spyOn(repo, "saveSession").mockRejectedValue(
			new StorageError("quota", "the browser has no more storage space for this site"),
		);
		await state().loadFiles([file(HEAVY, "big.jsonl")]);
		const s = state();
		expect(s.session).toMatchObject({ fileName: "big.jsonl", stored: false });
		expect(s.unsaved.map((m) => m.fileName)).toEqual(["big.jsonl"]);
		expect(s.storageError).toMatch(/^Could not store big\.jsonl \(\d+(\.\d)? KB\): browser storage is full\./);
		expect(s.storageError).toContain("It is open in this page but not saved");
		expect(s.storageOffline).toBeNull();
		expect(ids()).toEqual(["s11"]);
		// The stored one still opens; the unsaved one reopens from memory.
		expect(await state().openStored("s11")).toBe(true);
		const unsavedId = s.unsaved[0].id;
		expect(await state().openStored(unsavedId, "memory")).toBe(true);
		expect(state().session).toMatchObject({ key: unsavedId, stored: false });

		// Room again: saving it works, and it moves to the library.
		vi.restoreAllMocks();
		expect(await state().saveUnsaved(unsavedId)).toBe(true);
		expect(state().unsaved).toEqual([]);
		expect(state().session).toMatchObject({ key: unsavedId, stored: true });
		expect(ids()).toEqual(["s11", unsavedId].sort());
		expect(await (await repo.loadSessionBody(unsavedId))?.text()).toBe(readFixture(HEAVY));
	});

	it("stops a folder import when storage is full and lists the files not imported", async () => {
		const real = repo.saveSession;
		let calls = 0;
		vi.spyOn(repo, "saveSession").mockImplementation((meta, body) =>
			++calls === 2 ? Promise.reject(new DOMException("full", "QuotaExceededError")) : real(meta, body),
		);
		const sources = [SMALL, BRANCHY, HEAVY, "golden/retained-tail.jsonl"].map((f) => ({
			file: file(f),
			path: `dir/${f}`,
		}));
		await state().importFiles(sources);
		const batch = state().importBatch;
		expect(batch?.results.map((r) => [r.path, r.status, r.reason])).toEqual([
			["dir/golden/branchy-legacy.jsonl", "imported", undefined],
			["dir/golden/compaction-heavy.jsonl", "failed", "not stored: browser storage is full"],
		]);
		expect(batch?.notStored).toEqual(["dir/golden/retained-tail.jsonl", "dir/golden/small-legacy.jsonl"]);
		expect(batch?.stopped).toMatch(/^Stopped: browser storage is full; 2 of 4 files were not tried\. Delete sessions/);
		expect(ids()).toEqual(["s23"]);
	});

	it("imports even when the search index cannot be written", async () => {
		vi.spyOn(searchStore, "putSearchDoc").mockRejectedValue(new StorageError("quota", "full"));
		await state().importFiles([SMALL, BRANCHY].map((f) => ({ file: file(f), path: f })));
		expect(state().importBatch?.results.map((r) => r.status)).toEqual(["imported", "imported"]);
		expect(ids()).toEqual(["s11", "s23"]);
	});
});

describe("damaged records", () => {
	const rawMeta = () => createStore("session-explorer-meta-v1", "meta");
	const rawBodies = () => createStore("session-explorer-bodies-v1", "bodies");

	it("reports them, lists and opens the rest, and deletes them when asked", async () => {
		await state().loadFiles([file(SMALL), file(BRANCHY)]);
		await rawSet("junk", "not a record", rawMeta());
		await rawSet("half", { id: "half", fileName: "half.jsonl" }, rawMeta());
		await rawSet("s23", 12345, rawBodies());
		await state().refreshLibrary();
		expect(ids()).toEqual(["s11", "s23"]);
		expect(state().libraryCorrupt.map((c) => [c.store, c.key])).toEqual([
			["meta", "half"],
			["meta", "junk"],
		]);
		expect(await state().openStored("s11")).toBe(true);
		// The body of the wrong type shows when opened: reported, no longer listed.
		expect(await state().openStored("s23")).toBe(false);
		expect(state().loadErrors.at(-1)?.reason).toBe(
			"Could not reopen the stored session: the stored file content is a number, not text",
		);
		expect(ids()).toEqual(["s11"]);
		expect(state().libraryCorrupt.find((c) => c.store === "body")).toMatchObject({
			key: "s23",
			fileName: "branchy-legacy.jsonl",
		});
		await state().refreshLibrary();
		expect(ids()).toEqual(["s11"]);
		expect(state().libraryCorrupt).toHaveLength(3);

		for (const c of state().libraryCorrupt) await state().deleteCorrupt(c);
		expect(state().libraryCorrupt).toEqual([]);
		expect(ids()).toEqual(["s11"]);
		expect((await rawKeys(rawMeta())).sort()).toEqual(["s11"]);
		expect(await rawKeys(rawBodies())).toHaveLength(1);
		expect((await searchStore.listIndexedKeys()).some((k) => k.sessionId === "s23")).toBe(false);
	});

	it("drops a garbage search-index entry, reports it, and rebuilds it", async () => {
		await state().importFiles([{ file: file(SMALL), path: SMALL }]);
		const hash = state().library[0].contentHash;
		await rawSet(
			["s11", hash],
			{ garbage: true },
			createStore(`session-explorer-search-v${SEARCH_DOC_VERSION}`, "docs"),
		);
		resetCorpus();
		await state().prepareSearch();
		expect(state().libraryCorrupt).toEqual([
			expect.objectContaining({ store: "search", key: "s11", fileName: "small-legacy.jsonl" }),
		]);
		await expect.poll(async () => (await searchStore.listIndexedKeys()).length, { timeout: 5000 }).toBe(1);
		await expect.poll(() => state().searchIndexing).toBeNull();
		expect(await search("tree edit write")).toEqual(["s11"]);
		await state().deleteCorrupt(state().libraryCorrupt[0]);
		expect(state().libraryCorrupt).toEqual([]);
	});
});

describe("the search index and the open session's checks", () => {
	it("waits while the open session's worker checks the whole file or finds, then catches up", async () => {
		await state().importFiles([{ file: file(SMALL), path: SMALL }]);
		await searchStore.deleteIndexedKeys(await searchStore.listIndexedKeys());
		expect(await state().openStored("s11")).toBe(true);
		// The worker's own checks end first (they would say "done" over the state set below).
		await expect.poll(() => state().session?.checks).toBe("done");
		const open = state().session;
		if (!open) throw new Error("no session");
		useStore.setState({ session: { ...open, checks: "running" } });
		void state().syncSearchIndex();
		// Well past the quiet time after a load: nothing indexed while the checks run.
		await new Promise((resolve) => setTimeout(resolve, 2500));
		expect(await searchStore.listIndexedKeys()).toEqual([]);
		// Nor while a find runs in the open session (it wants both cores).
		useStore.setState({ session: { ...open, checks: "done" }, findRunning: true });
		await new Promise((resolve) => setTimeout(resolve, 2500));
		expect(await searchStore.listIndexedKeys()).toEqual([]);
		useStore.setState({ findRunning: false });
		await expect.poll(async () => (await searchStore.listIndexedKeys()).length, { timeout: 5000 }).toBe(1);
		await expect.poll(() => state().searchIndexing).toBeNull();
		expect(await search("tree edit write")).toEqual(["s11"]);
	});
});
