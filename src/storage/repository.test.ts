import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testMeta } from "./testMeta";

type Repo = typeof import("./repository");

/** Opened database names, recorded by wrapping `indexedDB.open`. */
let opened: string[] = [];

/** A repository module over a brand-new, empty IndexedDB. */
async function freshRepo(): Promise<Repo> {
	const factory = new IDBFactory();
	const open = factory.open.bind(factory);
	factory.open = (name: string, version?: number) => {
		opened.push(name);
		return open(name, version);
	};
	globalThis.indexedDB = factory;
	vi.resetModules();
	return import("./repository");
}

/** The same database, seen by a new module instance (as after a page reload). */
async function reloadRepo(): Promise<Repo> {
	vi.resetModules();
	opened = [];
	return import("./repository");
}

const meta = testMeta;

let repo: Repo;
beforeEach(async () => {
	opened = [];
	repo = await freshRepo();
});

describe("session repository", () => {
	it("saves, lists, loads and deletes", async () => {
		await repo.saveSession(meta("a"), new Blob(["line a\n"]));
		await repo.saveSession(meta("b", { storedAt: 2000 }), "line b\n");
		const { sessions, corrupt } = await repo.listSessions();
		expect(sessions.map((s) => s.id).sort()).toEqual(["a", "b"]);
		expect(corrupt).toEqual([]);
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("line a\n");
		expect(await (await repo.loadSessionBody("b"))?.text()).toBe("line b\n");
		expect((await repo.getSessionMeta("b"))?.addedAt).toBe(2000);

		await repo.deleteSession("a");
		expect((await repo.listSessions()).sessions.map((s) => s.id)).toEqual(["b"]);
		expect(await repo.loadSessionBody("a")).toBeUndefined();
		expect(await repo.getSessionMeta("a")).toBeUndefined();
	});

	it("keeps everything across a reload of the module", async () => {
		await repo.saveSession(meta("a"), "body");
		await repo.renameSession("a", "  My name  ");
		const again = await reloadRepo();
		const [stored] = (await again.listSessions()).sessions;
		expect(stored.displayName).toBe("My name");
		expect(await (await again.loadSessionBody("a"))?.text()).toBe("body");
	});

	it("renames in the metadata only, and clears the name with an empty one", async () => {
		await repo.saveSession(meta("a"), "original body");
		expect((await repo.renameSession("a", "Renamed"))?.displayName).toBe("Renamed");
		expect((await repo.getSessionMeta("a"))?.title).toBe("title a");
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("original body");
		const cleared = await repo.renameSession("a", "   ");
		expect(cleared && "displayName" in cleared).toBe(false);
		expect(await repo.renameSession("missing", "x")).toBeUndefined();
	});

	it("replaces a re-loaded session, keeping its display name and counting the re-load", async () => {
		await repo.saveSession(meta("a", { storedAt: 1000, entries: 10 }), "v1");
		await repo.renameSession("a", "Keep me");
		const merged = await repo.saveSession(meta("a", { storedAt: 5000, entries: 14, contentHash: "new" }), "v2");
		expect(merged).toMatchObject({ displayName: "Keep me", addedAt: 1000, storedAt: 5000, reloads: 1 });
		expect(merged.previousEntries).toBe(10);
		const { sessions } = await repo.listSessions();
		expect(sessions).toHaveLength(1);
		expect(sessions[0]).toMatchObject({ displayName: "Keep me", entries: 14, contentHash: "new", reloads: 1 });
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("v2");
		await repo.saveSession(meta("a", { storedAt: 6000 }), "v3");
		expect((await repo.getSessionMeta("a"))?.reloads).toBe(2);
	});

	it("leaves the previous record intact when the body write fails", async () => {
		await repo.saveSession(meta("a", { entries: 10 }), "good body");
		const unclonable = (() => "not storable") as unknown as Blob;
		await expect(repo.saveSession(meta("a", { entries: 99 }), unclonable)).rejects.toThrow();
		expect((await repo.getSessionMeta("a"))?.entries).toBe(10);
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("good body");
		// A failed first save leaves nothing behind.
		await expect(repo.saveSession(meta("b"), unclonable)).rejects.toThrow();
		expect(await repo.getSessionMeta("b")).toBeUndefined();
		expect(await repo.loadSessionBody("b")).toBeUndefined();
	});

	it("restores the previous body when the metadata write fails", async () => {
		await repo.saveSession(meta("a"), "good body");
		const bad = meta("a", { sourceUrl: (() => 1) as unknown as string });
		await expect(repo.saveSession(bad, "new body")).rejects.toThrow();
		expect(await (await repo.loadSessionBody("a"))?.text()).toBe("good body");
		expect((await repo.getSessionMeta("a"))?.sourceUrl).toBeUndefined();
	});

	it("lists without opening the body database, and metadata survives a lost body", async () => {
		await repo.saveSession(meta("a"), "body a");
		const again = await reloadRepo();
		expect((await again.listSessions()).sessions).toHaveLength(1);
		expect(await again.getSessionMeta("a")).toBeDefined();
		expect(opened).toEqual(["session-explorer-meta-v1"]);

		await again.loadSessionBody("a");
		expect(opened).toContain("session-explorer-bodies-v1");
		await new Promise<void>((resolve, reject) => {
			const req = indexedDB.open("session-explorer-bodies-v1");
			req.onsuccess = () => {
				const tx = req.result.transaction("bodies", "readwrite");
				tx.objectStore("bodies").clear();
				tx.oncomplete = () => resolve();
				tx.onerror = () => reject(tx.error);
			};
		});
		expect((await again.listSessions()).sessions.map((s) => s.id)).toEqual(["a"]);
		expect(await again.loadSessionBody("a")).toBeUndefined();
	});

	it("reports records that are not session metadata instead of failing", async () => {
		await repo.saveSession(meta("a"), "body");
		await new Promise<void>((resolve, reject) => {
			const req = indexedDB.open("session-explorer-meta-v1");
			req.onsuccess = () => {
				const tx = req.result.transaction("meta", "readwrite");
				tx.objectStore("meta").put({ junk: true }, "weird");
				tx.oncomplete = () => resolve();
				tx.onerror = () => reject(tx.error);
			};
		});
		const { sessions, corrupt } = await repo.listSessions();
		expect(sessions.map((s) => s.id)).toEqual(["a"]);
		expect(corrupt).toEqual([{ key: "weird", rawKey: "weird", store: "meta", reason: expect.any(String) }]);
	});
});
