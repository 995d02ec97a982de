import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { until } from "../../../test/until";
import { analyzeContext, parseSession } from "../../core";
import * as repo from "../../storage/repository";
import { initialState, useStore } from "..";
import { labFileName } from "./lab";

const SMALL = "golden/small-legacy.jsonl";

beforeEach(async () => {
	useStore.setState({ ...initialState, expanded: new Set() });
	await useStore.getState().refreshLibrary();
	for (const m of useStore.getState().library) await useStore.getState().deleteSession(m.id);
	useStore.setState({ ...initialState, expanded: new Set() });
	await useStore.getState().loadFiles([new File([readFixture(SMALL)], "small-legacy.jsonl")]);
});

/** The ids of the entries the open session's reader says the tip `leafId` reads. */
async function contextIds(leafId: string): Promise<string[]> {
	const session = useStore.getState().session;
	if (!session) throw new Error("no session");
	const { summary } = await session.reader.context(leafId);
	const window = await session.reader.rows(leafId, "entries", 0, summary.counts.entries);
	return window.rows.map((r) => (r.row === "entry" ? r.id : ""));
}

describe("what-if lab", () => {
	it("works on a scratch copy: the new compaction leads the context, undo restores, leaving restores", async () => {
		const original = useStore.getState().session;
		if (!original) throw new Error("not loaded");
		const parsed = parseSession(readFixture(SMALL));
		const tips = original.tips.map((t) => t.id);
		useStore.getState().selectLeaf(tips[0]);
		const storedBody = await (await repo.loadSessionBody(original.key))?.text();

		useStore.getState().enterLab();
		let s = useStore.getState();
		expect(s.session?.key).toBe(`lab:${original.key}`);
		expect(s.session?.stored).toBe(false);
		expect(s.selectedLeafId).toBe(tips[0]);

		const path = analyzeContext(parsed.entries, tips[0]).path.map((p) => parsed.entries[p].id);
		const kept = path[path.length - 2];
		s.labAppend(tips[0], { kind: "compaction", format: "legacy", keptEntryId: kept, summary: "What if we forgot?" });
		s = await until(() => (useStore.getState().lab?.added.length === 1 ? useStore.getState() : null));
		const added = s.lab?.added[0].id as string;
		expect(s.selectedLeafId).toBe(added);
		expect(s.session?.entryCount).toBe(original.entryCount + 1);
		expect(s.session?.leafId).toBe(added);
		expect((await contextIds(added)).slice(0, 2)).toEqual([added, kept]);
		expect(parsed.entries.some((e) => e.id === added)).toBe(false);
		// The copy's graph and tips are the worker's, with the added entry a tip of its own.
		expect(s.session?.tips.some((t) => t.id === added)).toBe(true);

		s.labUndo();
		s = await until(() => (useStore.getState().lab?.added.length === 0 ? useStore.getState() : null));
		expect(s.session?.entryCount).toBe(original.entryCount);
		expect(s.selectedLeafId).toBe(tips[0]);

		s.labAppend(tips[0], { kind: "message", role: "user", text: "and then?" });
		await until(() => useStore.getState().lab?.added.length === 1);
		useStore.getState().leaveLab();
		s = useStore.getState();
		expect(s.lab).toBeNull();
		expect(s.session?.key).toBe(original.key);
		expect(s.session?.reader.overlay).toEqual([]);
		expect(s.selectedLeafId).toBe(tips[0]);
		expect(await (await repo.loadSessionBody(original.key))?.text()).toBe(storedBody);
		expect(s.library.find((m) => m.id === original.key)?.entries).toBe(original.entryCount);
	});

	it("does nothing outside the lab, and forgets a lab whose copy was replaced", async () => {
		const s = useStore.getState();
		const before = s.session;
		s.labAppend("x", { kind: "message", role: "user", text: "no" });
		s.labUndo();
		expect(useStore.getState().session).toBe(before);
		s.enterLab();
		const key = before?.key as string;
		await useStore.getState().openStored(key);
		expect(useStore.getState().session?.key).toBe(key);
		useStore.getState().labAppend(key, { kind: "message", role: "user", text: "no" });
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(useStore.getState().session?.entryCount).toBe(before?.entryCount);
	});

	it("names the exported copy after the original", () => {
		expect(labFileName("run.jsonl")).toBe("run.what-if.jsonl");
		expect(labFileName("notes")).toBe("notes.what-if.jsonl");
	});
});
