/// <reference lib="webworker" />
import { createSecretStreamScan, scanSecrets } from "../core";
import { readBlobText } from "./blobText";
import type { SecretsRequest, SecretsResponse } from "./secretsClient";

/**
 * The secret scan's own worker: one per scan, ended when the scan is no longer wanted, so a long
 * scan neither waits behind imports nor holds them up.
 */
const post = (message: SecretsResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<SecretsRequest>) => {
	const { source } = event.data;
	try {
		post({ type: "scanned", hits: typeof source === "string" ? scanSecrets(source) : await scanBlob(source) });
	} catch (err) {
		post({ type: "error", message: err instanceof Error ? err.message : String(err) });
	}
};

/** The hits of a file's text, decoded as it streams: a file larger than a string can be is scanned too. */
async function scanBlob(blob: Blob) {
	const scan = createSecretStreamScan();
	await readBlobText(blob, (text) => scan.push(text));
	return scan.finish();
}
