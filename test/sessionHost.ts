import { createPreviewScanner, previewToParts, type ScannedPreview } from "../src/core";
import { SessionHost } from "../src/workers/sessionHost";

/** The worker's host of a session file's text, built from its preview as the worker builds it. */
export function hostOf(text: string): { host: SessionHost; preview: ScannedPreview } {
	const bytes = new TextEncoder().encode(text);
	const scanner = createPreviewScanner();
	scanner.push(bytes);
	const preview = scanner.finish();
	if (!preview) throw new Error("not previewed");
	const full = Uint8Array.from(previewToParts(preview).shape, (s) => (s === -1 ? 1 : 0));
	const version = typeof preview.header.version === "number" ? preview.header.version : 1;
	const lines = { offset: preview.lineOffset, length: preview.lineLength };
	return { host: new SessionHost(new Blob([bytes]), preview, lines, full, version), preview };
}
