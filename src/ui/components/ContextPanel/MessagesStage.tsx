import { formatCount } from "../Message/fields";
import { MeasuredTokens } from "../Tokens/MeasuredTokens";
import { VirtualList } from "../VirtualList/VirtualList";
import { useInspector } from "./inspectorContext";
import { MessageRowSlot } from "./MessageRow";
import { SettingsFacts } from "./SettingsFacts";

/** Stage 3: what `buildSessionContext` returns: the messages (with their source entries) and settings. */
export function MessagesStage() {
	const { summary } = useInspector();
	const count = summary.counts.messages;
	return (
		<>
			<SettingsFacts />
			<div className="ins-toolbar">
				{formatCount(count)} message{count === 1 ? "" : "s"} · ≈{formatCount(summary.tokens.context)} tokens ·{" "}
				<MeasuredTokens
					estimate={summary.tokens.context}
					measured={summary.measured}
					compact
					testId="messages-measured"
				/>
			</div>
			{count === 0 ? (
				<p className="ins-empty">No messages.</p>
			) : (
				<VirtualList
					count={count}
					estimate={46}
					rowKey={(i) => i}
					renderRow={(i) => <MessageRowSlot index={i} />}
					aria-label="Session context messages"
				/>
			)}
		</>
	);
}
