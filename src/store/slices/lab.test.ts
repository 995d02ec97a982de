import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { analyzeContext, buildContextEntries, getTreeIndex } from "../../core";
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

describe("what-if lab", () => {
	it("works on a scratch copy: the new compaction leads the context, undo restores, leaving restores", async () => {
		const original = useStore.getState().session;
		if (!original) throw new Error("not loaded");
		const tips = getTreeIndex(original.entries).leaves.map((p) => original.entries[p].id);
		useStore.getState().selectLeaf(tips[0]);
		const storedBody = await (await repo.loadSessionBody(original.key))?.text();

		useStore.getState().enterLab();
		let s = useStore.getState();
		expect(s.session?.key).toBe(`lab:${original.key}`);
		expect(s.session?.stored).toBe(false);
		expect(s.selectedLeafId).toBe(tips[0]);

		const path = analyzeContext(original.entries, tips[0]).path.map((p) => original.entries[p].id);
		const kept = path[path.length - 2];
		s.labAppend(tips[0], { kind: "compaction", format: "legacy", keptEntryId: kept, summary: "What if we forgot?" });
		s = useStore.getState();
		const added = s.lab?.added[0] as string;
		expect(s.selectedLeafId).toBe(added);
		expect(s.session?.entries.length).toBe(original.entries.length + 1);
		expect(s.session?.leafId).toBe(added);
		const context = buildContextEntries(s.session?.entries ?? [], added).map((e) => e.id);
		expect(context.slice(0, 2)).toEqual([added, kept]);
		expect(original.entries.some((e) => e.id === added)).toBe(false);

		s.labUndo();
		s = useStore.getState();
		expect(s.session?.entries.map((e) => e.id)).toEqual(original.entries.map((e) => e.id));
		expect(s.selectedLeafId).toBe(tips[0]);
		expect(s.lab?.history).toEqual([]);

		s.labAppend(tips[0], { kind: "message", role: "user", text: "and then?" });
		useStore.getState().leaveLab();
		s = useStore.getState();
		expect(s.lab).toBeNull();
		expect(s.session).toBe(original);
		expect(s.selectedLeafId).toBe(tips[0]);
		expect(await (await repo.loadSessionBody(original.key))?.text()).toBe(storedBody);
		expect(s.library.find((m) => m.id === original.key)?.entries).toBe(original.entries.length);
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
		expect(useStore.getState().session?.entries.length).toBe(before?.entries.length);
	});

	it("names the exported copy after the original", () => {
		expect(labFileName("run.jsonl")).toBe("run.what-if.jsonl");
		expect(labFileName("notes")).toBe("notes.what-if.jsonl");
	});
});
