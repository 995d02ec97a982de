import { ReactFlowProvider } from "@xyflow/react";
import { useStore } from "../../../store";
import { GraphCanvas } from "./GraphCanvas";
import "./Graph.css";

const selectHasSession = (s: { session: unknown }) => s.session !== null;

/** The session tree drawn with React Flow. */
export function Graph() {
	const hasSession = useStore(selectHasSession);
	if (!hasSession) return <div className="graph graph--empty">Open a session to see its tree.</div>;
	return (
		<ReactFlowProvider>
			<GraphCanvas />
		</ReactFlowProvider>
	);
}
