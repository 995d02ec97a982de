import { runHostRequest, runParse } from "../src/workers/parseJob";
import type { ParseResponse, WorkerRequest } from "../src/workers/protocol";

/**
 * A stand-in for the browser's Worker that runs the real worker jobs (the parse, and the questions
 * to the session it holds) and passes every message through a structured clone, as a worker does.
 */
export class HostingWorker extends EventTarget {
	constructor(_url: URL | string, _options?: WorkerOptions) {
		super();
		setTimeout(() => this.reply({ type: "ready" }), 0);
	}
	private reply(data: ParseResponse, transfer: Transferable[] = []) {
		this.dispatchEvent(new MessageEvent("message", { data: structuredClone(data, { transfer }) }));
	}
	postMessage(msg: WorkerRequest) {
		const request = structuredClone(msg);
		setTimeout(() => {
			if (request.type === "parse") void runParse(request, (m, t) => this.reply(m, t));
			else if (request.type !== "init" && request.type !== "prefetch-index")
				void runHostRequest(request, (m, t) => this.reply(m, t));
		}, 0);
	}
	terminate() {}
}
