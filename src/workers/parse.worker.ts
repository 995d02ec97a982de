/// <reference lib="webworker" />
import { prefetchIndex, runHostRequest, runParse } from "./parseJob";
import type { ParseResponse, WorkerRequest } from "./protocol";
import { warmUpHelper, workerHelper } from "./splitScanClient";

const scope = self as unknown as DedicatedWorkerGlobalScope;
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

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
	const msg = event.data;
	if (msg.type === "init") {
		holdLock(msg.lockName);
		warmUpHelper();
	} else if (msg.type === "prefetch-index") prefetchIndex(msg.contentHash, msg.size);
	else if (msg.type === "parse") void runParse(msg, post, helper);
	else void runHostRequest(msg, post);
};

post({ type: "ready" });
