import { useMemo } from "react";
import { type MessageRowView, originLabel } from "../../../core";
import type { TextSource } from "../../../store";
import { EntryLink } from "../Message/EntryLink";
import { ValueSource } from "../Message/EntrySource";
import { formatCount } from "../Message/fields";
import { MessageView } from "../Message/MessageView";
import { useInspector } from "./inspectorContext";
import { useMessageRow } from "./useRow";

/** Message `index` of the session context, once its row is read. */
export function MessageRowSlot({ index }: { index: number }) {
	const row = useMessageRow(index);
	if (row === undefined || "error" in row) {
		return (
			<div className="ins-row ins-row--pending" data-testid="row-pending" aria-busy={row === undefined}>
				<span className="ins-row__line">
					<span className="ins-row__ordinal">{index + 1}</span>
					<span className="muted">{row ? `Could not read this message: ${row.error}` : "Reading…"}</span>
				</span>
			</div>
		);
	}
	return <MessageRow row={row} />;
}

/** One message of the session context: role, origin, source entry, tokens; opens to the message. */
export function MessageRow({ row }: { row: MessageRowView }) {
	const { leafId, focusedId, isExpanded, toggleRow, explain } = useInspector();
	const { source, role, index } = row;
	const open = isExpanded("messages", String(index));
	const textSource = useMemo<TextSource>(() => ({ of: "message", leafId, stage: "messages", index }), [leafId, index]);
	return (
		<div
			className={`ins-row ins-row--message${focusedId === source.entryId ? " is-related" : ""}${
				explain?.step.id === "project" && explain.focus(source.position) ? " is-explain-focus" : ""
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
					{row.excluded && <span className="ins-badge ins-badge--dropped">!! not sent</span>}
					<span className="ins-tokens">≈{formatCount(row.tokens)} tok</span>
				</span>
				<span className="ins-row__preview">{row.preview}</span>
			</button>
			{open && (
				<div className="ins-row__detail">
					<dl className="msg-facts">
						<dt>source</dt>
						<dd>
							<EntryLink id={source.entryId} /> ({originLabel(source.origin)})
						</dd>
					</dl>
					<ValueSource source={textSource} value={row.message} clips={row.clips} language={row.language}>
						<MessageView message={row.message} />
					</ValueSource>
				</div>
			)}
		</div>
	);
}
