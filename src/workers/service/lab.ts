import {
	analyzeLazily,
	type LabAddition,
	type LabChoices,
	labChoicesOf,
	labEntryFrom,
	pathPositions,
	resolveLeaf,
	type SessionEntry,
} from "../../core";
import type { HeldSession } from "./held";

/** Path entries (nearest the parent) and other tips the lab's pickers offer. */
export const LAB_CHOICES = 2000;

/**
 * The what-if lab's new entry `addition` under `parentId`, in the session with `overlay` (the
 * lab's entries so far): core `labEntryFrom`, with what it needs read from the file.
 */
export async function labEntry(
	held: HeldSession,
	parentId: string,
	addition: LabAddition,
	now: string,
	overlay: readonly SessionEntry[],
): Promise<SessionEntry> {
	const session = held.session(overlay);
	const needsContext = addition.kind === "compaction" || addition.kind === "message";
	const context = needsContext ? (await analyzeLazily(session, parentId)).analysis : null;
	let tail: SessionEntry[] = [];
	if (addition.kind === "compaction" && addition.format === "retained-tail" && addition.keptEntryId) {
		const path = pathPositions(session.index, resolveLeaf(session.index, parentId));
		const from = path.indexOf(session.index.byId.get(addition.keptEntryId) ?? -1);
		if (from >= 0) tail = await session.load(path.slice(from));
	}
	return labEntryFrom(
		{
			taken: session.index.byId,
			contextAt: () => {
				if (!context) throw new Error("no context worked out");
				return context;
			},
			pathFrom: () => tail,
		},
		parentId,
		addition,
		{ now },
	);
}

/**
 * What the lab's pickers offer under `parentId` (core `labChoices`), their entries read whole:
 * the `LAB_CHOICES` path entries nearest the parent and as many other tips.
 */
export async function labChoices(
	held: HeldSession,
	parentId: string | null,
	overlay: readonly SessionEntry[],
): Promise<LabChoices> {
	const session = held.session(overlay);
	const wholePath = pathPositions(session.index, resolveLeaf(session.index, parentId));
	const path = wholePath.slice(-LAB_CHOICES);
	const onPath = new Set(wholePath);
	const tips = session.index.leaves.filter((p) => !onPath.has(p)).slice(0, LAB_CHOICES);
	const wanted = [...path, ...tips].sort((a, b) => a - b);
	const whole = new Map<number, SessionEntry>();
	await held.inBatches(wanted, (entry, i) => whole.set(wanted[i], entry), session.load);
	const at = (p: number) => whole.get(p) ?? session.entries[p];
	return labChoicesOf(path.map(at), tips.map(at));
}
