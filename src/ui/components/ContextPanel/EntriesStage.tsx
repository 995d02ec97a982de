import type { Ref } from "react";
import { formatCount } from "../Message/fields";
import { VirtualList, type VirtualListHandle } from "../VirtualList/VirtualList";
import { EntryRowSlot } from "./EntryRow";
import { useInspector } from "./inspectorContext";

/** Stage 2: the entries `buildContextEntries` returns, in builder order, with the rule that chose them. */
export function EntriesStage({ handle }: { handle: Ref<VirtualListHandle> }) {
	const { summary } = useInspector();
	const { ruleNote, rule, counts } = summary;
	const notRead = counts.path - counts.entries;
	return (
		<>
			<p
				className={`ins-rule ins-rule--${ruleNote.severity}`}
				data-testid="context-rule"
				data-rule={rule}
				role={ruleNote.severity === "warning" ? "alert" : undefined}
			>
				<span className="ins-rule__name">
					{ruleNote.severity === "warning" ? "⚠ " : ""}rule: {rule}
				</span>{" "}
				{ruleNote.text}
			</p>
			{notRead > 0 && (
				<p className="ins-note">
					{formatCount(notRead)} path {notRead === 1 ? "entry is" : "entries are"} not read: open stage 1 (Path) to see
					them.
				</p>
			)}
			{counts.entries === 0 ? (
				<p className="ins-empty">No entries: the model would receive nothing.</p>
			) : (
				<VirtualList
					count={counts.entries}
					estimate={62}
					handle={handle}
					rowKey={(i) => i}
					renderRow={(i) => <EntryRowSlot list="entries" index={i} />}
					aria-label="Entries the builder reads"
				/>
			)}
		</>
	);
}
