import "fake-indexeddb/auto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FIXTURES_DIR } from "../../../test/fixtures";
import * as repo from "../../storage/repository";
import { listIndexedKeys } from "../../storage/searchStore";
import { initialState, type Store, useStore } from "..";
import { resetCorpus } from "../searchCorpus";
import type { ImportSource } from "../types";
import { planImport } from "./importBatch";

const SRC = "5f0c2a1e-7b3d-4c9e-8a21-0d6e4f3b9c10";
const FORK = "9a4b7c2d-1e5f-4a6b-8c3d-2f1e0a9b8c7d";
const LIB = "c3d2e1f0-a9b8-4c7d-9e6f-5a4b3c2d1e0f";
const LIB2 = "e7f6d5c4-b3a2-4190-8f7e-6d5c4b3a2918";

/** Every file under a fixture folder, with its path as a folder picker gives it (`project/...`). */
function folder(name: string): ImportSource[] {
	const root = join(FIXTURES_DIR, name);
	const out: ImportSource[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir)) {
			const full = join(dir, entry);
			if (statSync(full).isDirectory()) walk(full);
			else out.push({ file: new File([readFileSync(full)], entry), path: `${name}/${relative(root, full)}` });
		}
	};
	walk(root);
	// The picker's order is the file system's: the batch must not depend on it.
	return out.reverse();
}

const state = () => useStore.getState();
const statuses = (s: Store) => Object.fromEntries((s.importBatch?.results ?? []).map((r) => [r.path, r.status]));

async function search(query: string) {
	state().setSearchQuery(query);
	await expect.poll(() => state().searchRunning).toBe(false);
	return state().searchResults;
}

beforeEach(async () => {
	useStore.setState({ ...initialState, expanded: new Set() });
	await state().refreshLibrary();
	for (const m of state().library) await state().deleteSession(m.id);
	resetCorpus();
	useStore.setState({ ...initialState, expanded: new Set() });
});

describe("planImport", () => {
	it("keeps .jsonl files in path order and sets the rest aside", () => {
		const f = (path: string) => ({ file: new File([""], path), path });
		const plan = planImport([f("b/10.jsonl"), f("notes.txt"), f("a/1.JSONL"), f("b/2.jsonl"), f("x.json")]);
		expect(plan.files.map((s) => s.path)).toEqual(["a/1.JSONL", "b/2.jsonl", "b/10.jsonl"]);
		expect(plan.ignored).toEqual(["notes.txt", "x.json"]);
	});

	it("takes OpenClaw's archives (<id>.jsonl.<reason>.<time>) as session files", () => {
		const f = (path: string) => ({ file: new File([""], path), path });
		const plan = planImport([f("s/id.jsonl.reset.2026-04-01T09-30-00.000Z"), f("s/id.jsonl"), f("s/id.jsonl.lock")]);
		expect(plan.files.map((s) => s.path)).toEqual(["s/id.jsonl", "s/id.jsonl.reset.2026-04-01T09-30-00.000Z"]);
		expect(plan.ignored).toEqual(["s/id.jsonl.lock"]);
	});
});

