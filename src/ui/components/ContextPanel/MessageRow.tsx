import { messagePreview, originLabel } from "../../../core";
import { EntryLink } from "../Message/EntryLink";
import { formatCount } from "../Message/fields";
import { MessageView } from "../Message/MessageView";
import { useInspector } from "./inspectorContext";

/** One message of the session context: role, origin, source entry, tokens; opens to the message. */
export function MessageRow({ index }: { index: number }) {
	const { analysis, pipeline, focusedId, isExpanded, toggleRow, explain } = useInspector();
	const message = analysis.messages[index];
	const source = analysis.sources[index];
	const role = String((message as { role?: unknown }).role);
	const excluded =
		role === "bashExecution" && (message as { excludeFromContext?: unknown }).excludeFromContext === true;
	const open = isExpanded("messages", String(index));
	return (
		<div
			className={`ins-row ins-row--message${focusedId === source.entryId ? " is-related" : ""}${
				explain?.step.id === "project" && explain.focusIds.has(source.entryId) ? " is-explain-focus" : ""
			}`}
			data-testid="context-message"
			data-role={role}
			data-entry-id={source.entryId}
		>
			<button
				type="button"
				className="ins-row__head"
				aria-expanded={open}
				onClick={() => toggleRow("messages", String(index))}
			>
				<span className="ins-row__line">
					<span className="ins-row__ordinal">{index + 1}</span>
					<span className={`ins-role ins-role--${role}`}>{role}</span>
					<span className="ins-row__origin">
						← <code>{source.entryId}</code> {originLabel(source.origin)}
					</span>
					<span className="ins-row__spacer" />
					{source.editedBy && <span className="ins-badge ins-badge--edited">edited by {source.editedBy}</span>}
					{excluded && <span className="ins-badge ins-badge--dropped">!! not sent</span>}
					<span className="ins-tokens">≈{formatCount(pipeline.messageTokens[index])} tok</span>
				</span>
				<span className="ins-row__preview">{messagePreview(message, 140)}</span>
			</button>
			{open && (
				<div className="ins-row__detail">
					<dl className="msg-facts">
						<dt>source</dt>
						<dd>
							<EntryLink id={source.entryId} /> ({originLabel(source.origin)})
						</dd>
					</dl>
					<MessageView message={message} />
				</div>
			)}
		</div>
	);
}
