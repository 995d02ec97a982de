import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { goldenNames, readFixture } from "../../test/fixtures";
import { hostOf } from "../../test/sessionHost";
import { getTreeIndex, type ParsedSession, parseSession, serializeSession } from "../core";

import { initialState, type OpenSession, useStore } from "../store";
import type { ExportKind } from "../store/shareFiles";
import { localView } from "../store/view";
import type { HostHandle } from "./client";
import { exportFromHost } from "./hostExport";
import type { SessionHost } from "./sessionHost";

/** The hosts the mocked `askExport` asks, by the handle's request id. */
const { hosts } = vi.hoisted(() => ({ hosts: new Map<number, SessionHost>() }));

// The page's question goes to the worker's code as the worker runs it, with no worker between.
vi.mock("./client", async (original) => {
	const actual = await original<typeof import("./client")>();
	return {
		...actual,
		askExport: vi.fn(async (handle: HostHandle, question: Parameters<typeof actual.askExport>[1]) => {
			const host = hosts.get(handle.requestId);
			if (!host) throw new Error("no host");
			// Through structured cloning, as a message to the worker would be.
			return (await import("./hostExport")).exportFromHost(host, structuredClone(question));
		}),
	};
});

/** The tips of a session: entries no other entry names as parent. */
function tips(parsed: ParsedSession): string[] {
	const parents = new Set(parsed.entries.map((e) => e.parentId));
	return parsed.entries.filter((e) => !parents.has(e.id) && e.type !== "label").map((e) => e.id);
}

const state = () => useStore.getState();

/** What the export dialog downloads for the open session (not redacted), as text. */
async function dialogExport(kind: ExportKind, leafId: string | null, redact = false): Promise<string> {
	if (leafId !== null) state().selectLeaf(leafId);
	await state().openExport(kind);
	for (let i = 0; i < 400 && state().shareDialog?.status === "preparing"; i++) {
		await new Promise((r) => setTimeout(r, 5));
	}
	const dialog = state().shareDialog;
	if (dialog?.status !== "ready") throw new Error(`export ${kind}: ${dialog?.status} ${dialog?.error}`);
	await state().setRedact(redact);
	const file = state().exportFile();
	if (!file) throw new Error("no file");
	state().closeShareDialog();
	return file.blob.text();
}

let nextRequestId = 1;

/** Opens `session` in the store, with its view worked out on the page. */
function openIn(session: OpenSession): void {
	state().openSession(session, localView(session.entries));
}

function fullSession(name: string, parsed: ParsedSession): OpenSession {
	return { ...parsed, key: name, fileName: `${name}.jsonl`, size: 0, contentHash: "", stored: false };
}

function leanSession(name: string, text: string, keepBytes = true): OpenSession {
	const { host, preview } = hostOf(text, keepBytes);
	const requestId = nextRequestId++;
	hosts.set(requestId, host);
	const entries = preview.entries;
	getTreeIndex(entries);
	return {
		header: preview.header,
		entries,
		leafId: entries.length > 0 ? entries[entries.length - 1].id : null,
		version: preview.version,
		issues: [],
		lines: [],
		migrated: false,
		key: name,
		fileName: `${name}.jsonl`,
		size: text.length,
		contentHash: "",
		stored: false,
		partial: true,
		lean: true,
		// A worker that is gone: the page lets nothing go (the questions are mocked).
		host: { requestId, entryCount: 0, worker: { dead: true } },
		leanChecks: "done",
	};
}

/** A random source that gives the same numbers from every reset (label ids come from it). */
function seeded() {
	let n = 0;
	return () => {
		n = (n * 9301 + 49297) % 233280;
		return n / 233280;
	};
}

beforeEach(() => {
	useStore.setState({ ...initialState, expanded: new Set() });
	vi.spyOn(crypto, "randomUUID").mockReturnValue("00000000-0000-4000-8000-000000000000");
	vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-02T03:04:05.000Z") });
});

afterEach(() => {
	vi.useRealTimers();
	vi.restoreAllMocks();
});

const CASES = [
	...goldenNames().map((n) => `golden/${n}`),
	// Older versions: migrated as the full parse migrates them (v1 with and without compactions).
	"pi-mono/large-session",
	"pi-mono/before-compaction",
	// Labels on paths, odd payloads.
	"hostile/payloads",
	// Likely secrets: redacted alike.
	"share/fake-keys",
];

