import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readFixture } from "../../../test/fixtures";
import { startServer } from "../../../test/staticServer";
import {
	buildTreeIndex,
	decodeShare,
	encodeShare,
	MAX_SHARE_FRAGMENT_CHARS,
	parseSession,
	scanSecrets,
} from "../../core";
import * as repo from "../../storage/repository";
import { ScanCancelled, scanSecretsOffThread } from "../../workers/secretsClient";
import { initialState, useStore } from "..";
import { parseHash } from "../address";

// The real scan, watched: a test checks the dialog hands it a signal and aborts it on close.
vi.mock("../../workers/secretsClient", async (original) => {
	const actual = await original<typeof import("../../workers/secretsClient")>();
	return { ...actual, scanSecretsOffThread: vi.fn(actual.scanSecretsOffThread) };
});

const file = (relative: string) =>
	new File([readFixture(relative)], relative.split("/").pop() as string, { type: "application/jsonl" });

const KEYS = "share/fake-keys.jsonl";
const keysText = readFixture(KEYS);
const SECRETS = ["AKIAIOSFODNN7EXAMPLE", "sk-ant-api03-", "ghp_FAKE", "alice@example.com"];

const state = () => useStore.getState();
const dialog = () => {
	const d = state().shareDialog;
	if (!d) throw new Error("no dialog");
	return d;
};
/** Waits until the dialog's async work has settled. */
async function settled() {
	for (let i = 0; i < 200; i++) {
		const d = state().shareDialog;
		if (d && d.status !== "preparing" && d.link?.status !== "building") return d;
		await new Promise((r) => setTimeout(r, 5));
	}
	throw new Error("the dialog never settled");
}
const linkOf = (d: ReturnType<typeof dialog>) => {
	if (d.link?.status !== "ready") throw new Error(`no link: ${JSON.stringify(d.link)}`);
	return d.link.link;
};

beforeEach(async () => {
	useStore.setState({ ...initialState, expanded: new Set() });
	await state().refreshLibrary();
	for (const m of state().library) await state().deleteSession(m.id);
	useStore.setState({ ...initialState, expanded: new Set() });
});

