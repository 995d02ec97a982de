import { Background, Controls, MiniMap, type NodeMouseHandler, ReactFlow } from "@xyflow/react";
import { useCallback, useId, useRef, useState } from "react";
import { useStore } from "../../../store";
import { EntryNode } from "./EntryNode";
import { GraphAnnouncer } from "./GraphAnnouncer";
import { GraphLegend } from "./GraphLegend";
import { GraphActionsContext } from "./graphActions";
import { KeyboardHint } from "./KeyboardHint";
import { kindColor } from "./kinds";
import { createGraphPaintStore, GraphPaintContext } from "./paintStore";
import { SegmentNode } from "./SegmentNode";
import { TreeEdge } from "./TreeEdge";
import { useExplainReveal } from "./useExplainReveal";
import { useGraphKeyboard } from "./useGraphKeyboard";
import { type FlowNode, useGraphModel } from "./useGraphModel";
import { useGraphPaint } from "./useGraphPaint";
import { useGraphViewport } from "./useGraphViewport";
import { useRunToggles } from "./useRunToggles";

const nodeTypes = { entry: EntryNode, segment: SegmentNode };
const edgeTypes = { tree: TreeEdge };
/** Below this many nodes everything stays mounted; above, only what is on screen is rendered. */
const VIRTUALIZE_ABOVE = 250;

const MINIMAP_SIZE = { width: 150, height: 110 };

const selectSelectLeaf = (s: { selectLeaf(id: string | null): void }) => s.selectLeaf;
const miniMapColor = (node: FlowNode) => kindColor(node.data.node.entryKind);

/** The React Flow view of the open session (inside a ReactFlowProvider). */
export function GraphCanvas() {
	const [paintStore] = useState(createGraphPaintStore);
	const model = useGraphModel();
	const selectedNodeId = useGraphPaint(model, paintStore);
	const viewport = useGraphViewport(model, selectedNodeId);
	const actions = useRunToggles(paintStore, viewport);
	const onKeyDown = useGraphKeyboard(model, selectedNodeId, paintStore, viewport, actions);
	const explaining = useExplainReveal(model, viewport);
	const selectLeaf = useStore(selectSelectLeaf);
	const container = useRef<HTMLDivElement>(null);
	const hintId = useId();

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
	const onPaneClick = useCallback(() => container.current?.focus({ preventScroll: true }), []);

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
						<ReactFlow<FlowNode>
							nodes={model.nodes}
							edges={model.edges}
							nodeTypes={nodeTypes}
							edgeTypes={edgeTypes}
							onNodeClick={onNodeClick}
							onPaneClick={onPaneClick}
							onlyRenderVisibleElements={model.nodes.length > VIRTUALIZE_ABOVE}
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
							<MiniMap<FlowNode>
								pannable
								zoomable
								nodeColor={miniMapColor}
								nodeBorderRadius={6}
								style={MINIMAP_SIZE}
								ariaLabel="Overview of the session tree"
							/>
							<Controls showInteractive={false} />
						</ReactFlow>
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
