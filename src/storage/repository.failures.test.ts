import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { createStore, del as rawDel, keys as rawKeys, set as rawSet } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testMeta } from "./testMeta";

type Repo = typeof import("./repository");

const META_DB = "session-explorer-meta-v1";
const BODY_DB = "session-explorer-bodies-v1";

async function freshRepo(factory: IDBFactory | undefined = new IDBFactory()): Promise<Repo> {
	globalThis.indexedDB = factory as IDBFactory;
	vi.resetModules();
	return import("./repository");
}

const meta = testMeta;

/** Raw access to the two databases, behind the repository's back. */
const rawMeta = () => createStore(META_DB, "meta");
const rawBodies = () => createStore(BODY_DB, "bodies");

/**
 * Makes `put` into the object store `storeName` fail: thrown as QuotaExceededError, or (as some
 * browsers report a full disk) by aborting the transaction without a reason.
 */
function failPuts(storeName: "meta" | "bodies", how: "quota" | "abort") {
	const original = IDBObjectStore.prototype.put;
	return vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (
		this: IDBObjectStore,
		...args: Parameters<IDBObjectStore["put"]>
	) {
		if (this.name !== storeName) return original.apply(this, args);
		if (how === "quota") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
		const request = original.apply(this, args);
		this.transaction.abort();
		return request;
	});
}

/** Lets `n` puts (in any store) through, then reports every later one as over quota. */
function fillDiskAfterPuts(n: number) {
	const original = IDBObjectStore.prototype.put;
	let puts = 0;
	vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (
		this: IDBObjectStore,
		...args: Parameters<IDBObjectStore["put"]>
	) {
		if (++puts > n) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
		return original.apply(this, args);
	});
}

let repo: Repo;
beforeEach(async () => {
	repo = await freshRepo();
});
afterEach(() => {
	vi.restoreAllMocks();
	vi.useRealTimers();
});

describe("a failed save never loses or damages what was stored", () => {
	for (const how of ["quota", "abort"] as const) {
		for (const where of ["bodies", "meta"] as const) {
			it(`keeps the previous record when the ${where} write fails (${how})`, async () => {
				await repo.saveSession(meta("a", { entries: 10, contentHash: "v1" }), "first body");
				await repo.renameSession("a", "Mine");
				await repo.saveSession(meta("b"), "other body");
				const bodyKeysBefore = (await rawKeys(rawBodies())).sort();

				const spy = failPuts(where, how);
				const failure = repo.saveSession(meta("a", { entries: 99, contentHash: "v2" }), "second body");
				await expect(failure).rejects.toMatchObject({ name: "StorageError", kind: "quota" });
				spy.mockRestore();

				// The record, its name and its body are as before; the other session too.
				expect(await repo.getSessionMeta("a")).toMatchObject({ entries: 10, contentHash: "v1", displayName: "Mine" });
				expect(await (await repo.loadSessionBody("a"))?.text()).toBe("first body");
				expect(await (await repo.loadSessionBody("b"))?.text()).toBe("other body");
				// The new body was not left behind.
				expect((await rawKeys(rawBodies())).sort()).toEqual(bodyKeysBefore);
				// And storing works again once there is room.
				await repo.saveSession(meta("a", { entries: 99, contentHash: "v2" }), "second body");
				expect(await (await repo.loadSessionBody("a"))?.text()).toBe("second body");
				expect(await repo.getSessionMeta("a")).toMatchObject({ entries: 99, displayName: "Mine", reloads: 1 });
				expect(await rawKeys(rawBodies())).toHaveLength(2);
			});
		}
	}

	it("keeps the previous body even when the disk stays full after the new body went in", async () => {
		await repo.saveSession(meta("a", { contentHash: "v1" }), "first body");
		// The new body fits; then nothing more does (so writing the old body back could not work).
		fillDiskAfterPuts(1);
		await expect(repo.saveSession(meta("a", { contentHash: "v2" }), "second body")).rejects.toMatchObject({
			kind: "quota",
		});
		vi.restoreAllMocks();
		expect(await repo.getSessionMeta("a")).toMatchObject({ contentHash: "v1" });
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("first body");
		expect(await rawKeys(rawBodies())).toHaveLength(1);
	});

	it("leaves nothing behind when the first save of a session fails", async () => {
		const spy = failPuts("meta", "quota");
		await expect(repo.saveSession(meta("new"), "body")).rejects.toMatchObject({ kind: "quota" });
		spy.mockRestore();
		expect(await repo.getSessionMeta("new")).toBeUndefined();
		expect(await rawKeys(rawBodies())).toEqual([]);
		expect((await repo.listSessions()).sessions).toEqual([]);
	});

	it("stays consistent when the body cannot move back under its id", async () => {
		await repo.saveSession(meta("a", { contentHash: "v1" }), "first body");
		// The new body and the record pointing to it go in; the move back under the id does not.
		fillDiskAfterPuts(2);
		const stored = await repo.saveSession(meta("a", { contentHash: "v2" }), "second body");
		vi.restoreAllMocks();
		expect(stored.bodyKey).toMatch(/^a@/);
		expect(await repo.getSessionMeta("a")).toMatchObject({ contentHash: "v2", bodyKey: stored.bodyKey });
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("second body");
		expect(await rawKeys(rawBodies())).toEqual([stored.bodyKey]);
		// The next save puts it back under the id.
		await repo.saveSession(meta("a", { contentHash: "v3" }), "third body");
		expect(await rawKeys(rawBodies())).toEqual(["a"]);
		expect((await repo.getSessionMeta("a"))?.bodyKey).toBeUndefined();
	});

	it("keeps a body under its session id, and writes only the record when the content is the same", async () => {
		await repo.saveSession(meta("a", { contentHash: "v1" }), "v1");
		expect(await rawKeys(rawBodies())).toEqual(["a"]);
		await repo.saveSession(meta("a", { contentHash: "v2" }), "v2!");
		expect(await rawKeys(rawBodies())).toEqual(["a"]);
		expect((await repo.getSessionMeta("a"))?.bodyKey).toBeUndefined();
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("v2!");
		const puts = vi.spyOn(IDBObjectStore.prototype, "put");
		await repo.saveSession(meta("a", { contentHash: "v2", fileName: "renamed.jsonl" }), "v2!");
		expect(puts.mock.contexts.map((store) => (store as IDBObjectStore).name)).toEqual(["meta"]);
		expect(await repo.getSessionMeta("a")).toMatchObject({ fileName: "renamed.jsonl", reloads: 2 });
		await repo.deleteSession("a");
		expect(await rawKeys(rawBodies())).toEqual([]);
	});
});

