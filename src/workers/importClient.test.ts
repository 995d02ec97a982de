import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { header, jsonl, user } from "../../test/builders";

type Client = typeof import("./importClient");
type SearchStore = typeof import("../storage/searchStore");

let client: Client;
let searchStore: SearchStore;
beforeEach(async () => {
	globalThis.indexedDB = new IDBFactory();
	vi.resetModules();
	client = await import("./importClient");
	searchStore = await import("../storage/searchStore");
});

const session = new Blob([jsonl(header(), user("u1", null, "the needle is here"), user("u2", "u1", "and more"))]);
const key = { sessionId: "s1", contentHash: "h1" };

describe("indexSessionFile (here without workers: on this thread)", () => {
	it("writes the doc to the index and gives it back when asked", async () => {
		const doc = await client.indexSessionFile(session, { ...key, returnDoc: true });
		expect(doc?.ids).toEqual(["u1", "u2"]);
		const stored = await searchStore.getSearchDocs([key]);
		expect(stored[0]?.ids).toEqual(["u1", "u2"]);
	});

	it("does not read on while held (a find in the open session), and goes on once let go", async () => {
		let held = true;
		let done = false;
		const indexing = client
			.indexSessionFile(session, key, () => held)
			.then(() => {
				done = true;
			});
		await new Promise((resolve) => setTimeout(resolve, 350));
		expect(done).toBe(false);
		expect(await searchStore.getSearchDocs([key])).toEqual([]);
		held = false;
		await indexing;
		expect((await searchStore.getSearchDocs([key]))[0]?.ids).toEqual(["u1", "u2"]);
	});
});
