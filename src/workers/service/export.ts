import {
	type BranchExportOptions,
	branchHeader,
	convertToLlm,
	getLabels,
	type LabelEntry,
	newEntryId,
	pathPositions,
	resolveLeaf,
	rulesOf,
} from "../../core";
import { yieldToPage } from "../../core/util/yield";
import type { ExportQuestion } from "../readerApi";
import { prepare } from "./context";
import type { HeldSession } from "./held";

/** Entry bytes read and written out in one step (the page's questions get in between steps). */
const STEP_BYTES = 4 * 1024 * 1024;
/** At most this many entries in one step. */
const STEP_ENTRIES = 20_000;
/** How long a step runs before the worker serves other messages. */
const YIELD_AFTER_MS = 25;

/**
 * The entries at `positions` (in that order) written one JSON line each, a step at a time: each
 * step's text becomes a Blob of its own, so the whole never is one string, nor all entries held.
 * `contiguous`: the positions are a run of the file (read in one slice each step, nothing cached).
 */
async function entryLines(host: HeldSession, positions: readonly number[], contiguous: boolean): Promise<Blob[]> {
	const out: Blob[] = [];
	const { length } = host.lines;
	let ran = Date.now();
	let k = 0;
	while (k < positions.length) {
		let bytes = 0;
		let j = k;
		while (j < positions.length && j - k < STEP_ENTRIES && (j === k || bytes + length[positions[j]] <= STEP_BYTES)) {
			bytes += length[positions[j]];
			j++;
		}
		const step = positions.slice(k, j);
		const entries = contiguous ? await host.readRange(step[0], step[step.length - 1] + 1) : await host.load(step);
		let text = "";
		for (const e of entries) text += `${JSON.stringify(e)}\n`;
		out.push(new Blob([text]));
		k = j;
		if (Date.now() - ran > YIELD_AFTER_MS) {
			await yieldToPage();
			ran = Date.now();
		}
	}
	return out;
}

/** 0, 1, … n - 1. */
const run = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * The whole session as JSONL: the file itself when it is of the current version (its bytes are
 * the session as written), else its header and its entries migrated as the full parse migrates
 * them (or as it read a file the scan could not), written out as core `serializeSession` writes
 * a parsed session.
 */
async function exportSession(host: HeldSession): Promise<Blob> {
	if (host.version >= 3 && !host.parsedWhole) return host.blob;
	// Another agent's file is its own session (its entries are what the explorer made of it).
	if (rulesOf(host.facts.dialect).agentLines) return host.blob;
	const parts: Blob[] = [];
	if (host.header) parts.push(new Blob([`${JSON.stringify(host.header)}\n`]));
	parts.push(...(await entryLines(host, run(host.entries.length), true)));
	// `serializeSession` ends with a newline even when there is nothing else.
	if (parts.length === 0) parts.push(new Blob(["\n"]));
	return new Blob(parts, { type: "application/jsonl" });
}

/**
 * One branch as a new pi session, as core `exportBranch` writes it (the same header, the path's
 * entries without labels, then a label entry per labelled path entry chained after the leaf),
 * the path's entries read from the file a step at a time rather than all at once.
 */
async function exportBranchOf(host: HeldSession, leafId: string | null, options: BranchExportOptions): Promise<Blob> {
	const { entries, index } = host;
	// Skeletons carry type and id: what picks the path and the labels' targets.
	const path = pathPositions(index, resolveLeaf(index, leafId)).filter((p) => entries[p].type !== "label");
	const ids = new Set(path.map((p) => entries[p].id));
	// Labels are always whole in the preview (they shape the graph).
	const labels = getLabels(entries);
	const newHeader = branchHeader(host.header, options);
	const parts: Blob[] = [new Blob([`${JSON.stringify(newHeader)}\n`])];
	parts.push(...(await entryLines(host, path, false)));
	let parentId = path.length > 0 ? entries[path[path.length - 1]].id : null;
	let tail = "";
	for (const p of path) {
		const target = entries[p].id;
		const label = labels.get(target);
		if (label === undefined) continue;
		const id = newEntryId(ids, options.random);
		ids.add(id);
		const entry: LabelEntry = { type: "label", id, parentId, timestamp: options.timestamp, targetId: target, label };
		tail += `${JSON.stringify(entry)}\n`;
		parentId = id;
	}
	if (tail) parts.push(new Blob([tail]));
	return new Blob(parts, { type: "application/jsonl" });
}

/**
 * The provider payload at the leaf, as JSON: the context messages through `convertToLlm` (the pi
 * family), or the request in the provider's own shape (another agent's, see core `providerPayload`).
 */
async function exportPayload(host: HeldSession, leafId: string | null): Promise<Blob> {
	const { analysis } = await prepare(host, leafId ?? undefined);
	const { payload } = rulesOf(analysis.dialect);
	const body = payload ? payload(analysis, host.entries, host.header) : convertToLlm(analysis.messages);
	return new Blob([`${JSON.stringify(body, null, 2)}\n`], { type: "application/json" });
}

/**
 * A file of a session the worker holds, as the export dialog offers it: the whole session, one
 * branch as a new session, or the provider payload at a leaf.
 */
export function exportFromHost(
	host: HeldSession,
	question: ExportQuestion,
	/** For tests: the label ids' random source (see core `newEntryId`). */
	random?: () => number,
): Promise<Blob> {
	switch (question.kind) {
		case "session":
			return exportSession(host);
		case "branch": {
			const branch = question.branch ?? { sessionId: crypto.randomUUID(), timestamp: new Date().toISOString() };
			return exportBranchOf(host, question.leafId, { ...branch, ...(random ? { random } : {}) });
		}
		case "payload":
			return exportPayload(host, question.leafId);
		default: {
			const never: never = question.kind;
			return Promise.reject(new Error(`no export of kind ${String(never)}`));
		}
	}
}
