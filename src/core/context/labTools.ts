import { buildTreeIndex, pathPositions, resolveLeaf, type TreeIndex } from "../session/tree";
import { messageRoleOf, type SessionEntry, type SessionHeader } from "../session/types";
import { type EntryKind, entryKind, entryPreview } from "../view/entryKind";
import { serializeSession } from "./export";

/** An entry the what-if lab offers in a picker. */
export interface LabChoice {
	id: string;
	kind: EntryKind;
	preview: string;
}

/** What the lab's pickers offer for an addition under one parent. */
export interface LabChoices {
	/** The parent's path, root first (kept entry, retained-tail start). */
	path: LabChoice[];
	/** Path entries a context edit can target: those holding a message. */
	targets: LabChoice[];
	/** Tips off the parent's path, for a branch summary's `fromId` (the abandoned branch's tip). */
	others: LabChoice[];
}

const choice = (e: SessionEntry): LabChoice => ({ id: e.id, kind: entryKind(e), preview: entryPreview(e, 60) });

const EDITABLE = new Set(["user", "assistant", "toolResult", "custom"]);

function holdsMessage(e: SessionEntry): boolean {
	if (e.type === "custom_message") return true;
	const role = messageRoleOf(e);
	return role !== undefined && EDITABLE.has(role);
}

/** The entries the lab's pickers offer for an addition under `parentId`. O(entries). */
export function labChoices(
	entries: readonly SessionEntry[],
	parentId: string | null,
	index: TreeIndex = buildTreeIndex(entries),
): LabChoices {
	const parent = resolveLeaf(index, parentId);
	const positions = pathPositions(index, parent);
	const onPath = new Set(positions);
	const tips = index.leaves.filter((p) => !onPath.has(p));
	return labChoicesOf(
		positions.map((p) => entries[p]),
		tips.map((p) => entries[p]),
	);
}

/**
 * The lab's choices for the whole entries `path` (path entries, root first) and `others` (tips
 * off that path), in their order: `labChoices` once they are picked. O(given entries).
 */
export function labChoicesOf(path: readonly SessionEntry[], others: readonly SessionEntry[]): LabChoices {
	return {
		path: path.map((e) => choice(e)),
		targets: path.filter(holdsMessage).map((e) => choice(e)),
		others: others.map((e) => choice(e)),
	};
}

/**
 * A lab copy as JSONL. Its entries are already migrated to v3, so the header says version 3
 * (a v1 header would make a reader re-number them); without a header, ids mark it as current.
 */
export function labCopyText(header: SessionHeader | null, entries: readonly SessionEntry[]): string {
	return serializeSession(header ? { ...header, version: 3 } : null, entries);
}
