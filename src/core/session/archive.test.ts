import { describe, expect, it } from "vitest";
import { archiveKey, isSessionFileName, readArchiveName } from "./archive";

describe("archived session names", () => {
	it("reads OpenClaw's reset archives: the live name, the reason and the time", () => {
		expect(readArchiveName("agents/main/sessions/abc.jsonl.reset.2026-04-01T09-30-00.000Z")).toEqual({
			liveFileName: "abc.jsonl",
			reason: "reset",
			stamp: "2026-04-01T09-30-00.000Z",
			time: "2026-04-01T09:30:00.000Z",
		});
		expect(readArchiveName("abc.jsonl.deleted.2026-04-01T09:30:00+02:00")?.time).toBe("2026-04-01T07:30:00.000Z");
	});

	it("keeps a stamp it cannot read as a time, and rejects other names", () => {
		expect(readArchiveName("abc.jsonl.bak.old")).toEqual({ liveFileName: "abc.jsonl", reason: "bak", stamp: "old" });
		expect(readArchiveName("abc.jsonl")).toBeNull();
		expect(readArchiveName("abc.json.reset.2026")).toBeNull();
		expect(readArchiveName("notes.txt")).toBeNull();
	});

	it("counts archives as session files, and stores them beside the live session", () => {
		expect(isSessionFileName("a/b.JSONL")).toBe(true);
		expect(isSessionFileName("a/b.jsonl.reset.2026-04-01T09-30-00.000Z")).toBe(true);
		expect(isSessionFileName("a/b.txt")).toBe(false);
		const archive = readArchiveName("id.jsonl.reset.T1");
		expect(archive && archiveKey("id", archive)).toBe("id:reset:T1");
	});
});
