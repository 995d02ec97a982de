import { formatCount } from "../Message/fields";
import { MeasuredTokens } from "../Tokens/MeasuredTokens";
import { VirtualList } from "../VirtualList/VirtualList";
import { CATEGORY_LABELS } from "./Composition";
import { useInspector } from "./inspectorContext";
import { MessageRowSlot } from "./MessageRow";
import { SettingsFacts } from "./SettingsFacts";

/**
 * Stage 3: what `buildSessionContext` returns: the messages (with their source entries) and
 * settings; cut to one category of what is sent when the composition's filter is on.
 */
export function MessagesStage() {
	const { summary, filter, setFilter } = useInspector();
	const only = filter === null ? null : (summary.composition.parts.find((p) => p.category === filter) ?? null);
	const count = only ? only.messages.length : summary.counts.messages;
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
			{filter !== null && (
				<p className="ins-filter" data-testid="messages-filter" data-category={filter}>
					Only the messages with {CATEGORY_LABELS[filter].toLowerCase()} ({formatCount(count)} of{" "}
					{formatCount(summary.counts.messages)}).{" "}
					<button type="button" className="linkish" onClick={() => setFilter(null)}>
						Show every message
					</button>
				</p>
			)}
			{count === 0 ? (
				<p className="ins-empty">No messages.</p>
			) : (
				<VirtualList
					key={filter ?? "all"}
					count={count}
					estimate={46}
					rowKey={(i) => (only ? only.messages[i] : i)}
					renderRow={(i) => <MessageRowSlot index={only ? only.messages[i] : i} />}
					aria-label={
						only
							? `Session context messages with ${CATEGORY_LABELS[only.category].toLowerCase()}`
							: "Session context messages"
					}
				/>
			)}
		</>
	);
}
