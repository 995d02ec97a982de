import { memo, useState } from "react";
import type { CompareRow } from "../../../core";
import { formatCount } from "../Message/fields";
import { MessageView } from "../Message/MessageView";

/** One provider message: number, role, first words and tokens; opens to the whole message. */
export const CompareMessage = memo(function CompareMessage({ row }: { row: CompareRow }) {
	const [open, setOpen] = useState(false);
	return (
		<li className="compare-message" data-testid="compare-message" data-role={row.role}>
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
		</li>
	);
});
