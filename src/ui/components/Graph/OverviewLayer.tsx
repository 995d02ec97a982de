import { ViewportPortal } from "@xyflow/react";
import { useContext, useMemo } from "react";
import { useStore } from "zustand";
import type { SessionGraph } from "../../../core";
import { kindColor } from "./kinds";
import { type OverviewPaths, pathBoxes } from "./overview";
import { GraphPaintContext } from "./paintStore";

interface Props {
	graph: SessionGraph;
	/** The graph's overview paths (`useOverviewPaths`), null while they are made. */
	paths: OverviewPaths | null;
}

/**
 * The whole tree as a handful of SVG paths (node boxes by kind, edges, the selected path), drawn
 * in place of React Flow's nodes while the view is zoomed too far out to read them: a few elements
 * instead of thousands, so panning and zooming stay smooth. Click a box to zoom in on it.
 */
export function OverviewLayer({ graph, paths }: Props) {
	const store = useContext(GraphPaintContext);
	if (!store) throw new Error("the overview needs a GraphPaintContext");
	const paint = useStore(store, (s) => s.paint);
	const selected = useMemo(() => pathBoxes(graph, paint), [graph, paint]);
	return (
		<ViewportPortal>
			<svg
				className="graph-overview"
				data-testid="graph-overview"
				width={graph.width}
				height={graph.height}
				style={{ position: "absolute", left: 0, top: 0 }}
				aria-hidden="true"
			>
				{paths && <path className="graph-overview__edges" d={paths.edges} />}
				{paths?.kinds.map((k) => (
					<path key={k.kind} d={k.d} fill={kindColor(k.kind)} />
				))}
				<path className="graph-overview__path" d={selected.path} />
				<path className="graph-overview__leaf" d={selected.leaf} />
			</svg>
		</ViewportPortal>
	);
}
