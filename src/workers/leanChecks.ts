import { diagnosticSteps, getTreeIndex, type SessionIssue } from "../core";
import { yieldToPage } from "../core/util/yield";
import type { ParseResponse } from "./protocol";
import { formatBytes, MAX_SESSION_BYTES, readSessionStream } from "./readSession";
import type { SessionHost } from "./sessionHost";

/** How long the pass runs before the worker serves other messages (the page's questions). */
const YIELD_AFTER_MS = 25;
/** Bytes parsed in one step at most (the file's chunks may be larger). */
const STEP_BYTES = 256 * 1024;

/** Strings longer than this are cut for the checks (see core `ParserOptions.shrinkStringsOver`). */
const SHRINK_OVER = 256;

/** The pass was stopped: the worker no longer holds the session. */
export class ChecksStopped extends Error {}

/** Whether a lean file is small enough for the background checks (they parse every entry at once). */
export function leanCheckable(size: number): boolean {
	return size <= MAX_SESSION_BYTES;
}

/** The info issue a lean session opens with: whether its checks run in the background. */
export function leanIssue(size: number): SessionIssue {
	const start = `This file (${formatBytes(size)}) is opened lean: its entries are read from the file when shown`;
	return {
		severity: "info",
		code: "lean-session",
		message: leanCheckable(size)
			? `${start}; the checks that need every entry in full are running in the background`
			: `${start}, and it is too large (over ${formatBytes(MAX_SESSION_BYTES)}) for the checks that need every entry in full: they did not run`,
	};
}

/**
 * Runs the checks a full parse runs on a lean file, in the background: every line parsed (as the
 * full parse reads the file: the same streaming parser, then core `collectDiagnostics`), the
 * entries dropped after, the issues kept. Resolves to what a full parse would have in
 * `session.issues`; its entries are the preview's, line for line, so the issues' ids and lines
 * name the lean session's entries (see `leanChecks.test.ts`). The pass breaks every ~25 ms so
 * the page's questions about the session get answered in between; it stops (`ChecksStopped`)
 * once `stillHeld` says the worker let the session go.
 */
export async function checkLeanSession(
	host: SessionHost,
	stillHeld: () => boolean = () => true,
	/** The break between steps (the page's questions go first). */
	pause: () => Promise<void> = yieldToPage,
): Promise<SessionIssue[]> {
	const reader = host.blob.stream().getReader();
	let rest: Uint8Array | null = null;
	let ran = Date.now();
	const stream = new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (Date.now() - ran > YIELD_AFTER_MS) {
				await pause();
				ran = Date.now();
			}
			if (!stillHeld()) {
				await reader.cancel().catch(() => undefined);
				controller.error(new ChecksStopped("the session was let go"));
				return;
			}
			if (rest === null || rest.length === 0) {
				const { done, value } = await reader.read();
				if (done) {
					controller.close();
					return;
				}
				rest = value;
			}
			// A large chunk in pieces: each is parsed in a few milliseconds.
			controller.enqueue(rest.subarray(0, STEP_BYTES));
			rest = rest.subarray(STEP_BYTES);
		},
		cancel: () => reader.cancel(),
	});
	// Only the issues outlive this call: the parsed entries go with it. The checks read the entries'
	// shapes, not their text: long strings are cut as each line is taken in (a 100 MB session's
	// entries whole held 1.3 times the file in this worker while the checks ran).
	const { parsed } = await readSessionStream(stream, host.blob.size, undefined, {
		hash: false,
		diagnostics: false,
		shrinkStringsOver: SHRINK_OVER,
	});
	await pause();
	if (!stillHeld()) throw new ChecksStopped("the session was let go");
	// As the worker's full parse does with deferred checks (see `runParse`): its tree index, then the
	// checks (`collectDiagnostics`), a step at a time.
	const steps = diagnosticSteps(parsed.entries, getTreeIndex(parsed.entries), parsed.lines, parsed.issues);
	ran = Date.now();
	for (;;) {
		const step = steps.next();
		if (step.done) return step.value;
		if (Date.now() - ran > YIELD_AFTER_MS) {
			await pause();
			if (!stillHeld()) throw new ChecksStopped("the session was let go");
			ran = Date.now();
		}
	}
}

/**
 * The checks of a lean file the worker holds (`requestId`), sent to the page in a `diagnostics`
 * message: all of `session.issues` as a full parse has them, or, when the pass failed, the lean
 * notice saying why. Nothing for a file too large to parse in full, or once the session is let go.
 */
export async function runLeanChecks(
	requestId: number,
	host: SessionHost,
	stillHeld: () => boolean,
	post: (message: ParseResponse) => void,
	pause: () => Promise<void> = yieldToPage,
): Promise<void> {
	if (!leanCheckable(host.blob.size)) return;
	try {
		post({ type: "diagnostics", requestId, issues: await checkLeanSession(host, stillHeld, pause) });
	} catch (err) {
		if (err instanceof ChecksStopped) return;
		const reason = err instanceof Error ? err.message : String(err);
		const notice = leanIssue(host.blob.size);
		post({
			type: "diagnostics",
			requestId,
			issues: [{ ...notice, message: `${notice.message.split(";")[0]}; its checks could not run: ${reason}` }],
		});
	}
}
