import { useStore as useFlowStore, useReactFlow, useStoreApi } from "@xyflow/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { type GraphNode, NODE_HEIGHT, NODE_WIDTH, type SessionGraph, segmentId } from "../../../core";
import { useStore } from "../../../store";
import type { GraphModel } from "./useGraphModel";

/** The smallest text on a node (Graph.css: ids, badges, tip markers), in CSS px at zoom 1. */
export const NODE_MIN_TEXT_PX = 11;
/** The zoom below which a node's smallest text is under 11 px on screen. */
export const READABLE_ZOOM = 11 / NODE_MIN_TEXT_PX;
/** The zoom a session is shown at when the whole tree does not fit readably. */
export const OPEN_ZOOM = READABLE_ZOOM;
/** Where the selection sits, as a share of the pane's height: its path runs up above it. */
const SELECTION_Y = 0.68;
/** How close to the edge of the pane a node may sit and still count as on screen. */
const MARGIN = 24;

export interface GraphViewport {
	/**
	 * Keeps the node `from` where it is on screen while the layout changes: after the change, the node
	 * holding entry `entryId` takes its place.
	 */
	keepInPlace(from: string, entryId: string): void;
	/** Pans to a node when it is not fully on screen. */
	reveal(id: string): void;
}

const selectWidth = (s: { width: number }) => s.width;
const selectHeight = (s: { height: number }) => s.height;
const selectFocused = (s: { focusedEntryId: string | null }) => s.focusedEntryId;
const selectFocusedAt = (s: { focusedPosition: number | null }) => s.focusedPosition;

function nodeById(graph: SessionGraph | undefined, id: string): GraphNode | undefined {
	const i = graph?.indexOf.get(id);
	return i === undefined ? undefined : graph?.nodes[i];
}

/**
 * Moves the view: onto the selected leaf when a session opens, onto the selection when it changes
 * to a node that is off screen, onto the focused entry (`&entry=`), and keeps an expanded or folded
 * run in place while the layout around it changes.
 */
