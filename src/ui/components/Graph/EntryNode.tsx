import { Handle, type NodeProps, Position } from "@xyflow/react";
import { memo } from "react";
import { useGraphActions } from "./graphActions";
import { KIND_LABEL } from "./kinds";
import { NodeBadges } from "./NodeBadges";
import { nodeClass, nodeTitle } from "./nodeClass";
import { useIsCursor, useNodePaint } from "./paintStore";
import { useFarZoom } from "./useFarZoom";
import type { EntryFlowNode } from "./useGraphModel";

/** One entry: its kind, id and a preview; leaves carry a tip marker, expanded runs a fold button. */
export const EntryNode = memo(function EntryNode({ id, data }: NodeProps<EntryFlowNode>) {
	const { node } = data;
	const paint = useNodePaint(id);
	const cursor = useIsCursor(id);
	const far = useFarZoom();
	const { fold } = useGraphActions();
	const kind = KIND_LABEL[node.entryKind];
	return (
		<div className={nodeClass(node, paint, cursor)} data-kind={node.entryKind} title={nodeTitle(node, kind, paint)}>
			<Handle type="target" position={Position.Top} isConnectable={false} />
			{far ? (
				<div className="graph-node__far">{kind}</div>
			) : (
				<>
					<div className="graph-node__head">
						<span className="graph-node__kind">{kind}</span>
						<span className="graph-node__id">{node.id}</span>
					</div>
					<div className="graph-node__preview">{node.preview}</div>
					<NodeBadges node={node} paint={paint} />
				</>
			)}
			{node.runStart && node.run && (
				<button
					type="button"
					className="graph-node__fold nodrag"
					data-testid="graph-fold"
					title="Fold this run back into one node"
					onClick={(event) => {
						event.stopPropagation();
						if (node.run) fold(node.run);
					}}
				>
					▴ fold
				</button>
			)}
			{node.isLeaf && <div className="graph-node__tip">{node.isCurrentLeaf ? "● current leaf" : "tip"}</div>}
			<Handle type="source" position={Position.Bottom} isConnectable={false} />
		</div>
	);
});
