import { memo, useState } from "react";
import type { CompareRowView } from "../../../store";
import { formatCount } from "../Message/fields";
import { MessageView } from "../Message/MessageView";
import { useCompareRow } from "./useComparison";

/** Message `index` of one part of the comparison, once it is read. */
export function CompareMessageSlot({ side, index }: { side: "shared" | "a" | "b"; index: number }) {
	const row = useCompareRow(side, index);
	if (!row) {
		return (
			<div className="compare-message" data-testid="row-pending" aria-busy={true}>
				<span className="muted">Reading…</span>
			</div>
		);
	}
	return <CompareMessage row={row} />;
}

/** One provider message: number, role, first words and tokens; opens to the whole message. */
export const CompareMessage = memo(function CompareMessage({ row }: { row: CompareRowView }) {
	const [open, setOpen] = useState(false);
	return (
		<div className="compare-message" data-testid="compare-message" data-role={row.role}>
			<button type="button" className="compare-message__head" aria-expanded={open} onClick={() => setOpen(!open)}>
				<span className="compare-message__index">{row.index + 1}</span>
				<span className={`compare-role compare-role--${row.role}`}>{row.role}</span>
				<span className="compare-message__preview">{row.preview}</span>
				<span className="compare-message__tokens">≈{formatCount(row.tokens)} tok</span>
			</button>
			{open && (
				<div className="compare-message__body">
					<MessageView message={row.message} />
				</div>
			)}
		</div>
	);
});