describe.each(CASES)("lean export of %s", (name) => {
	const text = readFixture(`${name}.jsonl`);
	const parsed = parseSession(text);
	const leaves = [
		parsed.leafId,
		...tips(parsed)
			.filter((id) => id !== parsed.leafId)
			.slice(0, 4),
	];

	/** The dialog's export of the session parsed in full, then of the same session opened lean. */
	async function both(
		kind: ExportKind,
		leafId: string | null,
		keepBytes = true,
		redact = false,
	): Promise<[string, string]> {
		vi.spyOn(Math, "random").mockImplementation(seeded());
		openIn(fullSession(name, parsed));
		const full = await dialogExport(kind, leafId, redact);
		vi.spyOn(Math, "random").mockImplementation(seeded());
		openIn(leanSession(name, text, keepBytes));
		const lean = await dialogExport(kind, leafId, redact);
		return [full, lean];
	}

	it("the whole session is the full parse's", async () => {
		const [full, lean] = await both("session", null);
		expect(lean).toBe(full);
		// Of the current version: the file's own bytes; older: migrated entries written out.
		if (parsed.version >= 3) expect(lean).toBe(text);
		else expect(lean).toBe(serializeSession(parsed.header, parsed.entries));
	});

	it.each(leaves)("the branch to %s is the full parse's", async (leaf) => {
		const [full, lean] = await both("branch", leaf);
		expect(lean).toBe(full);
		expect(lean.split("\n").length).toBeGreaterThan(2);
	});

	it.each(leaves)("the payload at %s is the full parse's", async (leaf) => {
		const [full, lean] = await both("payload", leaf);
		expect(lean).toBe(full);
		expect(JSON.parse(lean).length).toBeGreaterThan(0);
	});

	it("redacted, every export is the full parse's redacted one (a lean file's redacted as it streams)", async () => {
		const leaf = leaves[leaves.length - 1];
		for (const kind of ["session", "branch", "payload"] as const) {
			const [full, lean] = await both(kind, leaf, true, true);
			expect(lean).toBe(full);
			if (name === "share/fake-keys" && kind === "session") expect(lean).toContain("[REDACTED:");
		}
	});

	it("a host that kept no bytes while scanning (a file of gigabytes) exports the same", async () => {
		const leaf = leaves[leaves.length - 1];
		for (const kind of ["session", "branch", "payload"] as const) {
			const [full, lean] = await both(kind, leaf, false);
			expect(lean).toBe(full);
		}
	});
});

describe("exportFromHost", () => {
	it("writes a large older session in steps, each entry once, in file order", async () => {
		// v1: every entry migrated; more entry bytes than one step holds.
		const big = "x".repeat(300_000);
		const lines = [JSON.stringify({ type: "session", id: "s", timestamp: "2026-01-01T00:00:00Z", cwd: "/" })];
		for (let i = 0; i < 40; i++) {
			lines.push(
				JSON.stringify({
					type: "message",
					timestamp: "2026-01-01T00:00:00Z",
					message: { role: i % 2 === 0 ? "user" : "assistant", content: [{ type: "text", text: `${i} ${big}` }] },
				}),
			);
		}
		const text = `${lines.join("\n")}\n`;
		const parsed = parseSession(text);
		const { host } = hostOf(text);
		const blob = await exportFromHost(host, { kind: "session", leafId: null });
		expect(await blob.text()).toBe(serializeSession(parsed.header, parsed.entries));
		const branch = await exportFromHost(host, {
			kind: "branch",
			leafId: parsed.entries[20].id,
			branch: { sessionId: "b", timestamp: "2026-01-02T00:00:00Z" },
		});
		const written = (await branch.text())
			.trim()
			.split("\n")
			.map((l) => JSON.parse(l));
		expect(written.slice(1)).toEqual(parsed.entries.slice(0, 21));
		expect(written[0]).toEqual({ type: "session", version: 3, id: "b", timestamp: "2026-01-02T00:00:00Z", cwd: "/" });
	});

	it("a null leaf's branch is the header alone, as core exportBranch writes it", async () => {
		const text = readFixture("golden/small-legacy.jsonl");
		const { host } = hostOf(text);
		const blob = await exportFromHost(host, {
			kind: "branch",
			leafId: null,
			branch: { sessionId: "b", timestamp: "t" },
		});
		expect((await blob.text()).trim().split("\n")).toHaveLength(1);
	});
});
