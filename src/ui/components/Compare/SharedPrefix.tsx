import { useState } from "react";
import { formatCount } from "../Message/fields";
import { VirtualList } from "../VirtualList/VirtualList";
import { CompareMessageSlot } from "./CompareMessage";

/** The messages both tips send identically: one folded line, opened on demand. */
export function SharedPrefix({ count, tokens }: { count: number; tokens: number }) {
	const [open, setOpen] = useState(false);
	if (count === 0) {
		return <p className="compare__none muted">No shared prefix: the payloads differ from the first message.</p>;
	}
	return (
		<section className="compare-shared" data-testid="compare-prefix" data-count={count}>
			<button type="button" className="compare-shared__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
				<span aria-hidden="true">{open ? "▾" : "▸"}</span> Messages 1–{count}: the same in both payloads (≈
				{formatCount(tokens)} tok)
			</button>
			{open && (
				<VirtualList
					className="compare-list"
					count={count}
					estimate={36}
					rowKey={(i) => i}
					renderRow={(i) => <CompareMessageSlot side="shared" index={i} />}
					aria-label="Messages both tips send"
				/>
			)}
		</section>
	);
}
