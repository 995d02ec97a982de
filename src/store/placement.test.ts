import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { readFixture } from "../../test/fixtures";
import { createContentHasher } from "../core";
import type { SessionMeta } from "../storage/repository";
import { initialState, useStore } from ".";
import { hashPrefix, placed, placeSession } from "./placement";

const hash = (text: string) => {
	const h = createContentHasher();
	h.update(new TextEncoder().encode(text));
	return h.digest();
};
const stored = (id: string, text: string): SessionMeta => ({
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
	size: new TextEncoder().encode(text).length,
	contentHash: hash(text),
	version: 3,
});
const blob = (text: string) => new Blob([text]);

const BASE = '{"type":"session","id":"s"}\n{"id":"a"}\n';
const GROWN = `${BASE}{"id":"b"}\n`;
const OTHER = `${BASE}{"id":"c"}\n`;

describe("placing a file in the library", () => {
	it("hashes a prefix as the whole of those bytes would be hashed", async () => {
		expect(await hashPrefix(blob(GROWN), new TextEncoder().encode(BASE).length)).toBe(hash(BASE));
	});

	it("is new when nothing has its id, the same when a copy has its bytes", async () => {
		expect(await placeSession("s", blob(BASE), hash(BASE), [stored("t", BASE)])).toEqual({ kind: "new", key: "s" });
		const lib = [stored("s", BASE)];
		expect(await placeSession("s", blob(BASE), hash(BASE), lib)).toMatchObject({ kind: "same", key: "s" });
	});

	it("updates a stored copy whose bytes it continues", async () => {
		const lib = [stored("s", BASE)];
		expect(await placeSession("s", blob(GROWN), hash(GROWN), lib)).toMatchObject({ kind: "grown", key: "s" });
	});

	it("keeps a copy continued apart (or shorter) beside the stored one, saying which it diverged from", async () => {
		const lib = [stored("s", GROWN)];
		const other = await placeSession("s", blob(OTHER), hash(OTHER), lib);
		expect(other).toMatchObject({ kind: "diverged", key: `s~${hash(OTHER).slice(0, 8)}` });
		expect(placed(stored("s", OTHER), other)).toMatchObject({ id: other.key, divergedFrom: "s" });
		// An older (shorter) copy is not a continuation either.
		expect(await placeSession("s", blob(BASE), hash(BASE), lib)).toMatchObject({ kind: "diverged" });
	});

	it("updates the diverged copy when it grows, keeping what it diverged from", async () => {
		const key = `s~${hash(OTHER).slice(0, 8)}`;
		const lib = [stored("s", GROWN), { ...stored(key, OTHER), divergedFrom: "s" }];
		const more = `${OTHER}{"id":"d"}\n`;
		const p = await placeSession("s", blob(more), hash(more), lib);
		expect(p).toMatchObject({ kind: "grown", key });
		expect(placed(stored("s", more), p)).toMatchObject({ id: key, divergedFrom: "s" });
	});

	it("never reuses a key another session holds", async () => {
		const key = `s~${hash(OTHER).slice(0, 8)}`;
		const lib = [stored("s", GROWN), stored(key, "something else entirely")];
		const p = await placeSession("s", blob(OTHER), hash(OTHER), lib);
		expect(p.kind).toBe("diverged");
		expect(lib.map((m) => m.id)).not.toContain(p.key);
	});
});

describe("two files with one session id", () => {
	beforeEach(async () => {
		useStore.setState({ ...initialState, expanded: new Set() });
		await useStore.getState().refreshLibrary();
		for (const m of useStore.getState().library) await useStore.getState().deleteSession(m.id);
		useStore.setState({ ...initialState, expanded: new Set() });
	});

	const text = readFixture("golden/small-legacy.jsonl");
	const lines = text.trimEnd().split("\n");
	/** The session continued on another machine: its last line is a different entry. */
	const elsewhere = `${[...lines.slice(0, -1), lines[lines.length - 1].replace(/"summary":"[^"]*"/, '"summary":"continued elsewhere"')].join("\n")}\n`;
	const file = (t: string, name: string) => new File([t], name, { type: "application/jsonl" });

	it("are both kept when one does not continue the other, in one pick or one after the other", async () => {
		expect(elsewhere).not.toBe(text);
		const state = () => useStore.getState();
		await state().loadFiles([file(text, "laptop.jsonl"), file(elsewhere, "desktop.jsonl")]);
		const lib = state().library;
		expect(lib).toHaveLength(2);
		const copy = lib.find((m) => m.id !== "s11");
		expect(copy).toMatchObject({ fileName: "desktop.jsonl", divergedFrom: "s11" });
		expect(lib.find((m) => m.id === "s11")?.fileName).toBe("laptop.jsonl");
		expect(lib.every((m) => !m.reloads)).toBe(true);
		// The open one is the copy, stored under its own key; the original's bytes are untouched.
		expect(state().session?.key).toBe(copy?.id);
		// A grown original updates the original, not the copy.
		await state().loadFiles([file(`${text}${lines[1]}\n`, "laptop.jsonl")]);
		expect(state().library).toHaveLength(2);
		expect(state().library.find((m) => m.id === "s11")?.reloads).toBe(1);
	});
});
