import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { parseSession } from "../../core";
import type { OpenSession } from "../../store";
import { sameForView } from "./useSession";

const session = (): OpenSession => ({
	...parseSession(readFixture("golden/branchy-legacy.jsonl")),
	key: "k",
	fileName: "k.jsonl",
	size: 10,
	contentHash: "",
	stored: false,
});

describe("sameForView", () => {
	it("holds across storing, hashing and late issues, not across what the view draws", () => {
		const open = session();
		expect(sameForView(open, open)).toBe(true);
		expect(sameForView(open, null)).toBe(false);
		expect(sameForView(null, null)).toBe(true);
		expect(sameForView(open, { ...open, stored: true, contentHash: "abc", size: 11 })).toBe(true);
		expect(sameForView(open, { ...open, issues: [], leanChecks: "done", grownIssues: [] })).toBe(true);
		expect(sameForView(open, { ...open, entries: [...open.entries] })).toBe(false);
		expect(sameForView(open, { ...open, key: "other" })).toBe(false);
		expect(sameForView(open, { ...open, lean: true })).toBe(false);
		expect(sameForView(open, { ...open, fileName: "renamed.jsonl" })).toBe(false);
	});
});
