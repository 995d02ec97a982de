/**
 * Times the preview scan (`createPreviewScanner`) of the `large` workload as pi writes it and with
 * its keys reordered (top level and `message`): `npx tsx bench/preview.ts [--runs=N] [--cpu] [module…]`.
 * Each extra module path is another scanner to time alongside (it must export
 * `createPreviewScanner`, e.g. an older `preview.ts`). Runs interleave, so load from other
 * processes hits them alike. The reordered file is written to bench/out/ (git-ignored) once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { reshapeSession } from "../test/reshape";
import { ensureWorkload, WORKLOADS } from "./generate";

const gc = (globalThis as { gc?: () => void }).gc;
if (typeof gc !== "function") {
	const self = fileURLToPath(import.meta.url);
	const result = spawnSync(
		process.execPath,
		["--expose-gc", "--max-old-space-size=8192", "--import", "tsx", self, ...process.argv.slice(2)],
		{ stdio: "inherit" },
	);
	process.exit(result.status ?? 1);
}
const collect = gc as () => void;

const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith("--runs="));
const RUNS = runsArg ? Math.max(1, Number(runsArg.slice("--runs=".length))) : 5;
const CHUNK_BYTES = 1 << 20;
/** `--cpu`: time with the process CPU clock instead of the wall clock (steadier under load). */
const CPU = args.includes("--cpu");
const now = CPU
	? () => {
			const u = process.cpuUsage();
			return (u.user + u.system) / 1000;
		}
	: () => performance.now();

interface Scanner {
	push(bytes: Uint8Array): void;
	finish(): { entries: unknown[] } | null;
	readonly skeletonCount?: number;
}
type Make = () => Scanner;

const large = ensureWorkload(WORKLOADS.large);
const reorderedPath = join(resolve(large.path, ".."), "large-reordered.jsonl");
if (!existsSync(reorderedPath)) {
	writeFileSync(reorderedPath, reshapeSession(readFileSync(large.path, "utf8"), { shuffle: true, seed: 5 }));
}
const files = [
	{ name: "pi order", bytes: new Uint8Array(readFileSync(large.path)) },
	{ name: "reordered", bytes: new Uint8Array(readFileSync(reorderedPath)) },
];

const scanners: { name: string; make: Make }[] = [
	{ name: "current", make: (await import("../src/core/session/preview")).createPreviewScanner as Make },
];
for (const path of args.filter((a) => !a.startsWith("--"))) {
	const mod = (await import(pathToFileURL(resolve(path)).href)) as { createPreviewScanner: Make };
	scanners.push({ name: path, make: mod.createPreviewScanner });
}

function run(make: Make, bytes: Uint8Array): { ms: number; heapMB: number; entries: number; skeletons: number } {
	collect();
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 40);
	const before = process.memoryUsage().heapUsed;
	const t0 = now();
	const scanner = make();
	for (let at = 0; at < bytes.length; at += CHUNK_BYTES) scanner.push(bytes.subarray(at, at + CHUNK_BYTES));
	const preview = scanner.finish();
	const ms = now() - t0;
	const heapMB = (process.memoryUsage().heapUsed - before) / 1e6;
	return { ms, heapMB, entries: preview?.entries.length ?? -1, skeletons: scanner.skeletonCount ?? -1 };
}

const results = new Map<string, { ms: number[]; heap: number[]; entries: number; skeletons: number }>();
const load = () =>
	loadavg()
		.map((l) => l.toFixed(2))
		.join(" ");
console.log(`load before: ${load()}`);
for (let r = -1; r < RUNS; r++) {
	for (const s of scanners) {
		for (const f of files) {
			const out = run(s.make, f.bytes);
			if (r < 0) continue; // warm-up
			const key = `${s.name} / ${f.name}`;
			const acc = results.get(key) ?? { ms: [], heap: [], entries: out.entries, skeletons: out.skeletons };
			acc.ms.push(out.ms);
			acc.heap.push(out.heapMB);
			results.set(key, acc);
		}
	}
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
for (const [key, { ms, heap, entries, skeletons }] of results) {
	console.log(
		`${key}: min ${Math.min(...ms).toFixed(0)} / median ${median(ms).toFixed(0)} / max ${Math.max(...ms).toFixed(0)} ms, ` +
			`heap after ~${median(heap).toFixed(0)} MB, ${entries} entries, ${skeletons} skeletons`,
	);
}
console.log(`load after: ${load()}`);
