import type { CompareLayout, TipComparison } from "../../../core";
import { useMeasured } from "../../hooks/useMeasured";
import { formatCount } from "../Message/fields";
import { MeasuredTokens } from "../Tokens/MeasuredTokens";

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : "±0");

/** The comparison in numbers: the shared prefix, where the branches split, the token difference. */
export function CompareSummary({ cmp, layout }: { cmp: TipComparison; layout: CompareLayout }) {
	// A lean session's comparison (its worker's) says what was measured; else the page works it out.
	const pageA = useMeasured(cmp.a.leafId);
	const pageB = useMeasured(cmp.b.leafId);
	const measuredA = cmp.measured ? cmp.measured.a : pageA;
	const measuredB = cmp.measured ? cmp.measured.b : pageB;
	return (
		<dl className="compare-summary">
			<div data-testid="compare-shared" data-count={cmp.sharedPrefix}>
				<dt>Shared prefix</dt>
				<dd>
					<strong>{formatCount(cmp.sharedPrefix)}</strong> identical message{cmp.sharedPrefix === 1 ? "" : "s"} (≈
					{formatCount(layout.sharedTokens)} tok)
				</dd>
			</div>
			<div data-testid="compare-ancestor" data-entry-id={cmp.commonAncestorId ?? ""}>
				<dt>Branches split after</dt>
				<dd>{cmp.commonAncestorId ? <code>{cmp.commonAncestorId}</code> : "no common entry"}</dd>
			</div>
			<div>
				<dt>A sends</dt>
				<dd>
					{formatCount(cmp.a.llm.length)} msgs · ≈{formatCount(cmp.a.totalTokens)} tok ·{" "}
					<MeasuredTokens estimate={cmp.a.totalTokens} measured={measuredA} compact testId="compare-measured-a" />
				</dd>
			</div>
			<div>
				<dt>B sends</dt>
				<dd>
					{formatCount(cmp.b.llm.length)} msgs · ≈{formatCount(cmp.b.totalTokens)} tok ·{" "}
					<MeasuredTokens estimate={cmp.b.totalTokens} measured={measuredB} compact testId="compare-measured-b" />
				</dd>
			</div>
			<div data-testid="compare-token-diff" data-value={cmp.tokenDifference}>
				<dt>B − A</dt>
				<dd>
					<strong className={cmp.tokenDifference > 0 ? "is-more" : cmp.tokenDifference < 0 ? "is-less" : ""}>
						{signed(cmp.tokenDifference)}
					</strong>{" "}
					tokens
				</dd>
			</div>
		</dl>
	);
}
