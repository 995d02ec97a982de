import {
	compareTips,
	createPreviewScanner,
	getTreeIndex,
	measuredContext,
	pathPositions,
	previewToParts,
	resolveLeaf,
	type ScannedPreview,
	type SessionEntry,
	type TipComparison,
} from "../src/core";
import { SessionHost } from "../src/workers/sessionHost";

/**
 * The worker's host of a session file (its text or bytes), built from its preview as the worker
 * builds it; `keepBytes` as the scanner's option, `blob` the file the host reads (its bytes).
 */
export function hostOf(
	file: string | Uint8Array,
	keepBytes = true,
	blob?: Blob,
): { host: SessionHost; preview: ScannedPreview } {
	const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
	const scanner = createPreviewScanner({ keepBytes });
	scanner.push(bytes);
	const preview = scanner.finish();
	if (!preview) throw new Error("not previewed");
	const full = Uint8Array.from(previewToParts(preview).shape, (s) => (s === -1 ? 1 : 0));
	const { version } = preview;
	const lines = { offset: preview.lineOffset, length: preview.lineLength };
	return { host: new SessionHost(blob ?? new Blob([bytes as BlobPart]), preview, lines, full, version), preview };
}

/**
 * Two tips compared as a worker's host compares them: core `compareTips` on the full entries, with
 * what the provider measured for each tip (the page cannot work that out from a lean session).
 */
export function comparedByHost(entries: SessionEntry[], a: string | null, b: string | null): TipComparison {
	const index = getTreeIndex(entries);
	const measured = (id: string | null) => {
		const leaf = resolveLeaf(index, id);
		return leaf < 0 ? null : measuredContext(entries, pathPositions(index, leaf));
	};
	return { ...compareTips(entries, a, b), measured: { a: measured(a), b: measured(b) } };
}
