/** Writes benchmark workloads to bench/out/: `npx tsx bench/write.ts [name…]` (all by default). */
import { ensureWorkload, WORKLOADS, type WorkloadSpec } from "./generate";

const names = process.argv.slice(2);
for (const name of names.length > 0 ? names : Object.keys(WORKLOADS)) {
	const spec = (WORKLOADS as Record<string, WorkloadSpec>)[name];
	if (!spec) throw new Error(`Unknown workload ${name}; known: ${Object.keys(WORKLOADS).join(", ")}`);
	const t0 = performance.now();
	const w = ensureWorkload(spec);
	console.log(
		`${name}: ${w.path} ${(w.bytes / 1e6).toFixed(1)} MB, ${w.lines} lines${w.reused ? " (reused)" : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
	);
}
