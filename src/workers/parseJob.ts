import {
	buildGraph,
	collectDiagnostics,
	createPreviewScanner,
	getTreeIndex,
	graphParts,
	previewToParts,
	summarizeLeaves,
	treeParts,
} from "../core";
import type { ParseRequest, ParseResponse } from "./protocol";
import { NotASessionError, type ReadOptions, readBlobChunks, readSessionBlob, readSessionChunks } from "./readSession";

/**
 * Entries per message for those that cross as objects (the end of a file, or all of an older
 * version's): by source size, so that the page deserialises one in a few milliseconds.
 */
const ENTRY_CHUNK_BYTES = 1_000_000;
/** Files from this size on are previewed (see `ParseRequest.preview`); smaller ones parse in well under a second. */
export const PREVIEW_MIN_BYTES = 8 * 1024 * 1024;

/** A chunk's bytes in a buffer of their own, to transfer (without a copy when they have one). */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
	const { buffer } = bytes;
	const whole = buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
	return whole ? buffer : (bytes.slice().buffer as ArrayBuffer);
}

/**
 * One parse request as the parse worker runs it: reads and parses the file, hands every chunk of
 * bytes on to the page with the lines of it that are final entries, sends the rest of the entries
 * as objects, then `done` with the worker's tree index, then (if asked) the view, the late
 * diagnostics and the counted tips; or an error. `post` sends a message (transferring what is listed).
 */
export async function runParse(
	{ requestId, blob, deferDiagnostics, view, preview }: ParseRequest,
	post: (message: ParseResponse, transfer?: Transferable[]) => void,
): Promise<void> {
	try {
		// Every chunk of bytes moves on to the page as soon as it is parsed here (transferred, not
		// copied), with the lines of it that are final entries: the page parses those lines itself
		// while this worker goes on with the file, so both cores work, and no entry objects have to
		// be serialised here and deserialised there (which costs more than parsing them twice).
		let streamed = 0;
		// The page hashes the bytes as they come (it has time to spare; this worker has not).
		const progress = (p: { loaded: number; total: number }) => post({ type: "progress", requestId, ...p });
		const options: ReadOptions = {
			diagnostics: !deferDiagnostics,
			hash: false,
			onChunk: (bytes, plan) => {
				streamed += plan.entryLines.length;
				const buffer = ownBuffer(bytes);
				post({ type: "bytes", requestId, bytes: buffer, ...plan }, [buffer]);
			},
		};
		let result: Awaited<ReturnType<typeof readSessionBlob>>;
		if (preview && blob.size >= PREVIEW_MIN_BYTES) {
			// A first look from a byte scan of each line, sent before the full parse of the same bytes.
			const scanner = createPreviewScanner();
			const chunks = await readBlobChunks(blob, (bytes) => scanner.push(bytes), progress);
			const first = scanner.finish();
			if (first) {
				const parts = previewToParts(first);
				const { graph } = parts;
				const { tree } = parts;
				post({ type: "preview", requestId, preview: parts }, [
					graph.nodeAt.buffer,
					graph.parentNode.buffer,
					parts.shape.buffer,
					parts.fullAt.buffer,
					tree.parent.buffer,
					tree.depth.buffer,
					tree.live.buffer,
				]);
			}
			result = await readSessionChunks(chunks, progress, options);
		} else {
			result = await readSessionBlob(blob, progress, options);
		}
		const { entries, ...session } = result.parsed;
		// The entries the page could not make from the bytes, as objects.
		const perEntry = entries.length > 0 ? result.size / entries.length : 1;
		const chunkLen = Math.max(1, Math.floor(ENTRY_CHUNK_BYTES / Math.max(perEntry, 1)));
		for (let i = streamed; i < entries.length; i += chunkLen) {
			post({ type: "entries", requestId, entries: entries.slice(i, i + chunkLen) });
		}
		const index = getTreeIndex(entries);
		const tree = treeParts(index);
		post(
			{
				type: "done",
				requestId,
				session,
				size: result.size,
				entryCount: entries.length,
				tree,
			},
			[tree.parent.buffer, tree.depth.buffer, tree.live.buffer],
		);
		if (view) {
			// Counting the tips' tokens measures every message: the page shows the tips before that.
			const graph = graphParts(buildGraph(index));
			const leaves = summarizeLeaves(entries, index, { tokens: false });
			post({ type: "view", requestId, view: { leaves, graph } }, [graph.nodeAt.buffer, graph.parentNode.buffer]);
		}
		if (deferDiagnostics) {
			// Exactly what a full parse appends (it consults the issues found so far).
			const before = session.issues.length;
			const all = collectDiagnostics(entries, index, session.lines, session.issues.slice());
			post({ type: "diagnostics", requestId, issues: all.slice(before) });
		}
		if (view) post({ type: "leaves", requestId, leaves: summarizeLeaves(entries, index) });
	} catch (err) {
		post({
			type: "error",
			requestId,
			message: err instanceof Error ? err.message : String(err),
			notASession: err instanceof NotASessionError,
		});
	}
}
