import { Background, Controls, type Edge, type NodeMouseHandler, ReactFlow, useReactFlow } from "@xyflow/react";
import { type MouseEvent as ReactMouseEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { NODE_HEIGHT, NODE_WIDTH } from "../../../core";
import { useStore } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";
import { useResolvedTheme } from "../../hooks/useTheme";
import { EntryNode } from "./EntryNode";
import { GraphAnnouncer } from "./GraphAnnouncer";
import { GraphLegend } from "./GraphLegend";
import { GraphMiniMap } from "./GraphMiniMap";
import { GraphActionsContext } from "./graphActions";
import { KeyboardHint } from "./KeyboardHint";
import { OverviewLayer } from "./OverviewLayer";
import { nodeAt } from "./overview";
import { createGraphPaintStore, GraphPaintContext } from "./paintStore";
import { SegmentNode } from "./SegmentNode";
import { TreeEdge } from "./TreeEdge";
import { useExplainReveal } from "./useExplainReveal";
import { useGraphKeyboard } from "./useGraphKeyboard";
import { type FlowNode, useGraphModel, VIRTUALIZE_ABOVE } from "./useGraphModel";
import { useGraphPaint } from "./useGraphPaint";
import { OPEN_ZOOM, useGraphViewport } from "./useGraphViewport";
import { useOnScreen } from "./useOnScreen";
import { useOverview } from "./useOverview";
import { useOverviewPaths } from "./useOverviewPaths";
import { useRunToggles } from "./useRunToggles";

const nodeTypes = { entry: EntryNode, segment: SegmentNode };
const edgeTypes = { tree: TreeEdge };

const NO_NODES: FlowNode[] = [];
const NO_EDGES: Edge[] = [];

/** Whether two lists of numbers (or nulls) hold the same. */
function sameNumbers(a: readonly number[] | null, b: readonly number[] | null): boolean {
	if (a === null || b === null) return a === b;
	return a.length === b.length && a.every((x, i) => x === b[i]);
}

const selectSelectLeaf = (s: { selectLeaf(id: string | null): void }) => s.selectLeaf;

/** The React Flow view of the open session (inside a ReactFlowProvider). */
export function GraphCanvas() {
	const session = useOpenSession();
	return session ? <GraphView /> : null;
}

function GraphView() {
	const [paintStore] = useState(createGraphPaintStore);
	// The first entries of the nodes on screen, where the graph is culled: their faces are asked for.
	const [shownFirsts, setShownFirsts] = useState<readonly number[] | null>(null);
	const model = useGraphModel(shownFirsts);
	const selectedNodeId = useGraphPaint(model, paintStore);
	const viewport = useGraphViewport(model, selectedNodeId);
	const actions = useRunToggles(paintStore, viewport);
	const onKeyDown = useGraphKeyboard(model, selectedNodeId, paintStore, viewport, actions);
	const explaining = useExplainReveal(model, viewport);
	const selectLeaf = useStore(selectSelectLeaf);
	const container = useRef<HTMLDivElement>(null);
	const hintId = useId();
	// Zoomed far out on a large tree: no node elements, one drawing of the whole tree instead.
	const overview = useOverview(model?.graph);
	const overviewPaths = useOverviewPaths(model?.graph ?? null);
	const large = (model?.nodes.length ?? 0) > VIRTUALIZE_ABOVE;
	const culled = large && !overview;
	const onScreen = useOnScreen(model, culled, large);
	useEffect(() => {
		const firsts = culled ? onScreen.nodes.map((n) => n.data.node.first) : null;
		setShownFirsts((before) => (sameNumbers(before, firsts) ? before : firsts));
	}, [culled, onScreen.nodes]);
	const rf = useReactFlow();
	const colorMode = useResolvedTheme();
	const onPaneClick = useCallback(
		(event: ReactMouseEvent) => {
			container.current?.focus({ preventScroll: true });
			if (!overview || !model) return;
			const at = rf.screenToFlowPosition({ x: event.clientX, y: event.clientY });
			const node = nodeAt(model.graph, at.x, at.y);
			if (node)
				void rf.setCenter(node.x + NODE_WIDTH / 2, node.y + NODE_HEIGHT / 2, { zoom: OPEN_ZOOM, duration: 300 });
		},
		[overview, model, rf],
	);

	const onNodeClick = useCallback<NodeMouseHandler<FlowNode>>(
		(_, flowNode) => {
			container.current?.focus({ preventScroll: true });
			const { node } = flowNode.data;
			if (node.kind === "segment") actions.expand(node.id);
			else {
				paintStore.setState({ cursor: node.id });
				selectLeaf(node.id);
			}
		},
		[actions, paintStore, selectLeaf],
	);

	if (!model) return null;
	return (
		<GraphPaintContext.Provider value={paintStore}>
			<GraphActionsContext.Provider value={actions}>
				<div
					ref={container}
					className={explaining ? "graph graph--explaining" : "graph"}
					data-testid="graph"
					// biome-ignore lint/a11y/noNoninteractiveTabindex: an application region driven by arrow keys once focused
					tabIndex={0}
					role="application"
					aria-roledescription="session tree"
					aria-label="Session tree"
					aria-describedby={hintId}
					onKeyDown={onKeyDown}
				>
					<div className="graph__canvas">
						{
							<ReactFlow<FlowNode>
								colorMode={colorMode}
								nodes={overview ? NO_NODES : onScreen.nodes}
								edges={overview ? NO_EDGES : onScreen.edges}
								nodeTypes={nodeTypes}
								edgeTypes={edgeTypes}
								onNodeClick={onNodeClick}
								onPaneClick={onPaneClick}
								onlyRenderVisibleElements={large}
								minZoom={0.02}
								maxZoom={2}
								nodesDraggable={false}
								nodesConnectable={false}
								nodesFocusable={false}
								edgesFocusable={false}
								elementsSelectable={false}
								disableKeyboardA11y
								deleteKeyCode={null}
								zoomOnDoubleClick={false}
							>
								<Background gap={24} size={1} />
								{overview && <OverviewLayer graph={model.graph} paths={overviewPaths} />}
								{!overview && <GraphMiniMap graph={model.graph} paths={overviewPaths} />}
								<Controls showInteractive={false} />
							</ReactFlow>
						}
					</div>
					<GraphAnnouncer graph={model.graph} />
					<footer className="graph__footer">
						<GraphLegend />
						<KeyboardHint id={hintId} />
					</footer>
				</div>
			</GraphActionsContext.Provider>
		</GraphPaintContext.Provider>
	);
}