describe("sharing a local session", () => {
	it("lists the secrets, and the link carries the redacted copy with the selected leaf", async () => {
		await state().loadFiles([file(KEYS)]);
		state().selectLeaf("e0000005");
		await state().openShare();
		const d = await settled();
		expect(d.hits.map((h) => h.kind)).toEqual(["aws-access-key", "email", "anthropic-key", "github-token"]);
		expect(d.redact).toBe(true);
		const link = new URL(linkOf(d));
		const parts = parseHash(link.hash);
		expect(parts).toMatchObject({ name: "fake-keys.jsonl", leaf: "e0000005" });
		expect(link.hash.length - 1).toBeLessThanOrEqual(MAX_SHARE_FRAGMENT_CHARS);
		const shared = await decodeShare(parts.share as string);
		for (const secret of SECRETS) expect(shared).not.toContain(secret);
		expect(shared).toContain("[REDACTED:aws-access-key]");
		expect(scanSecrets(shared)).toEqual([]);
		// Same tree: every entry id survives, every line is still JSON.
		expect(parseSession(shared).entries.map((e) => e.id)).toEqual(parseSession(keysText).entries.map((e) => e.id));
		expect(parseSession(shared).issues).toEqual([]);
		// The stored original keeps its secrets.
		expect(await (await repo.loadSessionBody("fake-keys-0001"))?.text()).toBe(keysText);
	});

	it("carries the original when redaction is turned off", async () => {
		await state().loadFiles([file(KEYS)]);
		await state().openShare();
		await settled();
		await state().setRedact(false);
		const d = await settled();
		expect(await decodeShare(parseHash(new URL(linkOf(d)).hash).share as string)).toBe(keysText);
	});

	it("keeps a redaction choice made while the draft is still being prepared", async () => {
		await state().loadFiles([file(KEYS)]);
		const opening = state().openShare();
		expect(dialog().status).toBe("preparing");
		await state().setRedact(false);
		await opening;
		const d = await settled();
		expect(d).toMatchObject({ status: "ready", redact: false });
		expect(d.hits.length).toBeGreaterThan(0);
		expect(await decodeShare(parseHash(new URL(linkOf(d)).hash).share as string)).toBe(keysText);
	});

	it("says how big a session is that does not fit in a link", async () => {
		await state().loadFiles([file("pi-mono/large-session.jsonl")]);
		await state().openShare();
		const d = await settled();
		expect(d.link).toMatchObject({ status: "too-big", bytes: expect.any(Number) });
		if (d.link?.status !== "too-big") throw new Error("unreachable");
		expect(d.link.chars).toBeGreaterThan(MAX_SHARE_FRAGMENT_CHARS);
	});

	it("opens a shared link not saved, apart from the original, and stores it only when asked", async () => {
		await state().loadFiles([file(KEYS)]);
		state().selectLeaf("e0000005");
		await state().openShare();
		const hash = new URL(linkOf(await settled())).hash;
		state().closeShareDialog();
		await state().openAddress({ link: parseHash(hash) });
		const s = state();
		const key = s.session?.key as string;
		expect(key).toMatch(/^fake-keys-0001~[0-9a-f]{8}$/);
		expect(s.session).toMatchObject({ fileName: "fake-keys.jsonl", stored: false });
		expect(s.session?.share?.payload).toBe(parseHash(hash).share);
		expect(s.selectedLeafId).toBe("e0000005");
		// Nothing stored behind the user's back: the library is as it was, the copy is listed apart.
		expect(s.library.map((m) => m.id)).toEqual(["fake-keys-0001"]);
		expect(s.unsaved.map((m) => m.id)).toEqual([key]);
		expect(s.unsavedFromLink.has(key)).toBe(true);
		expect((await repo.listSessions()).sessions.map((m) => m.id)).toEqual(["fake-keys-0001"]);
		// The same link again (a reload) opens it again, still not saved, still one copy.
		await state().openAddress({ link: parseHash(hash) });
		expect(state().unsaved).toHaveLength(1);
		expect(state().library).toHaveLength(1);
		// Saved, it is a library session of its own; the original is untouched.
		expect(await state().saveUnsaved(key)).toBe(true);
		expect(
			state()
				.library.map((m) => m.id)
				.sort(),
		).toEqual(["fake-keys-0001", key].sort());
		expect(state().unsavedFromLink.size).toBe(0);
		expect(await (await repo.loadSessionBody("fake-keys-0001"))?.text()).toBe(keysText);
		// The link once more opens the saved copy, adding nothing.
		await state().openAddress({ link: parseHash(hash) });
		expect(state().session).toMatchObject({ key, stored: true });
		expect(state().library).toHaveLength(2);
		expect(state().unsaved).toHaveLength(0);
	});

	it("refuses a link bomb with a clear message, storing and opening nothing", async () => {
		const bomb = await encodeShare("a".repeat(64 * 1024 * 1024));
		expect(await state().loadShared(bomb, "bomb.jsonl")).toBe(false);
		expect(state().loadErrors).toEqual([
			{
				id: expect.any(Number),
				fileName: "bomb.jsonl (shared link)",
				reason: expect.stringMatching(/more than 16 MB/),
			},
		]);
		expect(state().session).toBeNull();
		expect(state().unsaved).toEqual([]);
		expect((await repo.listSessions()).sessions).toEqual([]);
	});

	it("closing the dialog stops its secret scan", async () => {
		await state().loadFiles([file(KEYS)]);
		const scan = vi.mocked(scanSecretsOffThread);
		scan.mockClear();
		// A scan that takes as long as it is let: it ends only when its signal aborts.
		scan.mockImplementationOnce(
			(_source, signal) =>
				new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(new ScanCancelled()))),
		);
		const opening = state().openShare();
		await vi.waitFor(() => expect(scan).toHaveBeenCalled());
		const signal = scan.mock.calls[0][1];
		expect(signal?.aborted).toBe(false);
		state().closeShareDialog();
		expect(signal?.aborted).toBe(true);
		await opening;
		expect(state().shareDialog).toBeNull();
	});

	it("reports a damaged share link as a load error", async () => {
		expect(await state().loadShared("1.####", "x.jsonl")).toBe(false);
		expect(state().loadErrors).toEqual([
			{ id: expect.any(Number), fileName: "x.jsonl (shared link)", reason: expect.stringContaining("damaged") },
		]);
		expect(state().session).toBeNull();
	});
});

