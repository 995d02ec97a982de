import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialState, useStore } from "..";

const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "public", "examples");
const requested: string[] = [];

beforeEach(async () => {
	requested.length = 0;
	// The app's own examples folder, served as a static host would (relative URLs only).
	vi.stubGlobal("fetch", async (url: string) => {
		requested.push(url);
		const name = decodeURIComponent(url.replace(/^examples\//, ""));
		try {
			return new Response(readFileSync(join(EXAMPLES, name), "utf8"));
		} catch {
			return new Response("missing", { status: 404 });
		}
	});
	useStore.setState({ ...initialState, expanded: new Set() });
	await useStore.getState().refreshLibrary();
	for (const m of useStore.getState().library) await useStore.getState().deleteSession(m.id);
	useStore.setState({ ...initialState, expanded: new Set() });
});

afterEach(() => vi.unstubAllGlobals());

describe("example gallery", () => {
	it("lists the examples once, from a relative URL", async () => {
		await useStore.getState().loadExamples();
		await useStore.getState().loadExamples();
		expect(useStore.getState().examples?.length).toBe(12);
		expect(requested).toEqual(["examples/index.json"]);
	});

	it("opens an example through the load path: stored, open, with its lesson", async () => {
		await useStore.getState().loadExamples();
		useStore.getState().setGalleryOpen(true);
		await useStore.getState().openExample("02-legacy-compaction.jsonl");
		const s = useStore.getState();
		expect(requested).toContain("examples/02-legacy-compaction.jsonl");
		expect(s.session?.fileName).toBe("02-legacy-compaction.jsonl");
		expect(s.session?.stored).toBe(true);
		expect(s.library.map((m) => m.id)).toEqual([s.session?.key]);
		expect(s.lessons.get(s.session?.key as string)?.title).toBe("Legacy compaction (firstKeptEntryId)");
		expect(s.galleryOpen).toBe(false);
		expect(s.exampleLoading).toBeNull();
		s.dismissLesson(s.session?.key as string);
		expect(useStore.getState().lessons.size).toBe(0);
	});

	it("selects the example's suggested leaf", async () => {
		await useStore.getState().loadExamples();
		const examples = useStore.getState().examples ?? [];
		useStore.setState({ examples: examples.map((e) => (e.file.startsWith("05") ? { ...e, leaf: "e5000004" } : e)) });
		await useStore.getState().openExample("05-branch-summary.jsonl");
		expect(useStore.getState().selectedLeafId).toBe("e5000004");
	});

	it("reports an example that cannot be fetched and keeps the page usable", async () => {
		useStore.setState({ examples: [{ file: "gone.jsonl", title: "Gone", rule: "r", explanation: "e" }] });
		await useStore.getState().openExample("gone.jsonl");
		const s = useStore.getState();
		expect(s.examplesError).toMatch(/gone\.jsonl could not be opened: the server answered 404/);
		expect(s.session).toBeNull();
		expect(s.exampleLoading).toBeNull();
	});

	it("an unknown file name fetches nothing", async () => {
		await useStore.getState().loadExamples();
		await useStore.getState().openExample("../../secret.jsonl");
		expect(requested).toEqual(["examples/index.json"]);
	});
});

describe("centre modes", () => {
	it("explainer, compare and gallery take turns", () => {
		const s = useStore.getState();
		s.setExplainStep(2);
		expect(useStore.getState().explainStep).toBe(2);
		s.setCompare({ a: "x", b: "y" });
		expect(useStore.getState()).toMatchObject({ explainStep: null, compare: { a: "x", b: "y" } });
		s.setGalleryOpen(true);
		expect(useStore.getState()).toMatchObject({ explainStep: null, compare: null, galleryOpen: true });
		s.setExplainStep(0);
		expect(useStore.getState()).toMatchObject({ explainStep: 0, galleryOpen: false });
		s.setExplainStep(null);
		expect(useStore.getState().explainStep).toBeNull();
	});
});
