/// <reference lib="webworker" />
import { scanSecrets } from "../core";
import type { SecretsRequest, SecretsResponse } from "./secretsClient";

/**
 * The secret scan's own worker: one per scan, ended when the scan is no longer wanted, so a long
 * scan neither waits behind imports nor holds them up.
 */
const post = (message: SecretsResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<SecretsRequest>) => {
	const { source } = event.data;
	try {
		post({ type: "scanned", hits: scanSecrets(typeof source === "string" ? source : await source.text()) });
	} catch (err) {
		post({ type: "error", message: err instanceof Error ? err.message : String(err) });
	}
};
