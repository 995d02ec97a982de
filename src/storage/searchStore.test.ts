import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { createStore, keys as rawKeys, set } from "idb-keyval";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "../../test/builders";
import { buildSearchDoc, SEARCH_DOC_VERSION } from "../core";

type SearchStore = typeof import("./searchStore");

let store: SearchStore;
beforeEach(async () => {
	globalThis.indexedDB = new IDBFactory();
	vi.resetModules();
	store = await import("./searchStore");
});

const doc = (id: string, hash: string, text = `text of ${id}`) =>
	buildSearchDoc(id, hash, [user(`${id}-1`, null, text)]);

describe("search index store", () => {
	it("stores one doc per session and content, replacing docs of older content", async () => {
		await store.putSearchDoc(doc("a", "h1"));
		await store.putSearchDoc(doc("b", "h1"));
		await store.putSearchDoc(doc("a", "h2", "newer text"));
		const keys = await store.listIndexedKeys();
		expect(keys.map((k) => `${k.sessionId}@${k.contentHash}`).sort()).toEqual(["a@h2", "b@h1"]);
		const docs = await store.getSearchDocs(keys);
		expect(docs.find((d) => d.sessionId === "a")?.texts).toEqual(["newer text"]);
	});

	it("keeps everything across a reload of the module", async () => {
		await store.putSearchDoc(doc("a", "h1"));
		vi.resetModules();
		const again: SearchStore = await import("./searchStore");
		const keys = await again.listIndexedKeys();
		expect(keys).toEqual([{ sessionId: "a", contentHash: "h1" }]);
		expect((await again.getSearchDocs(keys))[0].texts).toEqual(["text of a"]);
	});

	it("deletes a session's docs and listed keys", async () => {
		await store.putSearchDoc(doc("a", "h1"));
		await store.putSearchDoc(doc("b", "h1"));
		await store.putSearchDoc(doc("c", "h1"));
		await store.deleteSearchDocs("a");
		await store.deleteIndexedKeys([{ sessionId: "b", contentHash: "h1" }]);
		expect(await store.listIndexedKeys()).toEqual([{ sessionId: "c", contentHash: "h1" }]);
		await store.deleteIndexedKeys([]);
	});

	it("drops records that are not docs of this version or not the doc their key names", async () => {
		const raw = createStore(`session-explorer-search-v${SEARCH_DOC_VERSION}`, "docs");
		await store.putSearchDoc(doc("good", "h"));
		await set(["old", "h"], { ...doc("old", "h"), v: 0 }, raw);
		await set(["liar", "h"], doc("someone-else", "h"), raw);
		await set("not-a-pair", doc("x", "h"), raw);
		await set(["garbage", "h"], "not a doc at all", raw);
		const keys = await store.listIndexedKeys();
		expect(keys.map((k) => k.sessionId).sort()).toEqual(["garbage", "good", "liar", "old"]);
		expect((await store.getSearchDocs(keys)).map((d) => d.sessionId)).toEqual(["good"]);
		// The unreadable key was removed for good; so were the unreadable docs (the next sync rebuilds them).
		expect(await rawKeys(raw)).toEqual([["good", "h"]]);
		const dropped = store.takeDroppedDocs();
		expect(Object.fromEntries(dropped.map((d) => [d.sessionId, d.reason]))).toEqual({
			old: "the search index entry is not a readable document",
			liar: "the search index entry describes another session or content",
			garbage: "the search index entry is not a readable document",
		});
		expect(store.takeDroppedDocs()).toEqual([]);
	});

	it("says the index is unavailable when IndexedDB cannot be opened", async () => {
		const factory = new IDBFactory();
		factory.open = () => {
			throw new DOMException("The operation is insecure.", "SecurityError");
		};
		globalThis.indexedDB = factory;
		vi.resetModules();
		const broken: SearchStore = await import("./searchStore");
		await expect(broken.listIndexedKeys()).rejects.toMatchObject({ name: "StorageError", kind: "unavailable" });
		await expect(broken.putSearchDoc(doc("a", "h"))).rejects.toMatchObject({ kind: "unavailable" });
	});
});
