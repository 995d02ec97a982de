import { type Store, useStore } from "../../../store";
import { useNarrow } from "../../hooks/useNarrow";

const selectHasSession = (s: Store) => s.session !== null;
const selectNarrowGraph = (s: Store) => s.narrowGraph;
const selectSet = (s: Store) => s.setNarrowGraph;

/** In the one-column layout: switches between the tips and context and the graph. */
export function NarrowToggle() {
	const narrow = useNarrow();
	const hasSession = useStore(selectHasSession);
	const graph = useStore(selectNarrowGraph);
	const set = useStore(selectSet);
	if (!narrow || !hasSession) return null;
	return (
		<button
			type="button"
			className="button"
			data-testid="narrow-toggle"
			aria-pressed={graph}
			onClick={() => set(!graph)}
		>
			{graph ? "Tips & context" : "Graph"}
		</button>
	);
}
