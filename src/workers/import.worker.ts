/// <reference lib="webworker" />
import { paced } from "../core";
import { yieldToPage } from "../core/util/yield";
import { StorageError } from "../storage/idb";
import type { ImportRequest, ImportResponse } from "./importClient";
import { importSessionBlob, indexSessionBlob } from "./importSession";

const post = (message: ImportResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

/**
 * While the page holds the indexing (a "hold" message, see `indexSessionFile`): a promise that
 * settles when it lets go, or after `HOLD_MAX_MS` at the latest (a page that never lets go does not
 * stop the index for good).
 */
let gate: { held: Promise<void>; open: () => void } | null = null;
const HOLD_MAX_MS = 30_000;

function hold(on: boolean): void {
	if (on && !gate) {
		let open = () => {};
		const held = new Promise<void>((resolve) => {
			open = resolve;
		});
		const mine = { held, open };
		gate = mine;
		setTimeout(() => {
			if (gate === mine) hold(false);
		}, HOLD_MAX_MS);
	} else if (!on && gate) {
		gate.open();
		gate = null;
	}
}

/**
 * How often the indexing's reading lets this worker's messages in (ms): a read whose chunks are
 * already there goes on in microtasks, and a hold sent meanwhile would only be seen at its end.
 */
const LISTEN_EVERY_MS = 10;
const listen = paced(yieldToPage, LISTEN_EVERY_MS);

/** Between chunks: the page's hold, if any (after letting its messages in every `LISTEN_EVERY_MS`). */
async function pause(): Promise<void> {
	await listen();
	if (gate) await gate.held;
}

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
	const request = event.data;
	if (request.type === "hold") {
		hold(request.hold);
		return;
	}
	const { requestId } = request;
	try {
		if (request.type === "index") {
			const doc = await indexSessionBlob(request.blob, request.options, pause);
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
