import { entryKind, entryPreview, outcomeLabel, type PathEntryFate, regionLabel } from "../../../core";
import { EntryLink } from "../Message/EntryLink";
import { EntryView } from "../Message/EntryView";
import { type RowList, useInspector } from "./inspectorContext";
import { useWholeEntry } from "./useWholeEntry";

interface Props {
	list: Extract<RowList, "path" | "entries">;
	fate: PathEntryFate;
	ordinal: number;
}

/** One path entry with its fate; opens to the full entry. */
export function EntryRow({ list, fate, ordinal }: Props) {
	const { entries, focusedId, isExpanded, toggleRow, explain } = useInspector();
	const open = isExpanded(list, entries[fate.position].id);
	// A skeleton's row is read from the file once it opens.
	const { entry, whole, failed } = useWholeEntry(fate.position, open);
	const kind = entryKind(entry);
	const focused = focusedId === entry.id;
	return (
		<div
			className={`ins-row ins-row--${fate.region}${fate.selected ? "" : " is-dropped"}${
				fate.selected && fate.messageCount === 0 ? " is-silent" : ""
			}${focused ? " is-focused" : ""}${explain?.focusIds.has(entry.id) ? " is-explain-focus" : ""}`}
			data-testid={list === "entries" ? "context-entry" : "path-entry"}
			data-entry-id={entry.id}
			data-region={fate.region}
		>
			<button
				type="button"
				className="ins-row__head"
				aria-expanded={open}
				onClick={() => toggleRow(list, entry.id, entry.id)}
			>
				<span className="ins-row__line">
					<span className="ins-row__ordinal">{ordinal}</span>
					<span className={`ins-kind ins-kind--${kind}`}>{kind}</span>
					<code className="ins-row__id">{entry.id}</code>
					<span className="ins-row__spacer" />
					{fate.region !== "whole" && (
						<span className={`ins-badge ins-badge--${fate.selected ? fate.region : "dropped"}`}>
							{regionLabel(fate)}
						</span>
					)}
					<span className={`ins-outcome${fate.omitted ? " is-omitted" : ""}`}>{outcomeLabel(fate)}</span>
				</span>
				<span className="ins-row__preview">
					{whole ? entryPreview(whole, 140) : "(not read yet: open the row to read it from the file)"}
				</span>
				<span className="ins-row__reason">{fate.reason}</span>
			</button>
			{open && (
				<div className="ins-row__detail">
					<FateFacts fate={fate} />
					{whole ? (
						<EntryView entry={whole} />
					) : (
						<p className="muted" role="status">
							{failed ? `Could not read this entry from the file: ${failed}` : "Reading the entry from the file…"}
						</p>
					)}
				</div>
			)}
		</div>
	);
}

function FateFacts({ fate }: { fate: PathEntryFate }) {
	const { analysis } = useInspector();
	const first = fate.messageStart;
	return (
		<dl className="msg-facts ins-fate">
			<dt>fate</dt>
			<dd>{fate.reason}</dd>
			{fate.selected && fate.messageCount > 0 && (
				<>
					<dt>messages</dt>
					<dd>
						{fate.messageCount === 1 ? `#${first + 1}` : `#${first + 1}–#${first + fate.messageCount}`} of{" "}
						{analysis.messages.length}
					</dd>
				</>
			)}
			{fate.editId && (
				<>
					<dt>context edit</dt>
					<dd>
						<EntryLink id={fate.editId} /> {fate.omitted ? "omits it" : "replaces its content"}
					</dd>
				</>
			)}
		</dl>
	);
}
