/// <reference lib="webworker" />
import { StorageError } from "../storage/idb";
import type { ImportRequest, ImportResponse } from "./importClient";
import { importSessionBlob, indexSessionBlob } from "./importSession";

const post = (message: ImportResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
	const request = event.data;
	const { requestId } = request;
	try {
		if (request.type === "index") {
			const doc = await indexSessionBlob(request.blob, request.options);
			post({ type: "indexed", requestId, doc });
			return;
		}
		const { blob } = request;
		const outcome = await importSessionBlob(blob, request.options, (p) => post({ type: "progress", requestId, ...p }));
		post({ type: "done", requestId, outcome });
	} catch (err) {
		post({
			type: "error",
			requestId,
			message: err instanceof Error ? err.message : String(err),
			...(err instanceof StorageError ? { storage: err.kind } : {}),
		});
	}
};
