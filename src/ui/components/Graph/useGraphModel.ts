import { type Edge, type Node, type NodeHandle, Position } from "@xyflow/react";
import { useMemo } from "react";
import {
	buildGraph,
	type GraphNode,
	lazyArray,
	NODE_HEIGHT,
	NODE_WIDTH,
	type SessionGraph,
	type TreeIndex,
} from "../../../core";
import { type OpenSession, useStore } from "../../../store";
import { useSessionIndex, useShownView } from "../../hooks/useSession";
import { useLeanFaces } from "./useLeanFaces";

export type NodeData = { node: GraphNode };
export type EntryFlowNode = Node<NodeData, "entry">;
export type SegmentFlowNode = Node<NodeData, "segment">;
export type FlowNode = EntryFlowNode | SegmentFlowNode;

export interface GraphModel {
	session: OpenSession;
	index: TreeIndex;
	graph: SessionGraph;
	nodes: FlowNode[];
	edges: Edge[];
}

const selectExpanded = (s: { expanded: ReadonlySet<string> }) => s.expanded;
const selectLeafId = (s: { selectedLeafId: string | null }) => s.selectedLeafId;
const selectFocused = (s: { focusedEntryId: string | null }) => s.focusedEntryId;

/** Handle size in px (Graph.css); handles sit centred on the top and bottom borders. */
const HANDLE = 6;
const HANDLES: NodeHandle[] = [
	{
		type: "target",
		position: Position.Top,
		x: NODE_WIDTH / 2 - HANDLE / 2,
		y: -HANDLE / 2,
		width: HANDLE,
		height: HANDLE,
	},
	{
		type: "source",
		position: Position.Bottom,
		x: NODE_WIDTH / 2 - HANDLE / 2,
		y: NODE_HEIGHT - HANDLE / 2,
		width: HANDLE,
		height: HANDLE,
	},
];
const MEASURED = { width: NODE_WIDTH, height: NODE_HEIGHT };

/**
 * Below this many nodes everything stays mounted; above, React Flow holds only the nodes on and
 * around the screen (`useOnScreen`) and renders only those on it.
 */
export const VIRTUALIZE_ABOVE = 250;

/**
 * `items.map(make)`; above `VIRTUALIZE_ABOVE` items, each made when first read (and kept): React
 * Flow is then given only those on screen, and a 2 GB session's graph made them all in a task of
 * its own (~90 ms with the garbage they left).
 */
function mappedWhenRead<T, U>(items: readonly T[], make: (item: T) => U): U[] {
	if (items.length <= VIRTUALIZE_ABOVE) return items.map(make);
	const made: (U | undefined)[] = new Array(items.length);
	return lazyArray(items.length, (i) => {
		let item = made[i];
		if (item === undefined) {
			item = make(items[i]);
			made[i] = item;
		}
		return item;
	});
}

const toFlowEdge = (e: SessionGraph["edges"][number]): Edge => ({ ...e, type: "tree" });

/**
 * A React Flow node whose size and handles are known up front, as they are fixed: React Flow then
 * need not mount every node once to measure it, so only the nodes on screen are ever rendered.
 */
function toFlowNode(n: GraphNode): FlowNode {
	return {
		id: n.id,
		type: n.kind,
		position: { x: n.x, y: n.y },
		data: { node: n },
		width: NODE_WIDTH,
		height: NODE_HEIGHT,
		measured: MEASURED,
		handles: HANDLES,
		draggable: false,
		selectable: false,
		connectable: false,
		focusable: false,
	};
}

const NONE_SHOWN: readonly number[] = [];

/**
 * The folded, laid-out tree of the open session and its React Flow elements. The layout is rebuilt
 * when segments are expanded, or when the selected or focused entry sits inside a folded run (it is
 * then pinned as a node of its own); plain selection changes reuse the same node objects.
 * `onScreen`: the first entries of the nodes on screen when the graph is culled (see `useOnScreen`):
 * the nodes a lean session reads the faces of (see `useLeanFaces`).
 */
export function useGraphModel(onScreen: readonly number[] | null = null): GraphModel | null {
	const { session, index } = useSessionIndex();
	const shownGraph = useShownView()?.graph;
	const expanded = useStore(selectExpanded);
	const selectedLeafId = useStore(selectLeafId);
	const focusedEntryId = useStore(selectFocused);
	const base = useMemo(
		() => (index ? (expanded.size === 0 ? (shownGraph ?? null) : buildGraph(index, expanded)) : null),
		[index, shownGraph, expanded],
	);

	const pins: number[] = [];
	if (index && base) {
		for (const id of [selectedLeafId, focusedEntryId]) {
			const pos = id === null ? undefined : index.byId.get(id);
			if (pos !== undefined && base.nodeOf.get(pos) !== id) pins.push(pos);
		}
	}
	const pinKey = pins.join(",");
	const built = useMemo(
		() => (index && base && pinKey ? buildGraph(index, expanded, pinKey.split(",").map(Number)) : base),
		[index, base, expanded, pinKey],
	);
	// A graph culled to the screen asks for the faces of the nodes on it only (none until known).
	const culled = built !== null && built.nodes.length > VIRTUALIZE_ABOVE;
	const graph = useLeanFaces(built, index, session, culled ? (onScreen ?? NONE_SHOWN) : null);
	const nodes = useMemo(() => (graph ? mappedWhenRead(graph.nodes, toFlowNode) : []), [graph]);
	const edges = useMemo(() => (graph ? mappedWhenRead(graph.edges, toFlowEdge) : []), [graph]);
	if (!session || !index || !graph) return null;
	return { session, index, graph, nodes, edges };
}
