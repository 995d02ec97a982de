import { describe, expect, it } from "vitest";
import { folderOrigins, planFolderSync, recordFolderSync } from "./folderSync";

const file = (name: string, text: string, lastModified: number) => new File([text], name, { lastModified });

describe("planning a linked folder's sync", () => {
	const a = { path: "s/a.jsonl", file: file("a.jsonl", "aaaa", 100) };
	const b = { path: "s/sub/b.jsonl", file: file("b.jsonl", "bbbbbb", 200) };
	const synced = {
		"s/a.jsonl": { size: 4, lastModified: 100, sessionId: "A" },
		"s/sub/b.jsonl": { size: 4, lastModified: 150, sessionId: "B" },
		"s/gone.jsonl": { size: 1, lastModified: 1, sessionId: "G" },
	};

	it("skips a file with the size and time it had when synced, reads one that changed or is new", () => {
		const c = { path: "s/c.jsonl", file: file("c.jsonl", "c", 1) };
		const { sources, gone } = planFolderSync([a, b, c], synced, new Set(["A", "B"]));
		expect(sources.map((s) => [s.path, s.unchanged])).toEqual([
			["s/a.jsonl", "A"],
			["s/sub/b.jsonl", undefined],
			["s/c.jsonl", undefined],
		]);
		expect(gone).toEqual(["s/gone.jsonl"]);
	});

	it("reads a file again when its session was deleted from the library", () => {
		const { sources } = planFolderSync([a], synced, new Set(["B"]));
		expect(sources[0].unchanged).toBeUndefined();
	});

	it("takes no path for an object key (a file named __proto__ or constructor)", () => {
		const odd = { path: "constructor", file: file("constructor", "x", 1) };
		const { sources } = planFolderSync([odd], {}, new Set());
		expect(sources[0].unchanged).toBeUndefined();
	});

	it("remembers what went to a stored session, not what failed, and not files gone from the listing", () => {
		const record = recordFolderSync(
			[a, b],
			[
				{ path: "s/a.jsonl", status: "unchanged", sessionId: "A" },
				{ path: "s/sub/b.jsonl", status: "failed", reason: "JSON array" },
				{ path: "elsewhere.jsonl", status: "imported", sessionId: "E" },
			],
		);
		expect({ ...record }).toEqual({ "s/a.jsonl": { size: 4, lastModified: 100, sessionId: "A" } });
		expect(folderOrigins(record).get("A")).toBe("s/a.jsonl");
	});
});
