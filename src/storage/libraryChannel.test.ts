import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { onLibraryChange } from "./libraryChannel";
import { deleteSession, renameSession, type SessionMeta, saveSession } from "./repository";

/** Another tab: a channel of its own on the same name. */
function otherTab() {
	const channel = new BroadcastChannel("session-explorer-library-v1");
	const heard: unknown[] = [];
	channel.onmessage = (e) => heard.push(e.data);
	return { channel, heard };
}

const meta = (id: string): SessionMeta => ({
	id,
	fileName: `${id}.jsonl`,
	title: id,
	cwd: "",
	created: "",
	modified: "",
	storedAt: 1,
	entries: 1,
	leaves: 1,
	compactions: 0,
	size: 2,
	contentHash: "h",
	version: 3,
});

const until = async (check: () => boolean) => {
	for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

const open: { close(): void }[] = [];
afterEach(() => {
	for (const c of open.splice(0)) c.close();
});

describe("library changes reach other tabs", () => {
	it("every write (store, rename, delete) is announced", async () => {
		const tab = otherTab();
		open.push(tab.channel);
		await saveSession(meta("chan-a"), "{}");
		await renameSession("chan-a", "named");
		await deleteSession("chan-a");
		await until(() => tab.heard.length >= 3);
		expect(tab.heard).toHaveLength(3);
		expect(tab.heard[0]).toMatchObject({ type: "library-changed" });
	});

	it("a listener hears other tabs, not its own page's announcements", async () => {
		let calls = 0;
		const stop = onLibraryChange(() => calls++);
		open.push({ close: stop });
		await saveSession(meta("chan-b"), "{}");
		await new Promise((r) => setTimeout(r, 50));
		expect(calls).toBe(0);
		const tab = otherTab();
		open.push(tab.channel);
		tab.channel.postMessage({ type: "library-changed", sender: "another-tab" });
		tab.channel.postMessage({ type: "something-else", sender: "another-tab" });
		await until(() => calls > 0);
		await new Promise((r) => setTimeout(r, 30));
		expect(calls).toBe(1);
		stop();
		tab.channel.postMessage({ type: "library-changed", sender: "another-tab" });
		await new Promise((r) => setTimeout(r, 50));
		expect(calls).toBe(1);
	});
});
