/// <reference lib="webworker" />
import type { FindHelper } from "./findPart";
import { type Port, type RpcMessage, serve } from "./rpc";
import { createService } from "./service";
import { warmUpHelper, workerHelper } from "./splitScanClient";

/*
 * The parse worker: it holds the sessions the page opens and answers the page's questions about
 * them (`readerApi.ts`), with helper workers for a large file's second half where it can start them.
 */

const scope = self as unknown as DedicatedWorkerGlobalScope & { partsHelpersSearched: number };
/** Parts of finds a helper searched (read by the e2e tests, and for a look in the browser's devtools). */
scope.partsHelpersSearched = 0;

const port: Port = {
	post: (message, transfer = []) => scope.postMessage(message, transfer),
	listen: (listener) => {
		scope.addEventListener("message", (event: MessageEvent<RpcMessage | { type: "init"; lockName: string | null }>) => {
			const message = event.data;
			if (message.type === "init") holdLock(message.lockName);
			else listener(message);
		});
	},
};

/** Holds `lockName` until this worker ends, however it ends, so the page can notice. */
function holdLock(lockName: string | null): void {
	const locks = (scope.navigator as Navigator | undefined)?.locks;
	if (!lockName || !locks) return;
	locks
		.request(lockName, () => {
			port.post({ type: "locked" });
			return new Promise<never>(() => undefined);
		})
		.catch(() => undefined);
}

/** Other workers this one hands work to, where it can start them. */
const helper = typeof Worker === "undefined" ? undefined : workerHelper();
const findPart = helper?.findPart;
const find: FindHelper | undefined = findPart
	? async (part, onBatch, stopped) => {
			await findPart(part, onBatch, stopped);
			scope.partsHelpersSearched++;
		}
	: undefined;
warmUpHelper();

serve(port, createService({ ...(helper ? { parse: helper } : {}), ...(find ? { find } : {}) }));
port.post({ type: "ready" });
