import { getLabels } from "../session/meta";
import { getPath } from "../session/tree";
import type { LabelEntry, SessionEntry, SessionHeader } from "../session/types";

/** A session as JSONL text: the header (if any) then every entry, one JSON object per line. */
export function serializeSession(header: SessionHeader | null, entries: readonly SessionEntry[]): string {
	const lines: string[] = [];
	if (header) lines.push(JSON.stringify(header));
	for (const e of entries) lines.push(JSON.stringify(e));
	return `${lines.join("\n")}\n`;
}

/** A fresh 8-hex id that `taken` does not hold. `random` returns [0, 1) (injectable for tests). */
export function newEntryId(taken: { has(id: string): boolean }, random: () => number = Math.random): string {
	const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0");
	let n = Math.floor(random() * 0x1_0000_0000);
	for (let tries = 0; tries < 100; tries++) {
		if (!taken.has(hex(n))) return hex(n);
		n = Math.floor(random() * 0x1_0000_0000);
	}
	// A poor random source: walk on from the last draw until a free id turns up.
	while (taken.has(hex(n))) n++;
	return hex(n);
}

export interface BranchExportOptions {
	/** The new session's id (pi uses a UUID). */
	sessionId: string;
	/** ISO time of the export. */
	timestamp: string;
	/** Where the branch came from: the source file name, path or URL (`parentSession`). */
	parentSession?: string;
	random?: () => number;
}

/** The header of a branch exported as a new session (see `exportBranch`): v3, naming its source. */
export function branchHeader(header: SessionHeader | null, options: BranchExportOptions): SessionHeader {
	return {
		type: "session",
		version: 3,
		id: options.sessionId,
		timestamp: options.timestamp,
		cwd: typeof header?.cwd === "string" ? header.cwd : "",
		...(options.parentSession ? { parentSession: options.parentSession } : {}),
	};
}

/**
 * One branch as a new pi session, the way pi's `createBranchedSession` writes it: a v3 header
 * naming its source in `parentSession`, the entries on the path to `leafId` without label
 * entries, then one label entry per labelled path entry, chained after the leaf.
 */
export function exportBranch(
	header: SessionHeader | null,
	entries: readonly SessionEntry[],
	leafId: string | null | undefined,
	options: BranchExportOptions,
): string {
	const path = getPath(entries, leafId).filter((e) => e.type !== "label");
	const ids = new Set(path.map((e) => e.id));
	const labels = getLabels(entries);
	const out: SessionEntry[] = [...path];
	let parentId = path.length > 0 ? path[path.length - 1].id : null;
	for (const e of path) {
		const label = labels.get(e.id);
		if (label === undefined) continue;
		const id = newEntryId(ids, options.random);
		ids.add(id);
		const entry: LabelEntry = { type: "label", id, parentId, timestamp: options.timestamp, targetId: e.id, label };
		out.push(entry);
		parentId = id;
	}
	return serializeSession(branchHeader(header, options), out);
}
