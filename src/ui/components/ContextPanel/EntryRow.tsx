import { useEffect } from "react";
import { type EntryRowView, outcomeLabel, regionLabel } from "../../../core";
import { selectWholeEntry, useStore } from "../../../store";
import { EntryLink } from "../Message/EntryLink";
import { EntrySource } from "../Message/EntrySource";
import { EntryView } from "../Message/EntryView";
import { type RowList, useInspector } from "./inspectorContext";
import { useEntryRow } from "./useRow";

interface SlotProps {
	list: Extract<RowList, "path" | "entries">;
	index: number;
}

/** Row `index` of the path or of the entries read: the row once it is read, a placeholder till then. */
export function EntryRowSlot({ list, index }: SlotProps) {
	const row = useEntryRow(list, index);
	if (row === undefined || "error" in row) {
		return (
			<div className="ins-row ins-row--pending" data-testid="row-pending" aria-busy={row === undefined}>
				<span className="ins-row__line">
					<span className="ins-row__ordinal">{index + 1}</span>
					<span className="muted">{row ? `Could not read this row: ${row.error}` : "Reading…"}</span>
				</span>
			</div>
		);
	}
	return <EntryRow list={list} row={row} ordinal={index + 1} />;
}

const selectAskEntry = (s: { askEntry(position: number): void }) => s.askEntry;

/** One path entry with its fate; opens to the full entry. */
export function EntryRow({ list, row, ordinal }: { list: SlotProps["list"]; row: EntryRowView; ordinal: number }) {
	const { focusedId, isExpanded, toggleRow, explain } = useInspector();
	const open = isExpanded(list, row.id);
	const focused = focusedId === row.id;
	return (
		<div
			className={`ins-row ins-row--${row.region}${row.selected ? "" : " is-dropped"}${
				row.selected && row.messageCount === 0 ? " is-silent" : ""
			}${focused ? " is-focused" : ""}${explain?.focus(row.position) ? " is-explain-focus" : ""}`}
			data-testid={list === "entries" ? "context-entry" : "path-entry"}
			data-entry-id={row.id}
			data-region={row.region}
		>
			<button
				type="button"
				className="ins-row__head"
				data-testid="entry-row"
				data-entry-id={row.id}
				aria-expanded={open}
				onClick={() => toggleRow(list, row.id, row.id, row.position)}
			>
				<span className="ins-row__line">
					<span className="ins-row__ordinal">{ordinal}</span>
					<span className={`ins-kind ins-kind--${row.kind}`}>{row.kind}</span>
					<code className="ins-row__id">{row.id}</code>
					<span className="ins-row__spacer" />
					{row.region !== "whole" && (
						<span className={`ins-badge ins-badge--${row.selected ? row.region : "dropped"}`}>{regionLabel(row)}</span>
					)}
					<span className={`ins-outcome${row.omitted ? " is-omitted" : ""}`}>{outcomeLabel(row)}</span>
				</span>
				<span className="ins-row__preview">{row.preview}</span>
				<span className="ins-row__reason">{row.reason}</span>
				{row.marks && (
					<span className="ins-row__marks" data-testid="entry-marks">
						{row.marks}
					</span>
				)}
			</button>
			{open && (
				<div className="ins-row__detail">
					<FateFacts row={row} />
					<WholeEntry position={row.position} />
				</div>
			)}
		</div>
	);
}

/** The entry at `position` in full, read from the file when its row opens. */
function WholeEntry({ position }: { position: number }) {
	const whole = useStore((s) => selectWholeEntry(s, position));
	const askEntry = useStore(selectAskEntry);
	useEffect(() => {
		if (!whole) askEntry(position);
	}, [whole, askEntry, position]);
	if (whole?.status === "ready") {
		return (
			<EntrySource position={position} clips={whole.value.clips} value={whole.value.value}>
				<EntryView entry={whole.value.value} />
			</EntrySource>
		);
	}
	return (
		<p className="muted" role="status">
			{whole?.status === "failed"
				? `Could not read this entry from the file: ${whole.error}`
				: "Reading the entry from the file…"}
		</p>
	);
}

function FateFacts({ row }: { row: EntryRowView }) {
	const { summary } = useInspector();
	const first = row.messageStart;
	return (
		<dl className="msg-facts ins-fate">
			<dt>fate</dt>
			<dd>{row.reason}</dd>
			{row.selected && row.messageCount > 0 && (
				<>
					<dt>messages</dt>
					<dd>
						{row.messageCount === 1 ? `#${first + 1}` : `#${first + 1}–#${first + row.messageCount}`} of{" "}
						{summary.counts.messages}
					</dd>
				</>
			)}
			{row.editId && (
				<>
					<dt>context edit</dt>
					<dd>
						<EntryLink id={row.editId} /> {row.omitted ? "omits it" : "replaces its content"}
					</dd>
				</>
			)}
		</dl>
	);
}
