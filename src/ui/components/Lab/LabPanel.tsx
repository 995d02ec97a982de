import { shortenPreview } from "../../../core";
import { type Store, useStore } from "../../../store";
import { LabFields } from "./LabFields";
import { LAB_KINDS, type LabKind, useLabForm } from "./useLabForm";
import { useLabParent } from "./useLabParent";
import "./Lab.css";

const selectActive = (s: Store) => s.lab !== null && s.session?.key === s.lab.key;
const selectAppend = (s: Store) => s.labAppend;

/** The lab's tools: what to append, under which entry (the one last chosen in the graph or inspector). */
export function LabPanel() {
	const active = useStore(selectActive);
	const append = useStore(selectAppend);
	const parentId = useLabParent(active);
	const form = useLabForm(parentId, active);
	if (!active) return null;
	// The parent closes its path (the worker read its kind and words with the choices).
	const last = form.choices.path[form.choices.path.length - 1];
	const parent = last && last.id === parentId ? last : null;
	const hint = LAB_KINDS.find((k) => k.kind === form.values.kind)?.hint;
	const addition = form.addition();
	return (
		<form
			className="lab-panel"
			data-testid="lab-panel"
			aria-label="Add an entry"
			onSubmit={(e) => {
				e.preventDefault();
				if (parentId && addition) append(parentId, addition);
			}}
		>
			<div className="lab-panel__row">
				<span className="lab-panel__label">Add</span>
				<select
					data-testid="lab-kind"
					value={form.values.kind}
					onChange={(e) => form.set.kind(e.currentTarget.value as LabKind)}
					aria-label="What to add"
				>
					{LAB_KINDS.map((k) => (
						<option key={k.kind} value={k.kind}>
							{k.label}
						</option>
					))}
				</select>
				<span className="lab-panel__label">under</span>
				{parent ? (
					<span className="lab-panel__parent" data-testid="lab-parent" data-entry-id={parent.id}>
						<code>{parent.id}</code> <span className="muted">{parent.kind}</span> {shortenPreview(parent.preview, 50)}
					</span>
				) : (
					<span className="muted">no entry</span>
				)}
				<button type="submit" className="button button--primary" data-testid="lab-add" disabled={!parent || !addition}>
					Add entry
				</button>
			</div>
			<p className="lab-panel__hint muted small">
				{hint} Click a node in the graph or an entry in the inspector to add somewhere else.
			</p>
			<div className="lab-panel__fields">
				<LabFields form={form} />
			</div>
		</form>
	);
}
