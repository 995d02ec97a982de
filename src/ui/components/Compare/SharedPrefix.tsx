import { useState } from "react";
import type { CompareRow } from "../../../core";
import { formatCount } from "../Message/fields";
import { CompareMessage } from "./CompareMessage";

/** The messages both tips send identically: one folded line, opened on demand. */
export function SharedPrefix({ rows, tokens }: { rows: readonly CompareRow[]; tokens: number }) {
	const [open, setOpen] = useState(false);
	if (rows.length === 0) {
		return <p className="compare__none muted">No shared prefix: the payloads differ from the first message.</p>;
	}
	return (
		<section className="compare-shared" data-testid="compare-prefix" data-count={rows.length}>
			<button type="button" className="compare-shared__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
				<span aria-hidden="true">{open ? "▾" : "▸"}</span> Messages 1–{rows.length}: the same in both payloads (≈
				{formatCount(tokens)} tok)
			</button>
			{open && (
				<ol className="compare-list">
					{rows.map((r) => (
						<CompareMessage key={r.index} row={r} />
					))}
				</ol>
			)}
		</section>
	);
}
