import type { Ref } from "react";
import { formatCount } from "../Message/fields";
import { VirtualList, type VirtualListHandle } from "../VirtualList/VirtualList";
import { EntryRow } from "./EntryRow";
import { useInspector } from "./inspectorContext";

/** Stage 2: the entries `buildContextEntries` returns, in builder order, with the rule that chose them. */
export function EntriesStage({ handle }: { handle: Ref<VirtualListHandle> }) {
	const { analysis, pipeline } = useInspector();
	const fates = pipeline.selectedFates;
	const summarized = analysis.fates.length - fates.length;
	return (
		<>
			<p
				className={`ins-rule ins-rule--${pipeline.rule.severity}`}
				data-testid="context-rule"
				data-rule={analysis.rule}
				role={pipeline.rule.severity === "warning" ? "alert" : undefined}
			>
				<span className="ins-rule__name">
					{pipeline.rule.severity === "warning" ? "⚠ " : ""}rule: {analysis.rule}
				</span>{" "}
				{pipeline.rule.text}
			</p>
			{summarized > 0 && (
				<p className="ins-note">
					{formatCount(summarized)} path {summarized === 1 ? "entry is" : "entries are"} not read: open stage 1 (Path)
					to see them.
				</p>
			)}
			{fates.length === 0 ? (
				<p className="ins-empty">No entries: the model would receive nothing.</p>
			) : (
				<VirtualList
					key={analysis.leaf}
					count={fates.length}
					estimate={62}
					handle={handle}
					rowKey={(i) => fates[i].position}
					renderRow={(i) => <EntryRow list="entries" fate={fates[i]} ordinal={i + 1} />}
					aria-label="Entries the builder reads"
				/>
			)}
		</>
	);
}
