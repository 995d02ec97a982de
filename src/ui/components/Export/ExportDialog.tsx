import type { ExportKind, Store } from "../../../store";
import { useStore } from "../../../store";
import { formatBytes } from "../Library/format";
import { Modal } from "../Share/Modal";
import { PrepareStatus } from "../Share/PrepareStatus";
import { SecretsReview } from "../Share/SecretsReview";
import "./Export.css";

const selectDialog = (s: Store) => s.shareDialog;
const selectSession = (s: Store) => s.session;
const selectClose = (s: Store) => s.closeShareDialog;
const selectSetKind = (s: Store) => s.setExportKind;
const selectSetRedact = (s: Store) => s.setRedact;
const selectDownload = (s: Store) => s.downloadExport;

const KINDS: { kind: ExportKind; label: string; hint(leaf: string, parent: string): string }[] = [
	{ kind: "session", label: "The whole session", hint: () => "The .jsonl file as stored, every branch." },
	{
		kind: "branch",
		label: "This branch as a new session",
		hint: (leaf, parent) =>
			`The path from the root to ${leaf} as a new pi session (fresh id; parentSession: ${parent}).`,
	},
	{
		kind: "payload",
		label: "The provider payload",
		hint: (leaf) => `The messages the model receives at ${leaf} (convertToLlm), as JSON.`,
	},
];

/** Download the session, one branch, or the selected leaf's provider payload; secrets first. */
export function ExportDialog() {
	const dialog = useStore(selectDialog);
	const session = useStore(selectSession);
	const close = useStore(selectClose);
	const setKind = useStore(selectSetKind);
	const setRedact = useStore(selectSetRedact);
	const download = useStore(selectDownload);
	if (!dialog || !session) return null;
	const leaf = dialog.leafId ?? "the current leaf";
	const parent = session.sourceUrl ?? session.fileName;
	return (
		<Modal title="Export" testId="export-dialog" onClose={close}>
			<fieldset className="export__kinds">
				<legend className="visually-hidden">What to export</legend>
				{KINDS.map(({ kind, label, hint }) => (
					<label key={kind} className="export__kind">
						<input
							type="radio"
							name="export-kind"
							value={kind}
							data-testid={`export-kind-${kind}`}
							checked={dialog.kind === kind}
							onChange={() => void setKind(kind)}
						/>
						<span>
							<strong>{label}</strong>
							<span className="muted small export__hint">{hint(leaf, parent)}</span>
						</span>
					</label>
				))}
			</fieldset>
			<PrepareStatus
				status={dialog.status}
				preparing="Preparing the export and looking for secrets…"
				failed="Could not prepare the export"
				error={dialog.error}
			/>
			{dialog.status === "ready" && (
				<>
					<SecretsReview
						hits={dialog.hits}
						redact={dialog.redact}
						onRedact={(r) => void setRedact(r)}
						target="exported file"
					/>
					<div className="export__actions">
						<button
							type="button"
							className="button button--primary"
							data-testid="export-download"
							onClick={() => download()}
						>
							Download ({formatBytes(dialog.bytes)})
						</button>
						<span className="muted small" data-testid="export-done" aria-live="polite">
							{dialog.downloaded
								? `Saved as ${dialog.downloaded}`
								: "Nothing is uploaded: the file is made in this browser."}
						</span>
					</div>
				</>
			)}
		</Modal>
	);
}