describe("importing a folder", () => {
	it("imports each session once, skips the duplicate and the non-jsonl file, names the broken one", async () => {
		await state().importFiles(folder("project"));
		const s = state();
		expect(s.importBatch).toMatchObject({
			running: false,
			total: 6,
			done: 6,
			stopped: null,
			ignored: ["project/README.txt"],
		});
		expect(s.importBatch?.bytesDone).toBe(s.importBatch?.bytesTotal);
		expect(statuses(s)).toEqual({
			[`project/--home-u-app--/2026-01-01T10-00-00-000Z_${SRC}.jsonl`]: "imported",
			[`project/--home-u-app--/2026-01-02T09-30-00-000Z_${FORK}.jsonl`]: "imported",
			[`project/--home-u-lib--/2025-12-20T12-00-00-000Z_${LIB2}.jsonl`]: "imported",
			[`project/--home-u-lib--/2026-01-03T08-00-00-000Z_${LIB}.jsonl`]: "imported",
			"project/broken.jsonl": "failed",
			"project/copies/flux-backup.jsonl": "unchanged",
		});
		const results = s.importBatch?.results ?? [];
		expect(results.find((r) => r.path === "project/broken.jsonl")?.reason).toContain("JSON array");
		expect(results.find((r) => r.status === "unchanged")?.sessionId).toBe(SRC);
		expect(s.library.map((m) => m.id).sort()).toEqual([SRC, FORK, LIB, LIB2].sort());
		// The duplicate did not replace the stored copy's file name.
		expect(s.library.find((m) => m.id === SRC)?.fileName).toBe(`2026-01-01T10-00-00-000Z_${SRC}.jsonl`);
		expect(s.library.find((m) => m.id === FORK)?.parentSession).toContain(SRC);
		// Nothing was opened, and no per-file load rows were left behind.
		expect(s.session).toBeNull();
		expect(s.loads).toEqual([]);
		// Each stored session has its search doc, for the content stored.
		const keys = await listIndexedKeys();
		expect(keys.map((k) => k.sessionId).sort()).toEqual([SRC, FORK, LIB, LIB2].sort());
		for (const k of keys) expect(k.contentHash).toBe(s.library.find((m) => m.id === k.sessionId)?.contentHash);
	});

	it("updates a session with new content and skips one already stored", async () => {
		await state().importFiles(folder("project"));
		state().dismissImport();
		expect(state().importBatch).toBeNull();
		await state().importFiles(folder("project-update"));
		const results = state().importBatch?.results ?? [];
		expect(results.map((r) => [r.path.split("/").pop(), r.status])).toEqual([
			[`2026-01-03T08-00-00-000Z_${LIB}.jsonl`, "updated"],
			[`2026-01-01T10-00-00-000Z_${SRC}.jsonl`, "unchanged"],
		]);
		expect(results[0]).toMatchObject({ sessionId: LIB, entries: 8, previousEntries: 6 });
		expect(state().library.find((m) => m.id === LIB)).toMatchObject({ entries: 8, reloads: 1 });
		// The index follows the new content: the old doc is gone, the new words are found.
		const keys = (await listIndexedKeys()).filter((k) => k.sessionId === LIB);
		expect(keys).toEqual([{ sessionId: LIB, contentHash: state().library.find((m) => m.id === LIB)?.contentHash }]);
		expect((await search("wombat")).map((g) => g.sessionId)).toEqual([LIB]);
	});

	it("reopens the open session when the batch replaced it, keeping the selection", async () => {
		await state().importFiles(folder("project"));
		await state().openStored(LIB);
		state().selectLeaf("c0000003");
		await state().importFiles(folder("project-update"));
		expect(state().session?.key).toBe(LIB);
		expect(state().session?.entryCount).toBe(8);
		expect(state().selectedLeafId).toBe("c0000003");
	});

	it("stops when cancelled and says how many files were left", async () => {
		const run = state().importFiles(folder("project"));
		state().cancelImport();
		await run;
		const batch = state().importBatch;
		expect(batch?.running).toBe(false);
		expect(batch?.stopped).toMatch(/^Cancelled: \d of 6 files were not imported\.$/);
		expect(batch?.results.length).toBeLessThan(6);
	});

	it("stops when storage is full, saying so, with the files before it stored", async () => {
		const real = repo.saveSession;
		let calls = 0;
		const spy = vi.spyOn(repo, "saveSession").mockImplementation((meta, body) => {
			calls++;
			return calls === 2 ? Promise.reject(new DOMException("quota", "QuotaExceededError")) : real(meta, body);
		});
		try {
			await state().importFiles(folder("project"));
		} finally {
			spy.mockRestore();
		}
		const batch = state().importBatch;
		expect(batch?.results.map((r) => r.status)).toEqual(["imported", "failed"]);
		expect(batch?.results[1].reason).toBe("not stored: browser storage is full");
		expect(batch?.stopped).toBe(
			"Stopped: browser storage is full; 4 of 6 files were not tried. Delete sessions from the library to make room, then import again (what is stored already is skipped).",
		);
		expect(batch?.notStored).toHaveLength(4);
		expect(state().library.map((m) => m.id)).toEqual([SRC]);
	});

	it("sends many files picked at once through the batch", async () => {
		const sources = folder("project");
		const many = Array.from({ length: 11 }, (_, i) => sources[i % sources.length].file);
		await state().loadFiles(many);
		// Picked by hand, every file is tried (not only .jsonl ones), and the last that loaded opens.
		expect(state().importBatch?.total).toBe(many.length);
		expect(state().importBatch?.ignored).toEqual([]);
		const lastGood = [...(state().importBatch?.results ?? [])].reverse().find((r) => r.path === many[10].name);
		if (lastGood?.status !== "failed") expect(state().session?.key).toBe(lastGood?.sessionId);
	});
});

