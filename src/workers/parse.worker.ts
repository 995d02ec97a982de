/// <reference lib="webworker" />
import type { FindHelper } from "./findPart";
import { prefetchIndex, runHostRequest, runParse } from "./parseJob";
import type { ParseResponse, WorkerRequest } from "./protocol";
import { warmUpHelper, workerHelper } from "./splitScanClient";

const scope = self as unknown as DedicatedWorkerGlobalScope & { partsHelpersSearched: number };
/** Parts of finds a helper searched (read by the e2e tests, and for a look in the browser's devtools). */
scope.partsHelpersSearched = 0;
const post = (message: ParseResponse, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

/** Holds `lockName` until this worker ends, however it ends, so the page can notice. */
function holdLock(lockName: string | null): void {
	const locks = (scope.navigator as Navigator | undefined)?.locks;
	if (!lockName || !locks) return;
	locks
		.request(lockName, () => {
			post({ type: "locked" });
			return new Promise<never>(() => undefined);
		})
		.catch(() => undefined);
}

/** Other workers this one hands work to, where it can start them. */
const helper = typeof Worker === "undefined" ? undefined : workerHelper();
const findPart = helper?.findPart;
const findOnHelper: FindHelper | undefined = findPart
	? async (part, onBatch, stopped) => {
			await findPart(part, onBatch, stopped);
			scope.partsHelpersSearched++;
		}
	: undefined;

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
	const msg = event.data;
	if (msg.type === "init") {
		holdLock(msg.lockName);
		warmUpHelper();
	} else if (msg.type === "prefetch-index") prefetchIndex(msg.contentHash, msg.size);
	else if (msg.type === "parse") void runParse(msg, post, helper);
	else void runHostRequest(msg, post, findOnHelper);
};

post({ type: "ready" });
