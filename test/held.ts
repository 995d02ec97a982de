import {
	buildTreeIndex,
	compareTips,
	createPreviewScanner,
	measuredContext,
	pathPositions,
	previewToParts,
	resolveLeaf,
	type ScannedPreview,
	type SessionEntry,
	type TipComparison,
} from "../src/core";
import { HeldSession } from "../src/workers/service/held";
import { scannedFacts } from "../src/workers/service/open";

/**
 * The worker's held session of a file (its text or bytes), made from its scan as an open makes
 * it; `keepBytes` as the scanner's option, `blob` the file it reads (its bytes by default).
 */
export function heldOf(
	file: string | Uint8Array,
	keepBytes = true,
	blob?: Blob,
): { held: HeldSession; preview: ScannedPreview } {
	const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
	const scanner = createPreviewScanner({ keepBytes });
	scanner.push(bytes);
	const preview = scanner.finish();
	if (!preview) throw new Error("not scanned");
	const full = Uint8Array.from(previewToParts(preview).shape, (s) => (s === -1 ? 1 : 0));
	const lines = { offset: preview.lineOffset, length: preview.lineLength };
	const held = new HeldSession(
		blob ?? new Blob([bytes as BlobPart]),
		{ header: preview.header, entries: preview.entries, facts: scannedFacts(preview, preview.entries) },
		lines,
		full,
		preview.version,
	);
	return { held, preview };
}

/**
 * Two tips compared as the worker compares them: core `compareTips` on the full entries, with
 * what the provider measured for each tip.
 */
export function comparedByWorker(entries: SessionEntry[], a: string | null, b: string | null): TipComparison {
	const index = buildTreeIndex(entries);
	const measured = (id: string | null) => {
		const leaf = resolveLeaf(index, id);
		return leaf < 0 ? null : measuredContext(entries, pathPositions(index, leaf));
	};
	return { ...compareTips(entries, a, b), measured: { a: measured(a), b: measured(b) } };
}