describe("search across sessions", () => {
	beforeEach(async () => {
		await state().importFiles(folder("project"));
	});

	it("groups hits by session, newest first, with plain-text excerpts", async () => {
		const groups = await search("clock tower");
		expect(groups.map((g) => g.sessionId)).toEqual([FORK, SRC]);
		for (const g of groups) {
			expect(g.total).toBe(1);
			expect(g.hits[0]).toMatchObject({ entryId: "a0000007", kind: "assistant" });
			expect(g.hits[0].parts.filter((p) => p.match).map((p) => p.text)).toEqual(["clock", "tower"]);
		}
		expect((await search("HOVERBOARD water")).map((g) => [g.sessionId, g.total])).toEqual([[FORK, 2]]);
		expect(await search("no-such-word-anywhere")).toEqual([]);
		expect(await search("   ")).toEqual([]);
	});

	it("finds thinking, tool calls and results, bash, summaries, labels and names", async () => {
		const where = async (q: string) => (await search(q)).map((g) => `${g.sessionId}:${g.hits.map((h) => h.entryId)}`);
		expect(await where("gigawatts exactly")).toEqual([`${FORK}:a0000003`, `${SRC}:a0000003`]); // thinking
		expect(await where("config/flux.toml")).toEqual([`${FORK}:a0000003`, `${SRC}:a0000003`]); // tool call
		expect(await where("export function parseZanzibar")).toEqual([`${LIB}:c0000003`]); // tool result
		expect(await where("quokka")).toEqual([`${LIB}:c0000004`]); // bash
		expect(await where("narwhal")).toEqual([`${LIB2}:d0000003`]); // compaction summary
		expect(await where("refactor-done")).toEqual([`${LIB}:c0000005,c0000006`]); // label and its target
		expect(await where("capacitor repairs")).toEqual([`${SRC}:a000000a`]); // session name
	});

	it("opens a hit's session at its entry, on a tip whose path holds it", async () => {
		await state().openSearchHit(SRC, "a0000007");
		expect(state()).toMatchObject({ focusedEntryId: "a0000007", selectedLeafId: "a0000007", linkError: null });
		expect(state().session?.key).toBe(SRC);
		// On the current leaf's path: that leaf stays selected.
		await state().openSearchHit(SRC, "a0000004");
		expect(state()).toMatchObject({ focusedEntryId: "a0000004", selectedLeafId: "a000000a" });
		await state().openSearchHit(FORK, "a0000004");
		expect(state()).toMatchObject({ focusedEntryId: "a0000004", selectedLeafId: "b0000004" });
		expect(state().session?.key).toBe(FORK);
	});

	it("forgets deleted sessions and reads the index again after a reload", async () => {
		await state().deleteSession(FORK);
		expect((await listIndexedKeys()).some((k) => k.sessionId === FORK)).toBe(false);
		expect((await search("clock tower")).map((g) => g.sessionId)).toEqual([SRC]);
		// A new page: the in-memory index is gone, the stored one answers.
		resetCorpus();
		useStore.setState({ searchQuery: "", searchResults: [] });
		const bodies = vi.spyOn(repo, "loadSessionBody");
		expect((await search("plutonium")).map((g) => g.sessionId)).toEqual([SRC]);
		expect(bodies).not.toHaveBeenCalled(); // searching reads the index, never a session body
		bodies.mockRestore();
	});

	it("indexes sessions stored without a doc (loaded one by one) in the background", async () => {
		const text = readFileSync(join(FIXTURES_DIR, "golden/branchy-legacy.jsonl"));
		await state().loadFiles([new File([text], "branchy.jsonl")]);
		await expect
			.poll(async () => (await listIndexedKeys()).some((k) => k.sessionId === "s23"), { timeout: 5000 })
			.toBe(true);
		await expect.poll(() => state().searchIndexing).toBeNull();
		expect((await search("ünïcödé")).map((g) => g.sessionId)).toContain("s23");
	});
});

describe("a file known to be unchanged (a linked folder's, same size and time as when synced)", () => {
	it("is reported unchanged without being read; one whose session is gone is read", async () => {
		await state().importFiles(folder("project"));
		const path = `project/--home-u-lib--/2026-01-03T08-00-00-000Z_${LIB}.jsonl`;
		// Content that would fail if it were read.
		const unreadable = new File(["[1,2,3]"], "x.jsonl");
		await state().importFiles([{ file: unreadable, path, unchanged: LIB }]);
		expect(state().importBatch?.results).toEqual([{ path, status: "unchanged", sessionId: LIB, entries: 6 }]);
		await state().importFiles([{ file: unreadable, path, unchanged: "not-stored" }]);
		expect(statuses(state())).toEqual({ [path]: "failed" });
	});
});
