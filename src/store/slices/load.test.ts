import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { buildTreeIndex, findEntries, parseSession } from "../../core";
import { initialState, useStore } from "..";

// The parse worker is unavailable in Node: the client parses on this thread, the same code path.
const file = (relative: string, name = relative.split("/").pop() as string) =>
	new File([readFixture(relative)], name, { type: "application/jsonl" });

const SMALL = "golden/small-legacy.jsonl";
const small = parseSession(readFixture(SMALL));
const smallIndex = buildTreeIndex(small.entries);
const smallTips = smallIndex.leaves.map((p) => small.entries[p].id);

beforeEach(async () => {
	// One fake IndexedDB for the file: empty the library and reset the store before each test.
	useStore.setState({ ...initialState, expanded: new Set() });
	await useStore.getState().refreshLibrary();
	for (const m of useStore.getState().library) await useStore.getState().deleteSession(m.id);
	useStore.setState({ ...initialState, expanded: new Set() });
});

describe("loading files", () => {
	it("stores good files, names the bad ones with a reason, and opens the last good one", async () => {
		await useStore
			.getState()
			.loadFiles([file(SMALL), new File([""], "empty.jsonl"), file("golden/branchy-legacy.jsonl")]);
		const s = useStore.getState();
		expect(s.library.map((m) => m.id).sort()).toEqual(["s11", "s23"]);
		expect(s.loadErrors).toEqual([{ id: expect.any(Number), fileName: "empty.jsonl", reason: "The file is empty" }]);
		expect(s.loads).toEqual([]);
		expect(s.session?.key).toBe("s23");
		expect(s.session?.stored).toBe(true);
		s.dismissLoadError(s.loadErrors[0].id);
		expect(useStore.getState().loadErrors).toEqual([]);
	});

	it("updates a re-loaded session in place, keeping its display name and the selected leaf", async () => {
		await useStore.getState().loadFiles([file(SMALL)]);
		await useStore.getState().renameSession("s11", "Mine");
		useStore.getState().selectLeaf(smallTips[0]);
		await useStore.getState().loadFiles([file(SMALL, "copy.jsonl")]);
		const s = useStore.getState();
		expect(s.library).toHaveLength(1);
		expect(s.library[0]).toMatchObject({ id: "s11", displayName: "Mine", reloads: 1, fileName: "copy.jsonl" });
		expect(s.selectedLeafId).toBe(smallTips[0]);
	});
});

describe("deep links", () => {
	beforeEach(async () => {
		await useStore.getState().loadFiles([file(SMALL), file("golden/branchy-legacy.jsonl")]);
	});

	it("opens the named session and selects its leaf and entry", async () => {
		const entry = small.entries[2].id;
		await useStore.getState().openLink({ session: "s11", leaf: smallTips[1], entry });
		const s = useStore.getState();
		expect(s.session?.key).toBe("s11");
		expect(s.selectedLeafId).toBe(smallTips[1]);
		expect(s.focusedEntryId).toBe(entry);
		expect(s.linkError).toBeNull();
	});

	it("explains an unknown session and leaves the open one alone", async () => {
		await useStore.getState().openLink({ session: "nope", leaf: "x" });
		const s = useStore.getState();
		expect(s.linkError).toContain('"nope"');
		expect(s.session?.key).toBe("s23");
	});

	it("explains an unknown leaf and falls back to the current leaf", async () => {
		await useStore.getState().openLink({ session: "s11", leaf: smallTips[0] });
		await useStore.getState().openLink({ session: "s11", leaf: "zzzz" });
		const s = useStore.getState();
		expect(s.selectedLeafId).toBeNull();
		expect(s.linkError).toContain('leaf "zzzz"');
		expect(s.linkError).toContain("current leaf");
		s.dismissLinkError();
		expect(useStore.getState().linkError).toBeNull();
	});

	it("says so when an entry link finds no open session", async () => {
		useStore.getState().closeSession();
		await useStore.getState().openLink({ leaf: "abc" });
		expect(useStore.getState().linkError).toContain("no session is open");
	});
});

describe("find", () => {
	it("puts core's hits in the store and steps through them, selecting and focusing each", async () => {
		await useStore.getState().loadFiles([file(SMALL)]);
		useStore.getState().setFindQuery("tree");
		await expect.poll(() => useStore.getState().findRunning).toBe(false);
		const expected = findEntries(small.entries, "tree", "default").hits.map((p) => small.entries[p].id);
		expect(expected.length).toBeGreaterThan(2);
		expect(useStore.getState().findHits).toEqual(expected);
		// Their positions, for the graph's paint, in the same order.
		expect(useStore.getState().findHitAt).toEqual(findEntries(small.entries, "tree", "default").hits);

		const { stepHit } = useStore.getState();
		stepHit(-1);
		expect(useStore.getState()).toMatchObject({
			findActive: expected.length - 1,
			selectedLeafId: expected[expected.length - 1],
			focusedEntryId: expected[expected.length - 1],
		});
		stepHit(1);
		expect(useStore.getState().findActive).toBe(0);
		expect(useStore.getState().selectedLeafId).toBe(expected[0]);

		useStore.getState().setFindFilter("user-only");
		await expect.poll(() => useStore.getState().findRunning).toBe(false);
		const users = findEntries(small.entries, "tree", "user-only").hits.map((p) => small.entries[p].id);
		expect(useStore.getState().findHits).toEqual(users);
		expect(useStore.getState().findActive).toBe(-1);
		useStore.getState().setFindQuery("");
		useStore.getState().setFindFilter("default");
		expect(useStore.getState().findHits).toEqual([]);
		expect(useStore.getState().findHitAt).toEqual([]);
	});
});
