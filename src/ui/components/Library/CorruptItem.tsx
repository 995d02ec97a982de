import { useState } from "react";
import type { CorruptRecord } from "../../../store";
import { ConfirmButtons } from "./ConfirmButtons";

const WHERE: Record<CorruptRecord["store"], string> = {
	meta: "library record",
	body: "stored file",
	search: "search index entry",
};

interface Props {
	record: CorruptRecord;
	onDelete(): void;
}

/** A damaged stored record: which one and why; delete it (after confirming) or, for the index, dismiss. */
export function CorruptItem({ record: r, onDelete }: Props) {
	const [confirming, setConfirming] = useState(false);
	const name = r.fileName ? `${r.fileName} (${r.key})` : r.key;
	const derived = r.store === "search";
	return (
		<li className="library-corrupt__item" data-testid="library-corrupt-item" data-key={r.key} data-store={r.store}>
			<span className="library-corrupt__name" title={name}>
				{name}
			</span>
			<span className="library-corrupt__reason">
				{WHERE[r.store]}: {r.reason}
			</span>
			{derived ? (
				<button type="button" className="button button--small" data-testid="library-corrupt-dismiss" onClick={onDelete}>
					Dismiss
				</button>
			) : confirming ? (
				<span className="library-confirm__buttons" role="alertdialog" aria-label="Confirm delete">
					<span>Delete this damaged record for good?</span>
					<ConfirmButtons
						label="Delete"
						testId="library-corrupt-delete-confirm"
						small
						onConfirm={onDelete}
						onCancel={() => setConfirming(false)}
					/>
				</span>
			) : (
				<button
					type="button"
					className="button button--small"
					data-testid="library-corrupt-delete"
					onClick={() => setConfirming(true)}
				>
					Delete…
				</button>
			)}
		</li>
	);
}
