import { describe, expect, it } from "vitest";
import { StorageError } from "../storage/repository";
import { storageMessage } from "./storageMessage";

const quota = new StorageError("quota", "the browser has no more storage space for this site");
const file = { fileName: "huge.jsonl", size: 2_000_000_000 };

describe("the message for a session the browser would not store", () => {
	it("says storage is full when the browser's estimate has no room for the file", () => {
		const text = storageMessage(quota, file, { used: 9_000_000_000, available: 10_000_000_000 });
		expect(text).toMatch(/^Could not store huge\.jsonl \(1\.9 GB\): browser storage is full \(in use: /);
		expect(text).toContain("Delete sessions from the library to make room, then press Save next to it");
	});

	it("does not say full, nor ask for deletions, when the estimate has room for it", () => {
		const text = storageMessage(quota, file, { used: 24_000_000, available: 10_737_418_240 });
		expect(text).not.toContain("full");
		expect(text).not.toContain("Delete sessions");
		expect(text).toContain(
			"the browser refused it for lack of room, though by its estimate 10.0 GB are free (in use: 23 MB)",
		);
		expect(text).toContain("It is open in this page but not saved.");
		expect(text).toContain("private window");
	});

	it("says full where the estimate is unknown", () => {
		expect(storageMessage(quota, file, null)).toContain("browser storage is full.");
		expect(storageMessage(quota, file, { used: 1, available: null })).toContain("browser storage is full");
	});
});
