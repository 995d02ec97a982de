/// <reference lib="webworker" />
import { hashBlob, PROGRESS_EVERY_MS } from "./readSession";
import { partBuffers, scanBlobPart } from "./splitScan";
import type { HelperReply, HelperRequest } from "./splitScanClient";

/** The parse worker's helper: scans the part of a file it is given, or hashes a file. */
const scope = self as unknown as DedicatedWorkerGlobalScope & { partsScanned: number };
/** Parts this helper has scanned (read by the e2e tests, and for a look in the browser's devtools). */
scope.partsScanned = 0;
const post = (message: HelperReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async (event: MessageEvent<HelperRequest>) => {
	const msg = event.data;
	const { id } = msg;
	try {
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
