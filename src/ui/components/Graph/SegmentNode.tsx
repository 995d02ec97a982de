import { Handle, type NodeProps, Position } from "@xyflow/react";
import { memo } from "react";
import { useGraphActions } from "./graphActions";
import { KIND_LABEL, kindColor } from "./kinds";
import { NodeBadges } from "./NodeBadges";
import { nodeClass, nodeTitle } from "./nodeClass";
import { useIsCursor, useNodePaint } from "./paintStore";
import { useFarZoom } from "./useFarZoom";
import type { SegmentFlowNode } from "./useGraphModel";

/** A folded run of plain entries: how many, what kinds, the first one's preview. Click expands. */
export const SegmentNode = memo(function SegmentNode({ id, data }: NodeProps<SegmentFlowNode>) {
	const { node } = data;
	const paint = useNodePaint(id);
	const cursor = useIsCursor(id);
	const far = useFarZoom();
	const { expand } = useGraphActions();
	// The kinds of the run's entries, once the worker counted them (see `useFaces`).
	const kinds = node.kinds ?? [];
	const expandTitle = `Expand ${node.count} entries`;
	const composition = kinds.map((k) => `${k.count} ${KIND_LABEL[k.kind]}`).join(" · ");
	return (
		<div
			className={nodeClass(node, paint, cursor)}
			data-kind={node.entryKind}
			data-count={node.count}
			title={`${nodeTitle(node, "", paint)}\n${composition}`}
		>
			<Handle type="target" position={Position.Top} isConnectable={false} />
			{far ? (
				<button
					type="button"
					className="graph-node__far graph-node__far-expand nodrag"
					data-testid="graph-expand"
					title={expandTitle}
					onClick={(event) => {
						event.stopPropagation();
						expand(id);
					}}
				>
					×{node.count}
				</button>
			) : (
				<>
					<div className="graph-node__head">
						<span className="graph-node__count">{node.count} entries</span>
						<button
							type="button"
							className="graph-node__expand nodrag"
							data-testid="graph-expand"
							title={expandTitle}
							onClick={(event) => {
								event.stopPropagation();
								expand(id);
							}}
						>
							▾ expand
						</button>
					</div>
					<div className="graph-node__preview graph-node__preview--one">{node.preview}</div>
					<div className="graph-node__kinds">{composition}</div>
					<NodeBadges node={node} paint={paint} />
				</>
			)}
			<div className="graph-node__bar" aria-hidden="true">
				{kinds.map((k) => (
					<span key={k.kind} style={{ flexGrow: k.count, background: kindColor(k.kind) }} />
				))}
			</div>
			<Handle type="source" position={Position.Bottom} isConnectable={false} />
		</div>
	);
});
