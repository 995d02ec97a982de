/// <reference lib="webworker" />
import { findInPart } from "./findPart";
import { hashBlob, PROGRESS_EVERY_MS } from "./readSession";
import { partBuffers, scanBlobPart } from "./splitScan";
import type { HelperReply, HelperRequest } from "./splitScanClient";

/** The parse worker's helper: scans the part of a file it is given, hashes a file, or searches a part of a session. */
const scope = self as unknown as DedicatedWorkerGlobalScope & { partsScanned: number; partsSearched: number };
/** Parts this helper has scanned and searched (read by the e2e tests, and for a look in the browser's devtools). */
scope.partsScanned = 0;
scope.partsSearched = 0;
const post = (message: HelperReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

/** Searches under way, and those of them told to stop (by their job's id). */
const searching = new Set<number>();
const stopped = new Set<number>();

scope.onmessage = async (event: MessageEvent<HelperRequest>) => {
	const msg = event.data;
	const { id } = msg;
	if (msg.type === "stop") {
		if (searching.has(id)) stopped.add(id);
		return;
	}
	try {
		if (msg.type === "find") {
			await findInPart(
				msg.part,
				(batch) => post({ type: "found", id, batch }),
				() => stopped.has(id),
			);
			stopped.delete(id);
			post({ type: "found-all", id });
			return;
		}
		if (msg.type === "scan") {
			let lastReport = 0;
			const part = await scanBlobPart(msg.blob, msg.plan.cut, msg.plan.version, (loaded) => {
				const now = Date.now();
				if (now - lastReport < PROGRESS_EVERY_MS) return;
				lastReport = now;
				post({ type: "progress", id, loaded });
			});
			scope.partsScanned++;
			post({ type: "part", id, part }, partBuffers(part));
		} else post({ type: "hash", id, digest: await hashBlob(msg.blob) });
	} catch (err) {
		post({ type: "error", id, message: err instanceof Error ? err.message : String(err) });
	}
};
