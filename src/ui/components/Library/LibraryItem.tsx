import { useState } from "react";
import type { SessionMeta } from "../../../store";
import { type Store, useStore } from "../../../store";
import { ConfirmButtons } from "./ConfirmButtons";
import { FolderOrigin } from "./FolderOrigin";
import { formatBytes, formatCount, formatDate } from "./format";
import { PencilIcon, TrashIcon } from "./icons";
import { displayName } from "./libraryView";
import { RenameForm } from "./RenameForm";

const selectOpenStored = (s: Store) => s.openStored;
const selectRename = (s: Store) => s.renameSession;
const selectDelete = (s: Store) => s.deleteSession;

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

function updatedNote(m: SessionMeta): string | null {
	if (!m.reloads) return null;
	const delta = m.previousEntries === undefined ? 0 : m.entries - m.previousEntries;
	const change = delta > 0 ? `, ${plural(delta, "new entry", "new entries")}` : delta < 0 ? `, ${-delta} fewer` : "";
	return `Loaded again ${formatDate(m.storedAt)}${change}`;
}

interface Props {
	meta: SessionMeta;
	active: boolean;
	/** Fork depth under the row it is shown beneath (0: top level). */
	depth?: number;
	/** Stored forks of this session. */
	forks?: number;
	/** The stored parent's name, for a fork not shown under its parent. */
	forkOf?: string;
	/**
	 * The stored session with the same session id this one does not continue (two copies
	 * continued apart), named; shown only while that one is stored.
	 */
	divergedFrom?: string;
	/** In a collapsed group: kept in the page, not shown. */
	hidden?: boolean;
}

/** One stored session: opens on click; rename and delete (with an in-page confirmation). */
export function LibraryItem({ meta: m, active, depth = 0, forks = 0, forkOf, divergedFrom, hidden = false }: Props) {
	const openStored = useStore(selectOpenStored);
	const rename = useStore(selectRename);
	const remove = useStore(selectDelete);
	const [mode, setMode] = useState<"view" | "rename" | "delete">("view");
	const name = displayName(m);
	const updated = updatedNote(m);
	const date = formatDate(m.modified || m.created);
	return (
		<li
			className={`library-entry${active ? " is-active" : ""}${depth > 0 ? " is-fork" : ""}`}
			style={depth > 0 ? { marginLeft: `${Math.min(depth, 4) * 14}px` } : undefined}
			hidden={hidden}
		>
			<button
				type="button"
				className="library-item"
				data-testid="library-item"
				data-session-id={m.id}
				data-depth={depth}
				aria-current={active ? "true" : undefined}
				title={`${m.fileName}${m.displayName ? `\n${m.title}` : ""}\n${m.cwd || "(no working directory)"}`}
				onClick={() => void openStored(m.id)}
			>
				<span className="library-item__name" data-testid="library-item-name">
					{name}
				</span>
				{(forks > 0 || forkOf) && (
					<span className="library-item__line library-item__lineage">
						{forkOf && <>fork of {forkOf}</>}
						{forkOf && forks > 0 && " · "}
						{forks > 0 && plural(forks, "fork")}
					</span>
				)}
				{m.archive && (
					<span className="library-item__line library-item__lineage" data-testid="library-item-archive">
						archived on {m.archive.reason}
						{m.archive.time ? ` · ${formatDate(m.archive.time)}` : ""}
					</span>
				)}
				<FolderOrigin id={m.id} />
				{divergedFrom && (
					<span
						className="library-item__line library-item__lineage"
						data-testid="library-item-diverged"
						title="Same session id, other content: kept beside it, not replacing it"
					>
						diverged from {divergedFrom}
					</span>
				)}
				{updated && (
					<span className="library-item__badge" data-testid="library-item-updated" title={updated}>
						updated
					</span>
				)}
				<span className="library-item__line">
					{date && <>{date} · </>}
					{m.fileName}
				</span>
				<span className="library-item__stats">
					<span>{plural(m.entries, "entry", "entries")} ·</span> <span>{plural(m.leaves, "tip")} ·</span>{" "}
					<span>{plural(m.compactions, "compaction")} ·</span> <span>{formatBytes(m.size)}</span>
				</span>
			</button>
			<div className="library-entry__actions">
				<button
					type="button"
					className="icon-button"
					data-testid="library-rename"
					aria-label={`Rename ${name}`}
					title="Rename (the file is not changed)"
					onClick={() => setMode(mode === "rename" ? "view" : "rename")}
				>
					<PencilIcon />
				</button>
				<button
					type="button"
					className="icon-button icon-button--danger"
					data-testid="library-delete"
					aria-label={`Delete ${name}`}
					title="Delete from the library"
					onClick={() => setMode(mode === "delete" ? "view" : "delete")}
				>
					<TrashIcon />
				</button>
			</div>
			{mode === "rename" && (
				<RenameForm
					initial={m.displayName ?? name}
					onCancel={() => setMode("view")}
					onSave={(value) => {
						setMode("view");
						void rename(m.id, value);
					}}
				/>
			)}
			{mode === "delete" && (
				<div className="library-confirm" role="alertdialog" aria-label="Confirm delete" data-testid="delete-confirm">
					<span>Delete “{name}” from the library? The stored copy is removed; your file is untouched.</span>
					<span className="library-confirm__buttons">
						<ConfirmButtons
							label="Delete"
							testId="library-delete-confirm"
							cancelTestId="library-delete-cancel"
							onConfirm={() => void remove(m.id)}
							onCancel={() => setMode("view")}
						/>
					</span>
				</div>
			)}
		</li>
	);
}
