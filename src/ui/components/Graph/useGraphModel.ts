import { type Edge, type Node, type NodeHandle, Position } from "@xyflow/react";
import { useEffect, useMemo } from "react";
import { type GraphNode, lazyArray, NODE_HEIGHT, NODE_WIDTH, type SessionGraph } from "../../../core";
import { type OpenSession, type Store, useStore } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";
import { useFaces } from "./useFaces";

export type NodeData = { node: GraphNode };
export type EntryFlowNode = Node<NodeData, "entry">;
export type SegmentFlowNode = Node<NodeData, "segment">;
export type FlowNode = EntryFlowNode | SegmentFlowNode;

export interface GraphModel {
	session: OpenSession;
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

const selectDrawn = (s: Store) => s.drawnGraph;
const selectAskGraph = (s: Store) => s.askGraph;

/**
 * The folded, laid-out tree of the open session and its React Flow elements: the session's own
 * graph, or (runs expanded, or the selected or focused entry inside a folded run, to be drawn as a
 * node of its own) the one the worker lays out for that, from the store. Plain selection changes
 * reuse the same node objects. `onScreen`: the first entries of the nodes on screen when the graph
 * is culled (see `useOnScreen`): the nodes whose faces are asked for (see `useFaces`).
 */
export function useGraphModel(onScreen: readonly number[] | null = null): GraphModel | null {
	const session = useOpenSession();
	const expanded = useStore(selectExpanded);
	const selectedLeafId = useStore(selectLeafId);
	const focusedEntryId = useStore(selectFocused);
	const drawn = useStore(selectDrawn);
	const askGraph = useStore(selectAskGraph);
	// The entries to draw as nodes: with nothing expanded, those the session's graph folds away.
	const own = session?.graph;
	const pins: string[] = [];
	for (const id of [selectedLeafId, focusedEntryId]) {
		if (id !== null && !pins.includes(id) && (expanded.size > 0 || !own?.indexOf.has(id))) pins.push(id);
	}
	const pinKey = pins.join("\n");
	useEffect(() => {
		if (session) askGraph(expanded, pinKey === "" ? [] : pinKey.split("\n"));
	}, [session, expanded, pinKey, askGraph]);
	// The worker's graph once it is in (the one drawn before meanwhile), else the session's own.
	const built = drawn?.graph.status === "ready" ? drawn.graph.value : (own ?? null);
	// A graph culled to the screen asks for the faces of the nodes on it only (none until known).
	const culled = built !== null && built.nodes.length > VIRTUALIZE_ABOVE;
	const graph = useFaces(built, session, culled ? (onScreen ?? NONE_SHOWN) : null);
	const nodes = useMemo(() => (graph ? mappedWhenRead(graph.nodes, toFlowNode) : []), [graph]);
	const edges = useMemo(() => (graph ? mappedWhenRead(graph.edges, toFlowEdge) : []), [graph]);
	if (!session || !graph) return null;
	return { session, graph, nodes, edges };
}