describe("damaged records", () => {
	it("reports each damaged record with why, and lists the rest", async () => {
		await repo.saveSession(meta("good"), "good body");
		await repo.saveSession(meta("no-body"), "soon gone");
		await repo.saveSession(meta("odd-body"), "soon odd");
		const store = rawMeta();
		await rawSet("text", "just a string", store);
		await rawSet("list", [1, 2], store);
		await rawSet("nothing", null, store);
		await rawSet("partial", { id: "partial", fileName: "partial.jsonl", size: 3 }, store);
		await rawSet("liar", meta("someone-else"), store);
		await rawSet(42, meta("42"), store);
		await rawSet("typed", { ...meta("typed"), entries: "many" }, store);
		await rawSet("loose", { ...meta("loose"), displayName: 7, sourceUrl: { x: 1 } }, store);
		await rawSet("loose", "loose body", rawBodies());
		await rawDel("no-body", rawBodies());
		await rawSet("odd-body", { not: "text" }, rawBodies());

		const { sessions, corrupt } = await repo.checkLibrary();
		// A record with optional fields of the wrong type is listed without them.
		expect(sessions.map((m) => m.id).sort()).toEqual(["good", "loose", "odd-body"]);
		const loose = sessions.find((m) => m.id === "loose");
		expect(loose && "displayName" in loose).toBe(false);
		const reasons = Object.fromEntries(corrupt.map((c) => [`${c.store}:${c.key}`, c.reason]));
		expect(reasons).toEqual({
			"meta:text": "the metadata is a string, not a session record",
			"meta:list": "the metadata is an array, not a session record",
			"meta:nothing": "the metadata is null, not a session record",
			"meta:partial": expect.stringMatching(/^missing or invalid fields: title, cwd, created, modified, storedAt/),
			"meta:liar": 'stored under "liar" but names "someone-else"',
			"meta:42": 'stored under "42" but names "42"',
			"meta:typed": "missing or invalid fields: entries",
			"body:no-body": "the stored file content is missing",
		});
		expect(corrupt.find((c) => c.key === "partial")?.fileName).toBe("partial.jsonl");
		expect(corrupt.find((c) => c.key === "42")?.rawKey).toBe(42);
		// A body of the wrong type shows when it is read.
		expect(await repo.readSessionBody("odd-body")).toEqual({
			problem: "the stored file content is a object, not text",
		});
		expect(await repo.loadSessionBody("odd-body")).toBeUndefined();
		expect(await (await repo.loadSessionBody("good"))?.text()).toBe("good body");

		// Each can be deleted; a healthy record is never deleted that way.
		for (const c of corrupt) expect(await repo.deleteCorruptRecord(c)).toBe(true);
		expect(await repo.deleteCorruptRecord({ rawKey: "odd-body" })).toBe(true);
		expect(await repo.deleteCorruptRecord({ rawKey: "good" })).toBe(false);
		const after = await repo.checkLibrary();
		expect(after.corrupt).toEqual([]);
		expect(after.sessions.map((m) => m.id).sort()).toEqual(["good", "loose"]);
		expect((await rawKeys(rawBodies())).length).toBe(2);
	});

	it("reads the records one by one when they cannot be read all at once, reporting the unreadable one", async () => {
		await repo.saveSession(meta("a"), "a");
		await repo.saveSession(meta("b"), "b");
		vi.spyOn(IDBObjectStore.prototype, "getAll").mockImplementation(() => {
			throw new DOMException("Failed to read a value", "DataError");
		});
		const original = IDBObjectStore.prototype.get;
		vi.spyOn(IDBObjectStore.prototype, "get").mockImplementation(function (
			this: IDBObjectStore,
			...args: Parameters<IDBObjectStore["get"]>
		) {
			if (this.name === "meta" && args[0] === "b") throw new DOMException("Failed to read a value", "DataError");
			return original.apply(this, args);
		});
		const { sessions, corrupt } = await repo.listSessions();
		expect(sessions.map((m) => m.id)).toEqual(["a"]);
		expect(corrupt).toEqual([
			{
				key: "b",
				rawKey: "b",
				store: "meta",
				reason: "the record cannot be read (DataError: Failed to read a value)",
			},
		]);
		expect(await repo.deleteCorruptRecord(corrupt[0])).toBe(true);
		vi.restoreAllMocks();
		expect((await repo.checkLibrary()).sessions.map((m) => m.id)).toEqual(["a"]);
		expect(await rawKeys(rawBodies())).toEqual(["a"]);
	});

	it("removes old bodies no record points to, and keeps fresh ones (a save in another tab)", async () => {
		await repo.saveSession(meta("a"), "a");
		const old = `x@${(Date.now() - 60 * 60 * 1000).toString(36)}-1`;
		const fresh = `y@${Date.now().toString(36)}-1`;
		await rawSet(old, "orphan", rawBodies());
		await rawSet(fresh, "in flight", rawBodies());
		await rawSet("legacy-orphan", "left alone", rawBodies());
		await repo.checkLibrary();
		const keys = await rawKeys(rawBodies());
		expect(keys).not.toContain(old);
		expect(keys).toContain(fresh);
		expect(keys).toContain("legacy-orphan");
	});
});

