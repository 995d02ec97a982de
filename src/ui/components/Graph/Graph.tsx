import {
	Background,
	Controls,
	type Edge,
	Handle,
	MiniMap,
	type Node,
	type NodeProps,
	Position,
	ReactFlow,
} from "@xyflow/react";
import { memo, useMemo } from "react";
import { buildGraph, type GraphNode } from "../../../core";
import { useStore } from "../../../store";
import { useSessionIndex } from "../../hooks/useSession";

type EntryNodeData = { node: GraphNode };
type FlowNode = Node<EntryNodeData, "entry">;

const EntryNode = memo(function EntryNode({ data }: NodeProps<FlowNode>) {
	const n = data.node;
	return (
		<div className={`graph-node graph-node--${n.entryKind}${n.kind === "segment" ? " graph-node--segment" : ""}`}>
			<Handle type="target" position={Position.Top} />
			<div className="graph-node__head">
				<span>{n.kind === "segment" ? `${n.count} entries` : n.entryKind}</span>
				{n.isCurrentLeaf && <span className="badge">current</span>}
				{n.label && <span className="badge badge--label">{n.label}</span>}
			</div>
			<div className="graph-node__preview">{n.preview}</div>
			<Handle type="source" position={Position.Bottom} />
		</div>
	);
});

const nodeTypes = { entry: EntryNode };

/** The session tree drawn with React Flow. */
export function Graph() {
	const { index } = useSessionIndex();
	const expanded = useStore((s) => s.expanded);
	const selectLeaf = useStore((s) => s.selectLeaf);
	const toggleSegment = useStore((s) => s.toggleSegment);
	const graph = useMemo(() => (index ? buildGraph(index, expanded) : null), [index, expanded]);
	const nodes = useMemo<FlowNode[]>(
		() =>
			graph?.nodes.map((n) => ({
				id: n.id,
				type: "entry",
				position: { x: n.x, y: n.y },
				data: { node: n },
				draggable: false,
			})) ?? [],
		[graph],
	);
	const edges = useMemo<Edge[]>(() => graph?.edges.map((e) => ({ ...e })) ?? [], [graph]);
	if (!graph) return <div className="graph graph--empty">Open a session to see its tree.</div>;
	return (
		<div className="graph" data-testid="graph">
			<ReactFlow
				nodes={nodes}
				edges={edges}
				nodeTypes={nodeTypes}
				fitView
				minZoom={0.05}
				onlyRenderVisibleElements
				nodesConnectable={false}
				onNodeClick={(_, node) => {
					const n = (node.data as EntryNodeData).node;
					if (n.kind === "segment") toggleSegment(n.id);
					else selectLeaf(n.id);
				}}
			>
				<Background />
				<MiniMap pannable zoomable />
				<Controls showInteractive={false} />
			</ReactFlow>
		</div>
	);
}
