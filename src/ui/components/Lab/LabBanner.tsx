import { type Store, useStore } from "../../../store";
import "./Lab.css";

const selectLab = (s: Store) => (s.lab && s.session?.key === s.lab.key ? s.lab : null);
const selectError = (s: Store) => s.labError;
const selectUndo = (s: Store) => s.labUndo;
const selectExport = (s: Store) => s.exportLab;
const selectLeave = (s: Store) => s.leaveLab;

/** The lab's status, always in view while it runs: a scratch copy, nothing is saved. */
export function LabBanner() {
	const lab = useStore(selectLab);
	const error = useStore(selectError);
	const undo = useStore(selectUndo);
	const exportLab = useStore(selectExport);
	const leave = useStore(selectLeave);
	if (!lab) return null;
	const added = lab.added.length;
	return (
		<div className="lab-banner" data-testid="lab-banner" role="status" data-added={added}>
			<strong className="lab-banner__title">What-if lab</strong>
			<span
				className="lab-banner__text"
				title={`A scratch copy of ${lab.original.fileName}: the stored session is never changed`}
			>
				scratch copy — changes are not saved
				{added > 0 ? ` · ${added} ${added === 1 ? "entry" : "entries"} added` : ""}
			</span>
			<span className="lab-banner__actions">
				<button
					type="button"
					className="button button--small"
					data-testid="lab-undo"
					disabled={added === 0}
					onClick={undo}
				>
					Undo
				</button>
				<button type="button" className="button button--small" data-testid="lab-export" onClick={exportLab}>
					Export edited copy
				</button>
				<button type="button" className="button button--small" data-testid="lab-leave" onClick={leave}>
					Leave lab
				</button>
			</span>
			{error && (
				<p className="lab-banner__error" role="alert">
					{error}
				</p>
			)}
		</div>
	);
}
