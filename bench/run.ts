/**
 * Core benchmarks: `npm run bench [-- workload… --runs=N --cpu]`. See bench/README.md for what each
 * figure means. Re-launches itself under node with --expose-gc and a large heap when needed.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { analyzeContext } from "../src/core/context/context";
import { convertToLlm } from "../src/core/context/llm";
import { collectDiagnostics } from "../src/core/session/diagnostics";
import { createSessionParser, parseSession } from "../src/core/session/parse";
import { previewSession } from "../src/core/session/preview";
import { buildTreeIndex } from "../src/core/session/tree";
import { buildGraph } from "../src/core/view/graph";
import { ensureWorkload, WORKLOADS, type WorkloadName } from "./generate";

const HEAP_MB = 8192;
const CHUNK_BYTES = 1 << 20;

const gc = (globalThis as { gc?: () => void }).gc;
if (typeof gc !== "function") {
	// Respawn with the flags the measurements need; `npm run bench` stays the one command.
	const self = fileURLToPath(import.meta.url);
	const result = spawnSync(
		process.execPath,
		["--expose-gc", `--max-old-space-size=${HEAP_MB}`, "--import", "tsx", self, ...process.argv.slice(2)],
		{ stdio: "inherit" },
	);
	process.exit(result.status ?? 1);
}
const collect = gc as () => void;

const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith("--runs="));
const RUNS = runsArg ? Math.max(1, Number(runsArg.slice("--runs=".length))) : 5;
/** `--cpu`: time with the process CPU clock (all threads, GC helpers included) instead of the wall clock. */
const CPU = args.includes("--cpu");
const now = CPU
	? () => {
			const u = process.cpuUsage();
			return (u.user + u.system) / 1000;
		}
	: () => performance.now();
const names = args.filter((a) => !a.startsWith("--")) as WorkloadName[];
const selected: WorkloadName[] = names.length > 0 ? names : ["medium", "large", "bushy"];
for (const name of selected) {
	if (!(name in WORKLOADS)) throw new Error(`Unknown workload "${name}"; known: ${Object.keys(WORKLOADS).join(", ")}`);
}

function median(values: number[]): number {
	const s = [...values].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Full GC, then a pause so concurrent sweeping ends before the clock starts. */
function settle(): void {
	collect();
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 40);
}

/**
 * Median time in ms (wall or CPU clock) of each function over RUNS rounds after a warm-up round.
 * The functions run interleaved (a, b, c, a, b, c, …) so that load from other processes hits
 * them alike and their ratios stay meaningful; the heap is settled before each run.
 *
 * With `keep`, every 16th parsed object of each function's previous result stays alive until
 * its next run, as an open session stays alive in the app. That matters to V8: the shapes (maps)
 * of parsed objects live only while some object has them, and optimised code that checked them
 * is thrown away when they die, so without `keep` each run of a parser that looks into the
 * objects starts cold again (the baseline, which never looks, is immune). A sample keeps the
 * shapes without growing the heap, which would tax whichever run meets the next major GC.
 */
function timeAll<K extends string>(fns: Record<K, () => unknown>, keep = false): Record<K, number> {
	const samples = {} as Record<K, number[]>;
	const kept = new Map<K, unknown>();
	for (const key of Object.keys(fns) as K[]) samples[key] = [];
	for (let round = 0; round <= RUNS; round++) {
		for (const key of Object.keys(fns) as K[]) {
			settle();
			const t0 = now();
			const result = fns[key]();
			const ms = now() - t0;
			if (keep) kept.set(key, sample(result));
			if (round > 0) samples[key].push(ms);
		}
	}
	kept.clear();
	const out = {} as Record<K, number>;
	for (const key of Object.keys(fns) as K[]) out[key] = median(samples[key]);
	return out;
}

/** Every 16th parsed object of a result (an array of objects, or a parsed session's entries). */
function sample(result: unknown): unknown[] {
	const list = Array.isArray(result) ? result : (result as { entries?: unknown[] }).entries;
	return Array.isArray(list) ? list.filter((_, i) => i % 16 === 0) : [];
}

function time(fn: () => unknown): number {
	return timeAll({ fn }).fn;
}

