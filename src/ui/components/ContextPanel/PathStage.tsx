import type { Ref } from "react";
import { VirtualList, type VirtualListHandle } from "../VirtualList/VirtualList";
import { EntryRow } from "./EntryRow";
import { useInspector } from "./inspectorContext";

/** Stage 1: every entry from the root to the leaf, with its fate. */
export function PathStage({ handle }: { handle: Ref<VirtualListHandle> }) {
	const { analysis } = useInspector();
	const fates = analysis.fates;
	if (fates.length === 0) return <p className="ins-empty">The empty path: the leaf is "before the first entry".</p>;
	return (
		<VirtualList
			key={analysis.leaf}
			count={fates.length}
			estimate={62}
			handle={handle}
			rowKey={(i) => fates[i].position}
			renderRow={(i) => <EntryRow list="path" fate={fates[i]} ordinal={i + 1} />}
			aria-label="Path from the root to the leaf"
		/>
	);
}