describe("exports", () => {
	beforeEach(async () => {
		await state().loadFiles([file(KEYS)]);
	});

	it("exports the original bytes unless asked to redact", async () => {
		await state().openExport("session");
		await settled();
		const redacted = state().exportFile();
		expect(redacted?.fileName).toBe("fake-keys.redacted.jsonl");
		expect(await redacted?.blob.text()).not.toContain("AKIAIOSFODNN7EXAMPLE");
		await state().setRedact(false);
		const original = state().exportFile();
		expect(original?.fileName).toBe("fake-keys.jsonl");
		expect(await original?.blob.text()).toBe(keysText);
	});

	it("exports the selected branch as a new session naming its parent", async () => {
		state().selectLeaf("e0000008");
		await state().openExport("branch");
		const d = await settled();
		expect(d.hits.map((h) => h.kind)).toEqual(["aws-access-key", "email"]);
		const out = state().exportFile();
		expect(out?.fileName).toBe("fake-keys.branch-e0000008.redacted.jsonl");
		const lines =
			(await out?.blob.text())
				?.trim()
				.split("\n")
				.map((l) => JSON.parse(l)) ?? [];
		expect(lines[0]).toMatchObject({
			type: "session",
			version: 3,
			parentSession: "fake-keys.jsonl",
			cwd: "/work/demo",
		});
		expect(lines[0].id).toMatch(/^[0-9a-f-]{36}$/);
		// The path without its label entry, then the label re-written after the leaf.
		expect(lines.slice(1, -1).map((e) => e.id)).toEqual(["e0000001", "e0000002", "e0000006", "e0000007"]);
		expect(lines.at(-1)).toMatchObject({ type: "label", targetId: "e0000006", label: "refusal", parentId: "e0000007" });
	});

	it("exports the provider payload of the selected leaf as JSON", async () => {
		const golden = "golden/small-legacy";
		await state().loadFiles([file(`${golden}.jsonl`)]);
		const expected = JSON.parse(readFixture(`${golden}.expected.json`));
		const parsed = parseSession(readFixture(`${golden}.jsonl`));
		for (const pos of buildTreeIndex(parsed.entries).leaves) {
			const leaf = parsed.entries[pos].id;
			state().selectLeaf(leaf);
			await state().openExport("payload");
			await settled();
			const out = state().exportFile();
			await state().setRedact(false);
			expect(JSON.parse((await state().exportFile()?.blob.text()) ?? "")).toEqual(expected.leaves[leaf].llm);
			expect(out?.fileName).toMatch(new RegExp(`^small-legacy\\.payload-${leaf}(\\.redacted)?\\.json$`));
			state().closeShareDialog();
		}
	});
});

describe("sessions from a URL", () => {
	let server: Awaited<ReturnType<typeof startServer>>;
	beforeAll(async () => {
		server = await startServer((req, res) => {
			if (req.url === "/s/fake-keys.jsonl") {
				res.writeHead(200, { "content-type": "application/jsonl" });
				res.end(keysText);
			} else if (req.url === "/array.json") {
				res.writeHead(200, { "content-type": "application/json" });
				res.end("[1,2]");
			} else {
				res.writeHead(404);
				res.end();
			}
		});
	});
	afterAll(() => server.close());

	it("opens the session not saved with its URL, selects the linked leaf, and shares a ?url= link", async () => {
		const url = `${server.origin}/s/fake-keys.jsonl`;
		await state().openAddress({ url, link: { leaf: "e0000007" } });
		const s = state();
		expect(s.loadErrors).toEqual([]);
		expect(s.session).toMatchObject({
			key: "fake-keys-0001",
			fileName: "fake-keys.jsonl",
			sourceUrl: url,
			stored: false,
		});
		expect(s.library).toEqual([]);
		expect(s.unsaved[0]).toMatchObject({ id: "fake-keys-0001", sourceUrl: url });
		expect(s.selectedLeafId).toBe("e0000007");
		await state().openShare();
		const link = new URL(linkOf(await settled()));
		expect(link.searchParams.get("url")).toBe(url);
		expect(parseHash(link.hash)).toEqual({ leaf: "e0000007" });
		state().closeShareDialog();
		// Saved when asked, with its URL.
		expect(await state().saveUnsaved("fake-keys-0001")).toBe(true);
		expect(state().library[0]).toMatchObject({ id: "fake-keys-0001", sourceUrl: url });
		expect(state().session?.stored).toBe(true);
	});

	it("names the URL and the reason when it cannot be opened", async () => {
		await state().openAddress({ url: `${server.origin}/missing.jsonl`, link: { leaf: "x" } });
		await state().loadUrl(`${server.origin}/array.json`);
		await state().loadUrl("ftp://example.com/s.jsonl");
		expect(state().loadErrors.map(({ fileName, reason }) => ({ fileName, reason }))).toEqual([
			{ fileName: `${server.origin}/missing.jsonl`, reason: "HTTP 404 Not Found" },
			{ fileName: `${server.origin}/array.json`, reason: expect.stringContaining("JSON array") },
			{ fileName: "ftp://example.com/s.jsonl", reason: expect.stringContaining("only http and https") },
		]);
		expect(state().session).toBeNull();
		expect(state().linkError).toBeNull();
	});
});