/** The practical limit: split into lines and JSON.parse each non-empty one. */
function baseline(text: string): unknown[] {
	const out: unknown[] = [];
	for (const line of text.split("\n")) if (line.length > 0) out.push(JSON.parse(line));
	return out;
}

/** Text chunks exactly as the worker pushes them: 1 MB byte slices through a streaming decoder. */
function decodeChunks(bytes: Uint8Array): string[] {
	const decoder = new TextDecoder("utf-8");
	const chunks: string[] = [];
	for (let i = 0; i < bytes.length; i += CHUNK_BYTES) {
		chunks.push(decoder.decode(bytes.subarray(i, i + CHUNK_BYTES), { stream: true }));
	}
	const tail = decoder.decode();
	if (tail) chunks.push(tail);
	return chunks;
}

function streamParse(chunks: readonly string[], diagnostics = true) {
	const parser = createSessionParser();
	for (const c of chunks) parser.push(c);
	return parser.finish({ diagnostics });
}

/** Holds a result across a GC so it is counted. */
const held: unknown[] = [];

/** Heap growth (after full GCs) while holding what `fn` returns. */
function heapGrowth(fn: () => unknown): number {
	collect();
	const before = process.memoryUsage().heapUsed;
	held.push(fn());
	collect();
	const after = process.memoryUsage().heapUsed;
	held.length = 0;
	return after - before;
}

interface Row {
	name: string;
	mb: number;
	entries: number;
	leaves: number;
	branchPoints: number;
	issues: number;
	baselineMBs: number;
	parseMBs: number;
	streamMBs: number;
	/** Streaming without the semantic checks, as the app's parse worker hands a session over. */
	streamNoChecksMBs: number;
	/** `collectDiagnostics` on its own (the app runs it after the session is shown). */
	checksMs: number;
	/** Ratios to the baseline when nothing is kept between runs. */
	coldParseRatio: number;
	coldStreamRatio: number;
	treeMs: number;
	pathLength: number;
	messages: number;
	contextMs: number;
	graphMs: number;
	graphNodes: number;
	/** `previewSession` of the file's bytes (1 MB chunks): the graph and tips a large file shows first. */
	previewMs: number;
	heapRatio: number;
	baselineHeapRatio: number;
}

function bench(name: WorkloadName): Row {
	const file = ensureWorkload(WORKLOADS[name]);
	const bytes = readFileSync(file.path);
	const mb = bytes.length / 1e6;
	const text = new TextDecoder("utf-8").decode(bytes);
	const chunks = decodeChunks(bytes);

	const parsers = {
		baseline: () => baseline(text),
		parse: () => parseSession(text),
		stream: () => streamParse(chunks),
		streamNoChecks: () => streamParse(chunks, false),
	};
	const parseTimes = timeAll(parsers, true);
	const coldTimes = timeAll(parsers, false);
	const baselineHeap = heapGrowth(() => baseline(text));
	const heap = heapGrowth(() => parseSession(text));

	const session = parseSession(text);
	const entries = session.entries;
	const treeMs = time(() => buildTreeIndex(entries));
	const lines = session.lines;
	const checksMs = time(() => collectDiagnostics(entries, buildTreeIndex(entries), lines, []));
	const index = buildTreeIndex(entries);
	let deepest = -1;
	for (const leaf of index.leaves) if (deepest === -1 || index.depth[leaf] > index.depth[deepest]) deepest = leaf;
	const leafId = deepest >= 0 ? entries[deepest].id : null;
	const contextMs = time(() => convertToLlm(analyzeContext(entries, leafId, index).messages));
	const messages = convertToLlm(analyzeContext(entries, leafId, index).messages).length;
	const graphMs = time(() => buildGraph(index));
	const graphNodes = buildGraph(index).nodes.length;
	const byteChunks: Uint8Array[] = [];
	for (let at = 0; at < bytes.length; at += 1 << 20) byteChunks.push(bytes.subarray(at, at + (1 << 20)));
	const previewMs = time(() => previewSession(byteChunks));
	const rate = (ms: number) => mb / (ms / 1000);
	return {
		name,
		mb,
		entries: entries.length,
		leaves: index.leaves.length,
		branchPoints: index.branchPoints.length,
		issues: session.issues.length,
		baselineMBs: rate(parseTimes.baseline),
		parseMBs: rate(parseTimes.parse),
		streamMBs: rate(parseTimes.stream),
		streamNoChecksMBs: rate(parseTimes.streamNoChecks),
		checksMs,
		coldParseRatio: coldTimes.baseline / coldTimes.parse,
		coldStreamRatio: coldTimes.baseline / coldTimes.stream,
		treeMs,
		pathLength: deepest >= 0 ? index.depth[deepest] + 1 : 0,
		messages,
		contextMs,
		graphMs,
		graphNodes,
		previewMs,
		heapRatio: heap / bytes.length,
		baselineHeapRatio: baselineHeap / bytes.length,
	};
}