export function useGraphViewport(model: GraphModel | null, selectedNodeId: string | null): GraphViewport {
	const rf = useReactFlow();
	const flowStore = useStoreApi();
	const graph = model?.graph;
	const session = model?.session;
	const focusedEntryId = useStore(selectFocused);
	const focusedPos = useStore(selectFocusedAt);
	const focusedNodeId = focusedPos === null ? undefined : graph?.nodeOf.get(focusedPos);
	// The latest graph, session and selection for the callbacks (taken in after each render).
	const graphRef = useRef(graph);
	const sessionKeyRef = useRef(session?.key);
	/** The session (by key: its full version replacing a preview is the same view) last centred. */
	const centredFor = useRef<string | null>(null);
	const revealed = useRef<string | null>(null);
	const centredFocus = useRef<string | null>(null);
	const anchor = useRef<{ entryId: string; screenX: number; screenY: number; graph: SessionGraph } | null>(null);
	const paneWidth = useFlowStore(selectWidth);
	const paneHeight = useFlowStore(selectHeight);
	const selectedRef = useRef(selectedNodeId);
	useLayoutEffect(() => {
		graphRef.current = graph;
		sessionKeyRef.current = session?.key;
		selectedRef.current = selectedNodeId;
	});

	const centreOn = useCallback(
		(node: GraphNode, duration: number) => {
			const { zoom } = rf.getViewport();
			void rf.setCenter(node.x + NODE_WIDTH / 2, node.y + NODE_HEIGHT / 2, { zoom, duration });
		},
		[rf],
	);

	/** Shows a node with its path above it, at a readable zoom (never zooming out). */
	const showSelection = useCallback(
		(node: GraphNode, duration: number) => {
			const { width, height, transform } = flowStore.getState();
			const zoom = Math.max(transform[2], READABLE_ZOOM);
			void rf.setViewport(
				{
					x: width / 2 - (node.x + NODE_WIDTH / 2) * zoom,
					y: height * SELECTION_Y - (node.y + NODE_HEIGHT / 2) * zoom,
					zoom,
				},
				{ duration },
			);
		},
		[flowStore, rf],
	);

	const reveal = useCallback(
		(id: string) => {
			const node = nodeById(graphRef.current, id);
			if (!node) return;
			const { width, height, transform } = flowStore.getState();
			const [x, y, zoom] = transform;
			const left = node.x * zoom + x;
			const top = node.y * zoom + y;
			const inView =
				left >= MARGIN &&
				top >= MARGIN &&
				left + NODE_WIDTH * zoom <= width - MARGIN &&
				top + NODE_HEIGHT * zoom <= height - MARGIN;
			// A node more than a screen away is jumped to: a glide there draws every part of the tree
			// it passes over (nodes mounted and measured frame after frame), for a blur.
			const far = left < -width || left > 2 * width || top < -height || top > 2 * height;
			if (!inView) centreOn(node, far ? 0 : 300);
		},
		[flowStore, centreOn],
	);

	const keepInPlace = useCallback(
		(from: string, entryId: string) => {
			const graph = graphRef.current;
			const node = nodeById(graph, from);
			if (!node || !graph) return;
			const [x, y, zoom] = flowStore.getState().transform;
			// Applied to the next graph laid out (the worker's, once it comes).
			anchor.current = { entryId, screenX: node.x * zoom + x, screenY: node.y * zoom + y, graph };
		},
		[flowStore],
	);

	// Closed: the next session opened is centred, even if it is the same one again.
	useEffect(() => {
		if (!session) centredFor.current = null;
	}, [session]);

	// A session opens: fit the whole tree while its labels stay readable, else show the selected (by
	// default the current) leaf with its path above it.
	useLayoutEffect(() => {
		if (!graph || !session || !selectedNodeId || paneWidth === 0 || centredFor.current === session.key) return;
		const node = nodeById(graph, selectedNodeId);
		if (!node) return;
		centredFor.current = session.key;
		revealed.current = selectedNodeId;
		const { width, height } = flowStore.getState();
		const graphWidth = graph.width + MARGIN * 2;
		const graphHeight = graph.height + MARGIN * 2;
		const fit = Math.min(OPEN_ZOOM, width / graphWidth, height / graphHeight);
		if (fit >= READABLE_ZOOM) {
			// Layout coordinates start at 0 (core's layout).
			void rf.setViewport({ x: (width - graph.width * fit) / 2, y: (height - graph.height * fit) / 2, zoom: fit });
			return;
		}
		void rf.setViewport({
			x: width / 2 - (node.x + NODE_WIDTH / 2) * OPEN_ZOOM,
			y: height * SELECTION_Y - (node.y + NODE_HEIGHT / 2) * OPEN_ZOOM,
			zoom: OPEN_ZOOM,
		});
	}, [graph, session, selectedNodeId, paneWidth, flowStore, rf]);

	// The layout changed under an anchored node: move the view so it stays put on screen (the node
	// of its entry, or the run it was folded into).
	useLayoutEffect(() => {
		const a = anchor.current;
		if (!a || !graph || a.graph === graph) return;
		anchor.current = null;
		const node = nodeById(graph, a.entryId) ?? nodeById(graph, segmentId(a.entryId));
		if (!node) return;
		const { zoom } = rf.getViewport();
		void rf.setViewport({ x: a.screenX - node.x * zoom, y: a.screenY - node.y * zoom, zoom });
	}, [graph, rf]);

	// The selection changed (leaf list, deep link, keyboard): bring it on screen, readable.
	useEffect(() => {
		if (!graph || !selectedNodeId || paneWidth === 0 || centredFor.current !== session?.key) return;
		if (revealed.current === selectedNodeId) return;
		revealed.current = selectedNodeId;
		const node = nodeById(graph, selectedNodeId);
		if (node && flowStore.getState().transform[2] < READABLE_ZOOM) showSelection(node, 300);
		else reveal(selectedNodeId);
	}, [graph, session, selectedNodeId, paneWidth, reveal, showSelection, flowStore]);

	// The pane changed size (window, side panels, the narrow layout's toggle): keep the selection on
	// screen.
	useEffect(() => {
		if (paneWidth === 0 || paneHeight === 0 || !selectedRef.current || centredFor.current !== sessionKeyRef.current)
			return;
		reveal(selectedRef.current);
	}, [paneWidth, paneHeight, reveal]);

	// A focused entry (`&entry=`) is always centred once it is on the graph.
	useEffect(() => {
		if (!focusedEntryId) centredFocus.current = null;
		if (!focusedEntryId || !focusedNodeId || paneWidth === 0 || centredFor.current !== session?.key) return;
		if (centredFocus.current === focusedEntryId) return;
		const node = nodeById(graph, focusedNodeId);
		if (!node) return;
		centredFocus.current = focusedEntryId;
		centreOn(node, 300);
	}, [graph, session, focusedEntryId, focusedNodeId, paneWidth, centreOn]);

	return useMemo(() => ({ keepInPlace, reveal }), [keepInPlace, reveal]);
}
