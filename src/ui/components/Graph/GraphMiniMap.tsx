import { Panel, useStore as useFlowStore, useReactFlow } from "@xyflow/react";
import { type PointerEvent, useRef } from "react";
import type { SessionGraph } from "../../../core";
import { kindColor } from "./kinds";
import type { OverviewPaths } from "./overview";

const WIDTH = 150;
const HEIGHT = 110;
/** A small pane gets a smaller map. */
const SMALL_PANE = 560;

const selectView = (s: { transform: [number, number, number]; width: number; height: number }) =>
	`${s.transform[0]},${s.transform[1]},${s.transform[2]},${s.width},${s.height}`;

/**
 * The whole tree in the corner, with the part on screen framed: the overview's few paths (one per
 * entry kind) instead of an element per node, so that it draws at once for thousands of nodes.
 * Pressing or dragging on it brings that part of the tree to the middle of the pane. Each axis is
 * scaled to fill the box on its own, so a long chain shows as a column with its branches rather
 * than as a thin line.
 */
export function GraphMiniMap({ graph, paths }: { graph: SessionGraph; paths: OverviewPaths | null }) {
	const [tx, ty, zoom, paneWidth, paneHeight] = useFlowStore(selectView).split(",").map(Number);
	const rf = useReactFlow();
	const dragging = useRef(false);

	// The graph and the view, framed together; each axis scaled to fit the box.
	const small = paneWidth < SMALL_PANE;
	const boxWidth = small ? 100 : WIDTH;
	const boxHeight = small ? 76 : HEIGHT;
	const view = { x: -tx / zoom, y: -ty / zoom, width: paneWidth / zoom, height: paneHeight / zoom };
	const pad = 24;
	const left = Math.min(0, view.x) - pad;
	const top = Math.min(0, view.y) - pad;
	const right = Math.max(graph.width, view.x + view.width) + pad;
	const bottom = Math.max(graph.height, view.y + view.height) + pad;
	const scaleX = Math.max((right - left) / boxWidth, 1e-6);
	const scaleY = Math.max((bottom - top) / boxHeight, 1e-6);

	const centreAt = (e: PointerEvent<SVGSVGElement>) => {
		const box = e.currentTarget.getBoundingClientRect();
		const x = left + (e.clientX - box.left) * scaleX;
		const y = top + (e.clientY - box.top) * scaleY;
		void rf.setViewport({ x: paneWidth / 2 - x * zoom, y: paneHeight / 2 - y * zoom, zoom });
	};

	return (
		<Panel position="bottom-right" className="react-flow__minimap graph-minimap">
			<svg
				width={boxWidth}
				height={boxHeight}
				viewBox={`${left} ${top} ${right - left} ${bottom - top}`}
				preserveAspectRatio="none"
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
				{paths && <path className="graph-minimap__edges" d={paths.edges} />}
				{paths?.kinds.map((k) => (
					<path key={k.kind} d={k.d} fill={kindColor(k.kind)} />
				))}
				<rect className="graph-minimap__view" x={view.x} y={view.y} width={view.width} height={view.height} />
			</svg>
		</Panel>
	);
}