describe("IndexedDB unavailable", () => {
	it("fails with an 'unavailable' StorageError when indexedDB.open throws (private mode)", async () => {
		const factory = new IDBFactory();
		factory.open = () => {
			throw new DOMException("The operation is insecure.", "SecurityError");
		};
		const r = await freshRepo(factory);
		await expect(r.listSessions()).rejects.toMatchObject({ name: "StorageError", kind: "unavailable" });
		await expect(r.saveSession(meta("a"), "x")).rejects.toMatchObject({ kind: "unavailable" });
		expect(r.isStorageUnavailable(await r.checkLibrary().catch((e: unknown) => e))).toBe(true);
	});

	it("fails the same way without any indexedDB, or when opening errors", async () => {
		const saved = globalThis.indexedDB;
		// biome-ignore lint/suspicious/noExplicitAny: removing the global, as browsers without IndexedDB lack it
		delete (globalThis as any).indexedDB;
		vi.resetModules();
		const none: Repo = await import("./repository");
		await expect(none.listSessions()).rejects.toThrow(/offers no IndexedDB/);
		globalThis.indexedDB = saved;

		const factory = new IDBFactory();
		factory.open = () => {
			const request = {} as IDBOpenDBRequest & { error: DOMException };
			request.error = new DOMException("A mutation operation was attempted", "InvalidStateError");
			setTimeout(() => request.onerror?.({ preventDefault() {} } as unknown as Event));
			return request;
		};
		const erroring = await freshRepo(factory);
		await expect(erroring.listSessions()).rejects.toThrow(/refused to open \(InvalidStateError/);
	});

	it("gives up on an open that never answers (blocked), and tries again later", async () => {
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
		const factory = new IDBFactory();
		let opens = 0;
		factory.open = () => {
			opens++;
			const request = {} as IDBOpenDBRequest;
			setTimeout(() => request.onblocked?.({} as IDBVersionChangeEvent));
			return request;
		};
		const r = await freshRepo(factory);
		const listing = r.listSessions();
		const settled = expect(listing).rejects.toThrow(/held open by another tab/);
		await vi.advanceTimersByTimeAsync(10_000);
		await settled;
		// Failing again at once, without waiting again.
		await expect(r.listSessions()).rejects.toMatchObject({ kind: "unavailable" });
		expect(opens).toBe(1);
		await vi.advanceTimersByTimeAsync(31_000);
		const again = expect(r.listSessions()).rejects.toMatchObject({ kind: "unavailable" });
		await vi.advanceTimersByTimeAsync(10_000);
		await again;
		expect(opens).toBe(2);
	});

	it("lets another tab delete the database and opens it again afterwards", async () => {
		await repo.saveSession(meta("a"), "a");
		await new Promise<void>((resolve, reject) => {
			const request = indexedDB.deleteDatabase(META_DB);
			request.onsuccess = () => resolve();
			request.onerror = () => reject(request.error);
			request.onblocked = () => reject(new Error("blocked: the repository kept its connection open"));
		});
		expect((await repo.listSessions()).sessions).toEqual([]);
		await repo.saveSession(meta("b"), "b");
		expect((await repo.listSessions()).sessions.map((m) => m.id)).toEqual(["b"]);
	});
});
