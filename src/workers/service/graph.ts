import {
	buildGraph,
	currentLeafId,
	entryKind,
	type GraphNode,
	type GraphParts,
	graphParts,
	isSkeleton,
	type LeafSummary,
	nodePreview,
	type SessionEntry,
	segmentKinds,
	summarizeLeaves,
	tipContaining,
} from "../../core";
import type { NodeFace, SessionOutline } from "../readerApi";
import type { HeldSession } from "./held";

/**
 * A graph of up to this many nodes is sent with what each node shows read from its first entry;
 * a larger one is culled to the screen on the page, which asks for its nodes' faces as they come
 * on screen (`faces`).
 */
export const FACES_WITH_GRAPH = 256;

/** Fills in what the nodes of `nodes` show from their first entries (read whole where they are skeletons). */
async function withFaces(
	held: HeldSession,
	overlay: readonly SessionEntry[],
	nodes: readonly GraphNode[],
): Promise<void> {
	const session = held.session(overlay);
	const wanted = nodes.filter((n) => isSkeleton(session.entries[n.first])).map((n) => n.first);
	const read = new Map<number, SessionEntry>();
	const whole = await session.load(wanted);
	for (let i = 0; i < wanted.length; i++) read.set(wanted[i], whole[i]);
	for (const node of nodes) {
		const first = read.get(node.first) ?? session.entries[node.first];
		node.entryKind = entryKind(first);
		node.preview = nodePreview(first);
		if (node.kind === "segment") node.kinds = segmentKinds(session.index, node);
	}
}

/**
 * The graph of the session with `overlay`, runs whose segment ids are in `expanded` opened and
 * the entries named in `pins` drawn as nodes of their own where they sit inside a folded run (a
 * selected or focused entry); with its nodes' faces when it is small enough (see `FACES_WITH_GRAPH`).
 */
export async function graphFor(
	held: HeldSession,
	expanded: readonly string[],
	pins: readonly string[],
	overlay: readonly SessionEntry[] = [],
): Promise<GraphParts> {
	const { index } = held.session(overlay);
	const open = new Set(expanded);
	let built = buildGraph(index, open);
	// The entries asked for that sit inside a folded run are drawn as nodes of their own.
	const pinned: number[] = [];
	for (const id of pins) {
		const p = index.byId.get(id);
		if (p !== undefined && built.nodeOf.get(p) !== id) pinned.push(p);
	}
	if (pinned.length > 0) built = buildGraph(index, open, pinned);
	const graph = graphParts(built);
	if (graph.nodes.length <= FACES_WITH_GRAPH) await withFaces(held, overlay, graph.nodes);
	return graph;
}

/**
 * What the nodes whose first entries are at `firsts` (and, for folded runs, last entries at
 * `lasts`: -1 for an entry's node) show: kind and preview, and a run's kinds of entries.
 */
export async function faces(
	held: HeldSession,
	firsts: readonly number[],
	lasts: readonly number[],
	overlay: readonly SessionEntry[] = [],
): Promise<NodeFace[]> {
	const session = held.session(overlay);
	const out: NodeFace[] = [];
	await held.inBatches(
		firsts,
		(entry, i) => {
			const first = firsts[i];
			const last = lasts[i] ?? -1;
			const face: NodeFace = { position: first, kind: entryKind(entry), preview: nodePreview(entry) };
			if (last >= 0 && last !== first) {
				const id = `seg:${String(session.entries[first].id)}`;
				face.kinds = segmentKinds(session.index, { id, first, last });
			}
			out.push(face);
		},
		(part) => session.load(part),
	);
	return out;
}

/** The positions of the entries `ids` names (-1 where none), in the session with `overlay`. */
export function locate(held: HeldSession, ids: readonly string[], overlay: readonly SessionEntry[] = []): number[] {
	const { index } = held.session(overlay);
	return ids.map((id) => (typeof id === "string" ? (index.byId.get(id) ?? -1) : -1));
}

/** The session with `overlay` as the page draws it: facts, graph (with faces when small) and tips. */
export async function outlineWith(
	held: HeldSession,
	overlay: readonly SessionEntry[],
	tips?: LeafSummary[],
): Promise<SessionOutline> {
	const session = held.session(overlay);
	const graph = await graphFor(held, [], [], overlay);
	return {
		facts: { ...held.facts, leafId: currentLeafId(session.entries), entryCount: session.entries.length },
		graph,
		tips: tips ?? summarizeLeaves(session.entries, session.index, { tokens: false }),
	};
}

/** A tip whose path holds the entry `id`, or null. */
export function tipThrough(held: HeldSession, id: string, overlay: readonly SessionEntry[] = []): string | null {
	const { index, entries } = held.session(overlay);
	const position = index.byId.get(id);
	const tip = position === undefined ? -1 : tipContaining(index, position);
	return tip >= 0 ? entries[tip].id : null;
}
