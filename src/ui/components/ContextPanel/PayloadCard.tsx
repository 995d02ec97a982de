import { useMemo, useState } from "react";
import { originLabel, type PayloadRowView, withStrings } from "../../../core";
import { selectSession, type TextSource, useStore } from "../../../store";
import { CopyButton } from "../Message/CopyButton";
import { EntryLink } from "../Message/EntryLink";
import { ValueSource } from "../Message/EntrySource";
import { formatCount, toJson } from "../Message/fields";
import { JsonView } from "../Message/JsonView";
import { MessageView } from "../Message/MessageView";
import { useInspector } from "./inspectorContext";
import { usePayloadRow } from "./useRow";

/** Provider message `index`, once its row is read. */
export function PayloadCardSlot({ index }: { index: number }) {
	const row = usePayloadRow(index);
	if (row === undefined || "error" in row) {
		return (
			<article className="ins-card ins-card--pending" data-testid="row-pending" aria-busy={row === undefined}>
				<span className="ins-row__ordinal">{index + 1}</span>{" "}
				<span className="muted">{row ? `Could not read this message: ${row.error}` : "Reading…"}</span>
			</article>
		);
	}
	return <PayloadCard row={row} />;
}

/** One provider message exactly as sent: rendered, or as raw JSON; copyable. */
export function PayloadCard({ row }: { row: PayloadRowView }) {
	const { leafId, focusedId, explain } = useInspector();
	const { source, index } = row;
	const [raw, setRaw] = useState(false);
	const textSource = useMemo<TextSource>(() => ({ of: "message", leafId, stage: "payload", index }), [leafId, index]);
	const reader = useStore(selectSession)?.reader;
	// The message whole as JSON: its long strings read from the worker (the row holds them cut).
	const copyJson = async () => {
		if (row.clips.length === 0 || !reader) return toJson(row.message);
		const strings = await Promise.all(
			row.clips.map(async (clip) => ({
				path: clip.path,
				text: await reader.text(textSource, clip.path, 0, clip.length),
			})),
		);
		return toJson(withStrings(row.message, strings));
	};
	return (
		<article
			className={`ins-card${focusedId === source.entryId ? " is-related" : ""}${
				explain?.step.id === "convert" && explain.focus(source.position) ? " is-explain-focus" : ""
			}`}
			data-testid="llm-message"
			data-role={row.role}
			data-entry-id={source.entryId}
		>
			<header className="ins-card__head">
				<span className="ins-row__ordinal">{index + 1}</span>
				<span className="ins-row__origin">
					from <EntryLink id={source.entryId} /> {originLabel(source.origin)}
					{source.editedBy && <> · edited by {source.editedBy}</>}
				</span>
				<span className="ins-row__spacer" />
				<span className="ins-tokens">≈{formatCount(row.tokens)} tok</span>
				<button
					type="button"
					className="msg-button"
					aria-pressed={raw}
					data-testid="llm-message-json"
					onClick={() => setRaw(!raw)}
				>
					JSON
				</button>
				<CopyButton text={copyJson} title="Copy this message as JSON" testId="copy-message" />
			</header>
			<ValueSource source={textSource} value={row.message} clips={row.clips} language={row.language}>
				{raw ? <JsonView value={row.message} /> : <MessageView message={row.message} />}
			</ValueSource>
		</article>
	);
}
