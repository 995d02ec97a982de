import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIXTURES_DIR } from "../../test/fixtures";
import { HostingWorker } from "../../test/hostingWorker";
import { comparedByHost } from "../../test/sessionHost";
import {
	analyzeContext,
	buildGraph,
	convertToLlm,
	createPreviewScanner,
	dialectOf,
	entrySearchText,
	findEntries,
	getTreeIndex,
	graphParts,
	parseSession,
	type SessionPreview,
	serializeSession,
	summarizeLeaves,
} from "../core";
import type { HostHandle } from "./client";
import { readSessionBlob } from "./readSession";

/** Every fixture session the scan cannot read (no header on its first line), by its path. */
async function unscannable(): Promise<string[]> {
	const out: string[] = [];
	for (const dir of readdirSync(FIXTURES_DIR)) {
		let names: string[];
		try {
			names = readdirSync(join(FIXTURES_DIR, dir));
		} catch {
			continue;
		}
		for (const name of names) {
			if (!name.endsWith(".jsonl")) continue;
			const bytes = readFileSync(join(FIXTURES_DIR, dir, name));
			const scanner = createPreviewScanner();
			scanner.push(bytes);
			if (scanner.finish() !== null) continue;
			try {
				// What the worker's reader refuses (not a pi session) is refused as before.
				if ((await readSessionBlob(new Blob([bytes]))).parsed.entries.length > 0) out.push(`${dir}/${name}`);
			} catch {}
		}
	}
	return out.sort();
}

const FILES = await unscannable();

/** Shapes made from a golden session: its header moved last, a broken line before it. */
const GOLDEN = readFileSync(join(FIXTURES_DIR, "golden/branchy-legacy.jsonl"), "utf8");
const [HEADER, ...REST] = GOLDEN.trimEnd().split("\n");
const MADE: Record<string, string> = {
	"header last": `${REST.join("\n")}\n${HEADER}\n`,
	"a broken first line": `{"type":"session",\n${GOLDEN}`,
};
/** Files without a header on their first line that the scan reads (oh-my-pi's title slot first, no header). */
const SCANNED = ["dialects/omp-clear.jsonl", "dialects/omp-compaction.jsonl", "bad/no-header.jsonl"];
const CASES: [string, string][] = [
	...[...FILES, ...SCANNED].map((f): [string, string] => [f, readFileSync(join(FIXTURES_DIR, f), "utf8")]),
	...Object.entries(MADE),
];

describe("a file without a header on its first line opens lean: scanned, or parsed in full in the worker and held there", () => {
	beforeEach(() => {
		vi.stubGlobal("Worker", HostingWorker);
	});
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it("covers the shapes that have no header on their first line", () => {
		for (const text of Object.values(MADE)) {
			const scanner = createPreviewScanner();
			scanner.push(new TextEncoder().encode(text));
			expect(scanner.finish()).toBeNull();
		}
		// pi's harness v4; the scan reads the others without a header first.
		expect(FILES).toEqual(["dialects/pi-v4.jsonl"]);
		for (const f of SCANNED) {
			const scanner = createPreviewScanner();
			scanner.push(readFileSync(join(FIXTURES_DIR, f)));
			expect(scanner.finish(), f).not.toBeNull();
		}
	});

	it.each(CASES)("%s opens lean, and the worker answers as the full parse does", async (name, text) => {
		vi.resetModules();
		const { askCompare, askContext, askEntries, askExport, askFind, parseSessionFile } = await import("./client");
		const full = parseSession(text);
		const previews: SessionPreview[] = [];
		const result = await parseSessionFile(new Blob([text]), undefined, {
			onPreview: (p) => void previews.push(p),
		});
		expect(result.lean).toBe(true);
		const host = result.host as HostHandle;
		expect(host).toBeDefined();
		const { entries: shown, ...session } = result.parsed;
		const { entries, issues, lines: _, ...expected } = full;
		expect(session).toMatchObject(expected);
		expect(shown.map((e) => e.id)).toEqual(entries.map((e) => e.id));
		expect(shown.map((e) => e.type)).toEqual(entries.map((e) => e.type));
		// The page's entries say the dialect the builder needs (the payload's conversion reads it).
		expect(dialectOf(shown)).toBe(dialectOf(entries));
		// The view: as the full parse's, its nodes and tips whole, the other entries at most skeletons.
		const index = getTreeIndex(entries);
		expect(previews).toHaveLength(1);
		expect(previews[0].graph).toEqual(graphParts(buildGraph(index)));
		const tips = summarizeLeaves(entries, index);
		expect(await result.leaves).toEqual(tips);
		for (const node of previews[0].graph.nodes) expect(shown[node.first]).toEqual(entries[node.first]);
		expect(await result.leanChecks).toEqual(issues);
		// Every entry whole on request, every tip's context and payload as the builder's.
		expect(
			await askEntries(
				host,
				entries.map((_, i) => i),
			),
		).toEqual(entries);
		const idOf = (p: number) => entries[p].id;
		for (const leaf of [null, ...tips.map((t) => t.id)]) {
			const { analysis } = await askContext(host, leaf, idOf);
			const want = analyzeContext(entries, leaf ?? full.leafId, index);
			expect(analysis.messages).toEqual(want.messages);
			expect(convertToLlm(analysis.messages, dialectOf(shown))).toEqual(convertToLlm(want.messages));
			const payload = await askExport(host, { kind: "payload", leafId: leaf });
			expect(JSON.parse(await payload.text())).toEqual(convertToLlm(want.messages));
		}
		if (tips.length >= 2) {
			expect(await askCompare(host, tips[0].id, tips[1].id)).toEqual(comparedByHost(entries, tips[0].id, tips[1].id));
		}
		// The whole session exported: the file itself where the scan read it (as a stored session's
		// bytes are), else written out as the page writes a parsed one.
		const exported = await askExport(host, { kind: "session", leafId: null });
		const scanned = SCANNED.includes(name);
		expect(await exported.text()).toBe(scanned ? text : serializeSession(full.header, entries));
		// Find reads the held entries: a word of the last user message, as core `findEntries` finds it.
		const said = entries.map((e) => entrySearchText(e)).find((t) => /[a-z]{4,}/i.test(t));
		const word = said?.match(/[a-z]{4,}/i)?.[0] ?? "";
		const found: number[] = [];
		await askFind(host, word, "all", (batch) => {
			found.push(...batch.hits);
		});
		expect(found).toEqual(findEntries(entries, word, "all").hits);
		expect(found.length).toBeGreaterThan(0);
	});
});
