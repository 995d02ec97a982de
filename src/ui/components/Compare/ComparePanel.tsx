import { type Store, useStore } from "../../../store";
import { CompareColumn } from "./CompareColumn";
import { CompareSummary } from "./CompareSummary";
import { SharedPrefix } from "./SharedPrefix";
import { TipPicker } from "./TipPicker";
import { useComparison } from "./useComparison";
import "./Compare.css";

const selectSetCompare = (s: Store) => s.setCompare;

/** Two tips' provider payloads side by side: the shared prefix once, then where they differ. */
export function ComparePanel() {
	const comparison = useComparison();
	const setCompare = useStore(selectSetCompare);
	if (!comparison) return null;
	const { tips, options, cmp, error } = comparison;
	return (
		<section className="compare" data-testid="compare" aria-label="Compare two tips">
			<header className="compare__head">
				<div className="compare__row">
					<h2 className="compare__title">Compare what two tips send to the provider</h2>
					<span className="compare__spacer" />
					<button type="button" className="button" data-testid="compare-close" onClick={() => setCompare(null)}>
						Back to the graph
					</button>
				</div>
				<div className="compare__row">
					<TipPicker side="a" value={tips.a} options={options} onChange={(a) => setCompare({ ...tips, a })} />
					<button
						type="button"
						className="button button--small"
						title="Swap A and B"
						onClick={() => setCompare({ a: tips.b, b: tips.a })}
					>
						⇄
					</button>
					<TipPicker side="b" value={tips.b} options={options} onChange={(b) => setCompare({ ...tips, b })} />
				</div>
			</header>
			{cmp ? (
				<>
					<CompareSummary cmp={cmp} />
					<div className="compare__body">
						<SharedPrefix count={cmp.sharedPrefix} tokens={cmp.sharedTokens} />
						<div className="compare__diverge" data-testid="compare-divergence" data-index={cmp.sharedPrefix}>
							{cmp.a.messages === cmp.sharedPrefix && cmp.b.messages === cmp.sharedPrefix
								? "The two payloads are identical."
								: `From message ${cmp.sharedPrefix + 1} on, the payloads differ`}
						</div>
						<div className="compare__columns">
							<CompareColumn
								side="a"
								leafId={cmp.a.leafId}
								count={cmp.a.messages - cmp.sharedPrefix}
								from={cmp.sharedPrefix}
								tokens={cmp.a.tailTokens}
							/>
							<CompareColumn
								side="b"
								leafId={cmp.b.leafId}
								count={cmp.b.messages - cmp.sharedPrefix}
								from={cmp.sharedPrefix}
								tokens={cmp.b.tailTokens}
							/>
						</div>
					</div>
				</>
			) : (
				<p className="compare__status muted" data-testid="compare-status" role="status">
					{error
						? `The tips could not be compared from the file: ${error}`
						: "Reading the two tips' contexts from the file…"}
				</p>
			)}
		</section>
	);
}
