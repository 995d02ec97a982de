import type { CompareRow } from "../../../core";
import { formatCount } from "../Message/fields";
import { CompareMessage } from "./CompareMessage";

interface Props {
	side: "a" | "b";
	leafId: string | null;
	rows: readonly CompareRow[];
	tokens: number;
}

/** One tip's messages after the shared prefix. */
export function CompareColumn({ side, leafId, rows, tokens }: Props) {
	return (
		<section className={`compare-column compare-column--${side}`} data-testid="compare-side" data-side={side}>
			<h3 className="compare-column__title">
				<span className="tip-picker__side">{side.toUpperCase()}</span> <code>{leafId ?? "empty path"}</code>
				<span className="compare-column__total">
					{formatCount(rows.length)} more · ≈{formatCount(tokens)} tok
				</span>
			</h3>
			{rows.length === 0 ? (
				<p className="muted small">Nothing after the shared prefix.</p>
			) : (
				<ol className="compare-list">
					{rows.map((r) => (
						<CompareMessage key={r.index} row={r} />
					))}
				</ol>
			)}
		</section>
	);
}
