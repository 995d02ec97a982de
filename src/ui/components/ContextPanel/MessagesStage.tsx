import { useMemo } from "react";
import { measuredOfAnalysis } from "../../../core";
import { formatCount } from "../Message/fields";
import { MeasuredTokens } from "../Tokens/MeasuredTokens";
import { VirtualList } from "../VirtualList/VirtualList";
import { useInspector } from "./inspectorContext";
import { MessageRow } from "./MessageRow";
import { SettingsFacts } from "./SettingsFacts";

/** Stage 3: what `buildSessionContext` returns: the messages (with their source entries) and settings. */
export function MessagesStage() {
	const { entries, analysis, pipeline } = useInspector();
	const count = analysis.messages.length;
	const measured = useMemo(() => measuredOfAnalysis(entries, analysis), [entries, analysis]);
	return (
		<>
			<SettingsFacts />
			<div className="ins-toolbar">
				{formatCount(count)} message{count === 1 ? "" : "s"} · ≈{formatCount(pipeline.contextTokens)} tokens ·{" "}
				<MeasuredTokens estimate={pipeline.contextTokens} measured={measured} compact testId="messages-measured" />
			</div>
			{count === 0 ? (
				<p className="ins-empty">No messages.</p>
			) : (
				<VirtualList
					key={analysis.leaf}
					count={count}
					estimate={46}
					rowKey={(i) => i}
					renderRow={(i) => <MessageRow index={i} />}
					aria-label="Session context messages"
				/>
			)}
		</>
	);
}
