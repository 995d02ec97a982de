import { useState } from "react";
import { originLabel } from "../../../core";
import { CopyButton } from "../Message/CopyButton";
import { EntryLink } from "../Message/EntryLink";
import { formatCount, toJson } from "../Message/fields";
import { JsonView } from "../Message/JsonView";
import { MessageView } from "../Message/MessageView";
import { useInspector } from "./inspectorContext";

/** One provider message exactly as sent: rendered, or as raw JSON; copyable. */
export function PayloadCard({ index }: { index: number }) {
	const { analysis, pipeline, focusedId, explain } = useInspector();
	const item = pipeline.llm[index];
	const source = analysis.sources[item.from];
	const [raw, setRaw] = useState(false);
	return (
		<article
			className={`ins-card${focusedId === source.entryId ? " is-related" : ""}${
				explain?.step.id === "convert" && explain.focusIds.has(source.entryId) ? " is-explain-focus" : ""
			}`}
			data-testid="llm-message"
			data-role={item.message.role}
			data-entry-id={source.entryId}
		>
			<header className="ins-card__head">
				<span className="ins-row__ordinal">{index + 1}</span>
				<span className="ins-row__origin">
					from <EntryLink id={source.entryId} /> {originLabel(source.origin)}
					{source.editedBy && <> · edited by {source.editedBy}</>}
				</span>
				<span className="ins-row__spacer" />
				<span className="ins-tokens">≈{formatCount(item.tokens)} tok</span>
				<button
					type="button"
					className="msg-button"
					aria-pressed={raw}
					data-testid="llm-message-json"
					onClick={() => setRaw(!raw)}
				>
					JSON
				</button>
				<CopyButton text={() => toJson(item.message)} title="Copy this message as JSON" testId="copy-message" />
			</header>
			{raw ? <JsonView value={item.message} /> : <MessageView message={item.message} />}
		</article>
	);
}
