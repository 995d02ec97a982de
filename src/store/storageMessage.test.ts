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

	it("does not contradict the estimate when it has room for the file", () => {
		const text = storageMessage(quota, file, { used: 24_000_000, available: 10_737_418_240 });
		expect(text).toContain(
			"browser storage is full for it, though by the browser's estimate 10.0 GB are free (in use: 23 MB): the browser holds less than it says, as a private window does",
		);
		expect(text).not.toContain("available by the browser's estimate");
		expect(text).toContain("It is open in this page but not saved. Delete sessions from the library to make room");
	});

	it("says full where the estimate is unknown", () => {
		expect(storageMessage(quota, file, null)).toContain("browser storage is full.");
		expect(storageMessage(quota, file, { used: 1, available: null })).toContain("browser storage is full");
	});
});
