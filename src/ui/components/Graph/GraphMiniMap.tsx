import { Panel, useStore as useFlowStore, useReactFlow } from "@xyflow/react";
import { type PointerEvent, useMemo, useRef } from "react";
import type { SessionGraph } from "../../../core";
import { kindColor } from "./kinds";
import { overviewPaths } from "./overview";

const WIDTH = 150;
const HEIGHT = 110;

const selectView = (s: { transform: [number, number, number]; width: number; height: number }) =>
	`${s.transform[0]},${s.transform[1]},${s.transform[2]},${s.width},${s.height}`;

/**
 * The whole tree in the corner, with the part on screen framed: the overview's few paths (one per
 * entry kind) instead of an element per node, so that it draws at once for thousands of nodes.
 * Pressing or dragging on it brings that part of the tree to the middle of the pane.
 */
export function GraphMiniMap({ graph }: { graph: SessionGraph }) {
	const paths = useMemo(() => overviewPaths(graph), [graph]);
	const [tx, ty, zoom, paneWidth, paneHeight] = useFlowStore(selectView).split(",").map(Number);
	const rf = useReactFlow();
	const dragging = useRef(false);

	// The graph and the view, framed together and scaled to fit the box.
	const view = { x: -tx / zoom, y: -ty / zoom, width: paneWidth / zoom, height: paneHeight / zoom };
	const left = Math.min(0, view.x);
	const top = Math.min(0, view.y);
	const right = Math.max(graph.width, view.x + view.width);
	const bottom = Math.max(graph.height, view.y + view.height);
	const scale = Math.max((right - left) / WIDTH, (bottom - top) / HEIGHT, 1e-6);
	const originX = left - (WIDTH * scale - (right - left)) / 2;
	const originY = top - (HEIGHT * scale - (bottom - top)) / 2;

	const centreAt = (e: PointerEvent<SVGSVGElement>) => {
		const box = e.currentTarget.getBoundingClientRect();
		const x = originX + (e.clientX - box.left) * scale;
		const y = originY + (e.clientY - box.top) * scale;
		void rf.setViewport({ x: paneWidth / 2 - x * zoom, y: paneHeight / 2 - y * zoom, zoom });
	};

	return (
		<Panel position="bottom-right" className="react-flow__minimap graph-minimap">
			<svg
				width={WIDTH}
				height={HEIGHT}
				viewBox={`${originX} ${originY} ${WIDTH * scale} ${HEIGHT * scale}`}
				role="img"
				aria-label="Overview of the session tree"
				data-testid="graph-minimap"
				onPointerDown={(e) => {
					dragging.current = true;
					e.currentTarget.setPointerCapture(e.pointerId);
					centreAt(e);
				}}
				onPointerMove={(e) => {
					if (dragging.current) centreAt(e);
				}}
				onPointerUp={() => {
					dragging.current = false;
				}}
			>
				<path className="graph-minimap__edges" d={paths.edges} strokeWidth={scale} />
				{paths.kinds.map((k) => (
					<path key={k.kind} d={k.d} fill={kindColor(k.kind)} />
				))}
				<rect
					className="graph-minimap__view"
					x={view.x}
					y={view.y}
					width={view.width}
					height={view.height}
					strokeWidth={2 * scale}
				/>
			</svg>
		</Panel>
	);
}
