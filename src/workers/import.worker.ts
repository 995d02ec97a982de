/// <reference lib="webworker" />
import type { ImportRequest, ImportResponse } from "./importClient";
import { importSessionBlob } from "./importSession";

const post = (message: ImportResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
	const { requestId, blob, options } = event.data;
	try {
		const outcome = await importSessionBlob(blob, options, (p) => post({ type: "progress", requestId, ...p }));
		post({ type: "done", requestId, outcome });
	} catch (err) {
		post({ type: "error", requestId, message: err instanceof Error ? err.message : String(err) });
	}
};
