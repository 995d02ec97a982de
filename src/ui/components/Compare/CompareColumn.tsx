import { formatCount } from "../Message/fields";
import { VirtualList } from "../VirtualList/VirtualList";
import { CompareMessageSlot } from "./CompareMessage";

interface Props {
	side: "a" | "b";
	leafId: string | null;
	/** Messages after the shared prefix, and where they start in the payload. */
	count: number;
	from: number;
	tokens: number;
}

/** One tip's messages after the shared prefix. */
export function CompareColumn({ side, leafId, count, tokens }: Props) {
	return (
		<section className={`compare-column compare-column--${side}`} data-testid="compare-side" data-side={side}>
			<h3 className="compare-column__title">
				<span className="tip-picker__side">{side.toUpperCase()}</span> <code>{leafId ?? "empty path"}</code>
				<span className="compare-column__total">
					{formatCount(count)} more · ≈{formatCount(tokens)} tok
				</span>
			</h3>
			{count === 0 ? (
				<p className="muted small">Nothing after the shared prefix.</p>
			) : (
				<VirtualList
					className="compare-list"
					count={count}
					estimate={36}
					rowKey={(i) => i}
					renderRow={(i) => <CompareMessageSlot side={side} index={i} />}
					aria-label={`Tip ${side.toUpperCase()}'s messages after the shared prefix`}
				/>
			)}
		</section>
	);
}