const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);
const int = (v: number) => v.toLocaleString("en-US");

const METRICS: [string, (r: Row) => string][] = [
	["size (MB)", (r) => f1(r.mb)],
	["entries", (r) => int(r.entries)],
	["leaves", (r) => int(r.leaves)],
	["branch points", (r) => int(r.branchPoints)],
	["parse issues", (r) => int(r.issues)],
	["baseline split + JSON.parse (MB/s)", (r) => f1(r.baselineMBs)],
	["parseSession (MB/s)", (r) => f1(r.parseMBs)],
	["  × baseline", (r) => f2(r.parseMBs / r.baselineMBs)],
	["streaming, 1 MB chunks (MB/s)", (r) => f1(r.streamMBs)],
	["  × baseline", (r) => f2(r.streamMBs / r.baselineMBs)],
	["streaming, checks deferred (MB/s)", (r) => f1(r.streamNoChecksMBs)],
	["  × baseline", (r) => f2(r.streamNoChecksMBs / r.baselineMBs)],
	["semantic checks, deferred (ms)", (r) => f1(r.checksMs)],
	["parse / stream × baseline, nothing kept", (r) => `${f2(r.coldParseRatio)} / ${f2(r.coldStreamRatio)}`],
	["buildTreeIndex (ms)", (r) => f1(r.treeMs)],
	["deepest path (entries)", (r) => int(r.pathLength)],
	["analyzeContext + convertToLlm (ms)", (r) => f1(r.contextMs)],
	["  messages sent", (r) => int(r.messages)],
	["buildGraph (ms)", (r) => f1(r.graphMs)],
	["  graph nodes", (r) => int(r.graphNodes)],
	["preview from line starts: graph + tips (ms)", (r) => f1(r.previewMs)],
	["heap after parse / file size", (r) => f2(r.heapRatio)],
	["  baseline objects / file size", (r) => f2(r.baselineHeapRatio)],
];

function table(rows: Row[]): string {
	const header = ["", ...rows.map((r) => r.name)];
	const body = METRICS.map(([label, get]) => [label, ...rows.map(get)]);
	const widths = header.map((_, c) => Math.max(...[header, ...body].map((line) => line[c].length)));
	const fmt = (line: string[]) =>
		`| ${line.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(" | ")} |`;
	const rule = `|${widths.map((w, c) => (c === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
	return [fmt(header), rule, ...body.map(fmt)].join("\n");
}

const load = () =>
	loadavg()
		.map((l) => l.toFixed(1))
		.join(" ");
console.log(
	`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; ${CPU ? "CPU" : "wall"} time, medians of ${RUNS} runs after a warm-up; load average ${load()}`,
);
const rows: Row[] = [];
const started = performance.now();
for (const name of selected) {
	const t0 = performance.now();
	const row = bench(name);
	rows.push(row);
	console.log(
		`${name}: ${f1(row.mb)} MB, parse ${f1(row.parseMBs)} MB/s (${f2(row.parseMBs / row.baselineMBs)}× baseline), ` +
			`stream ${f2(row.streamMBs / row.baselineMBs)}×, context ${f1(row.contextMs)} ms, graph ${f1(row.graphMs)} ms ` +
			`[${((performance.now() - t0) / 1000).toFixed(1)} s]`,
	);
}
console.log(`\n${table(rows)}\n\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()}`);
