import { BaseEdge, type EdgeProps, getBezierPath } from "@xyflow/react";
import { memo } from "react";
import type { NodeRegion } from "../../../core";
import { useNodePaint } from "./paintStore";

const EDGE_CLASS: Record<NodeRegion, string> = {
	context: "graph-edge is-path",
	checkpoint: "graph-edge is-path",
	kept: "graph-edge is-path is-path-kept",
	summarized: "graph-edge is-path is-path-summarized",
	skipped: "graph-edge is-path is-path-summarized",
	off: "graph-edge",
};

/** A parent → child link, painted like the child it leads to (on the selected path or not). */
export const TreeEdge = memo(function TreeEdge({
	target,
	sourceX,
	sourceY,
	targetX,
	targetY,
	sourcePosition,
	targetPosition,
}: EdgeProps) {
	const paint = useNodePaint(target);
	const [path] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
	return <BaseEdge path={path} className={EDGE_CLASS[paint?.region ?? "off"]} />;
});
