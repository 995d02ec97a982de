/**
 * Writes benchmark workloads and browser-benchmark shapes to bench/out/:
 * `npx tsx bench/write.ts [name…]` (all workloads and default shapes when none is named; `huge2g`
 * needs `BENCH_2GB=1`).
 */
import { ensureWorkload, WORKLOADS, type WorkloadSpec } from "./generate";
import { defaultShapes, ensureShape, SHAPES, type ShapeName } from "./shapes";

const names = process.argv.slice(2);
const all = [...new Set([...Object.keys(WORKLOADS), ...defaultShapes()])];
for (const name of names.length > 0 ? names : all) {
	const t0 = performance.now();
	const spec = (WORKLOADS as Record<string, WorkloadSpec>)[name];
	if (!spec && !(SHAPES as readonly string[]).includes(name)) {
		throw new Error(`Unknown workload ${name}; known: ${[...Object.keys(WORKLOADS), ...SHAPES].join(", ")}`);
	}
	const w = spec ? ensureWorkload(spec) : ensureShape(name as ShapeName);
	console.log(
		`${name}: ${w.path} ${(w.bytes / 1e6).toFixed(1)} MB, ${w.lines} lines${w.reused ? " (reused)" : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
	);
}
