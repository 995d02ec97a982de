import { describe, expect, it } from "vitest";
import { type DroppedEntry, readDroppedEntries } from "./droppedEntries";

const file = (name: string, fail = false) => ({
	isFile: true,
	isDirectory: false,
	name,
	file(ok: (f: File) => void, err?: (e: unknown) => void) {
		if (fail) err?.(new Error("gone"));
		else ok(new File([name], name));
	},
});

/** A directory whose reader hands out its children two at a time, as browsers do in batches. */
const dir = (name: string, children: DroppedEntry[]) => ({
	isFile: false,
	isDirectory: true,
	name,
	createReader() {
		let at = 0;
		return {
			readEntries(ok: (entries: DroppedEntry[]) => void) {
				const batch = children.slice(at, at + 2);
				at += batch.length;
				queueMicrotask(() => ok(batch));
			},
		};
	},
});

describe("readDroppedEntries", () => {
	it("walks folders recursively, reading every batch, with relative paths", async () => {
		const tree = dir("sessions", [
			file("a.jsonl"),
			dir("--home-u-app--", [file("1.jsonl"), file("2.jsonl"), file("3.jsonl"), dir("empty", [])]),
			file("notes.txt"),
		]);
		const { files, unreadable } = await readDroppedEntries([tree, file("loose.jsonl")]);
		expect(files.map((f) => f.path)).toEqual([
			"sessions/a.jsonl",
			"sessions/--home-u-app--/1.jsonl",
			"sessions/--home-u-app--/2.jsonl",
			"sessions/--home-u-app--/3.jsonl",
			"sessions/notes.txt",
			"loose.jsonl",
		]);
		expect(await files[1].file.text()).toBe("1.jsonl");
		expect(unreadable).toEqual([]);
	});

	it("lists files that cannot be read and goes on", async () => {
		const { files, unreadable } = await readDroppedEntries([dir("d", [file("bad.jsonl", true), file("ok.jsonl")])]);
		expect(files.map((f) => f.path)).toEqual(["d/ok.jsonl"]);
		expect(unreadable).toEqual(["d/bad.jsonl"]);
	});

	it("handles a deep folder chain without recursion", async () => {
		let node: DroppedEntry = file("deep.jsonl");
		for (let i = 0; i < 3000; i++) node = dir(`d${i}`, [node]);
		const { files } = await readDroppedEntries([node]);
		expect(files).toHaveLength(1);
		expect(files[0].path.split("/")).toHaveLength(3001);
	});
});
