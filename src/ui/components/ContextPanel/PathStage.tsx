import type { Ref } from "react";
import { VirtualList, type VirtualListHandle } from "../VirtualList/VirtualList";
import { EntryRowSlot } from "./EntryRow";
import { useInspector } from "./inspectorContext";

/** Stage 1: every entry from the root to the leaf, with its fate. */
export function PathStage({ handle }: { handle: Ref<VirtualListHandle> }) {
	const { summary } = useInspector();
	const count = summary.counts.path;
	if (count === 0) return <p className="ins-empty">The empty path: the leaf is "before the first entry".</p>;
	return (
		<VirtualList
			count={count}
			estimate={62}
			handle={handle}
			rowKey={(i) => i}
			renderRow={(i) => <EntryRowSlot list="path" index={i} />}
			aria-label="Path from the root to the leaf"
		/>
	);
}
