import { IDBFactory } from "fake-indexeddb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { parseSession } from "../../core";

type StoreModule = typeof import("..");
type LibraryModule = typeof import("./library");

const file = (relative: string) =>
	new File([readFixture(relative)], relative.split("/").pop() as string, { type: "application/jsonl" });

let store: StoreModule;
let library: LibraryModule;
const state = () => store.useStore.getState();

beforeAll(async () => {
	// A private window of some browsers: opening any database throws.
	const factory = new IDBFactory();
	factory.open = () => {
		throw new DOMException("The operation is insecure.", "SecurityError");
	};
	globalThis.indexedDB = factory;
	vi.resetModules();
	store = await import("..");
	library = await import("./library");
});

describe("without IndexedDB", () => {
	it("keeps working in memory: sessions open and are listed as not saved, and it says so once", async () => {
		await state().refreshLibrary();
		const first = state();
		expect(first.libraryReady).toBe(true);
		expect(first.storageOffline).toMatch(/^Browser storage is unavailable: IndexedDB cannot be opened \(SecurityError/);
		expect(first.storageError).toBe(first.storageOffline);
		state().dismissStorageError();

		await state().loadFiles([file("golden/small-legacy.jsonl")]);
		await state().loadFiles([file("golden/branchy-legacy.jsonl")]);
		const s = state();
		expect(s.session).toMatchObject({ key: "s23", stored: false });
		expect(s.session?.entryCount).toBe(parseSession(readFixture("golden/branchy-legacy.jsonl")).entries.length);
		expect(s.loadErrors).toEqual([]);
		// Not repeated for every file once dismissed.
		expect(s.storageError).toBeNull();
		expect(s.unsaved.map((m) => m.id)).toEqual(["s23", "s11"]);
		expect(s.library).toEqual([]);

		expect(await state().openStored("s11", "memory")).toBe(true);
		expect(state().session).toMatchObject({ key: "s11", stored: false });
		// There is no stored copy to open: that fails quietly, and the open session stays.
		expect(await state().openStored("s23")).toBe(false);
		expect(state().session?.key).toBe("s11");
		expect(state().loadErrors).toEqual([]);

		// Search across sessions says it is unavailable instead of failing.
		await state().prepareSearch();
		expect(state().searchUnavailable).toMatch(/^Search across sessions is unavailable/);

		// The in-memory sessions can still be exported to a file.
		const bundle = await library.makeLibraryBundle(state().library, state().unsaved, state().unsavedBodies);
		expect(bundle.sessions).toBe(2);
		expect((await bundle.blob.text()).split("\n")).toHaveLength(4);

		// Saving again fails the same way, without a new message; removing one drops it.
		expect(await state().saveUnsaved("s23")).toBe(false);
		expect(state().storageError).toBeNull();
		state().forgetUnsaved("s11");
		expect(state().session).toBeNull();
		expect(state().unsaved.map((m) => m.id)).toEqual(["s23"]);

		// Trying again says it again (the user asked).
		await state().retryStorage();
		expect(state().storageError).toMatch(/^Browser storage is unavailable/);
	});
});
