import { useState } from "react";
import type { SessionMeta } from "../../../store";
import { type Store, useStore } from "../../../store";
import { ConfirmButtons } from "./ConfirmButtons";
import { formatBytes, formatCount } from "./format";
import { TrashIcon } from "./icons";
import { displayName } from "./libraryView";

const selectOpen = (s: Store) => s.openStored;
const selectSave = (s: Store) => s.saveUnsaved;
const selectForget = (s: Store) => s.forgetUnsaved;
const selectFromLink = (s: Store) => s.unsavedFromLink;

interface Props {
	meta: SessionMeta;
	active: boolean;
	/** Storage works (as far as is known): offer to save again. */
	canSave: boolean;
}

/** A session open in this page only: opens on click; save again, or remove (after confirming). */
export function UnsavedItem({ meta: m, active, canSave }: Props) {
	const open = useStore(selectOpen);
	const save = useStore(selectSave);
	const forget = useStore(selectForget);
	const [confirming, setConfirming] = useState(false);
	const [saving, setSaving] = useState(false);
	const fromLink = useStore(selectFromLink).has(m.id);
	const name = displayName(m);
	return (
		<li className={`library-entry is-unsaved${active ? " is-active" : ""}`}>
			<button
				type="button"
				className="library-item"
				data-testid="library-unsaved-item"
				data-session-id={m.id}
				aria-current={active ? "true" : undefined}
				data-from-link={fromLink ? "true" : undefined}
				title={`${m.fileName}\n${fromLink ? "Opened from a link: not saved in this browser unless you save it" : "Open in this page only: not saved in the browser"}`}
				onClick={() => void open(m.id, "memory")}
			>
				<span className="library-item__name">{name}</span>
				<span className="library-item__badge is-unsaved" data-testid="library-unsaved-badge">
					not saved
				</span>
				<span className="library-item__line">
					{m.fileName} · {formatCount(m.entries)} {m.entries === 1 ? "entry" : "entries"} · {formatBytes(m.size)}
				</span>
			</button>
			<div className="library-entry__actions">
				{canSave && (
					<button
						type="button"
						className="button button--small"
						data-testid="library-unsaved-save"
						title={fromLink ? "Store it in this browser's library" : "Try again to store it in the browser"}
						disabled={saving}
						onClick={() => {
							setSaving(true);
							void save(m.id).finally(() => setSaving(false));
						}}
					>
						{fromLink ? "Save to library" : "Save"}
					</button>
				)}
				<button
					type="button"
					className="icon-button icon-button--danger"
					data-testid="library-unsaved-remove"
					aria-label={`Remove ${name}`}
					title="Remove from this page"
					onClick={() => setConfirming(!confirming)}
				>
					<TrashIcon />
				</button>
			</div>
			{confirming && (
				<div className="library-confirm" role="alertdialog" aria-label="Confirm remove">
					<span>
						Remove “{name}” from this page? It was never stored
						{fromLink ? "; the link still opens it" : "; your file is untouched"}.
					</span>
					<span className="library-confirm__buttons">
						<ConfirmButtons
							label="Remove"
							testId="library-unsaved-remove-confirm"
							onConfirm={() => forget(m.id)}
							onCancel={() => setConfirming(false)}
						/>
					</span>
				</div>
			)}
		</li>
	);
}
