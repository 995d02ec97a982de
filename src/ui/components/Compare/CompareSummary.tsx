import type { CompareSummary as Summary } from "../../../store";
import { formatCount } from "../Message/fields";
import { MeasuredTokens } from "../Tokens/MeasuredTokens";

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : "±0");

/** The comparison in numbers: the shared prefix, where the branches split, the token difference. */
export function CompareSummary({ cmp }: { cmp: Summary }) {
	return (
		<dl className="compare-summary">
			<div data-testid="compare-shared" data-count={cmp.sharedPrefix}>
				<dt>Shared prefix</dt>
				<dd>
					<strong>{formatCount(cmp.sharedPrefix)}</strong> identical message{cmp.sharedPrefix === 1 ? "" : "s"} (≈
					{formatCount(cmp.sharedTokens)} tok)
				</dd>
			</div>
			<div data-testid="compare-ancestor" data-entry-id={cmp.commonAncestorId ?? ""}>
				<dt>Branches split after</dt>
				<dd>{cmp.commonAncestorId ? <code>{cmp.commonAncestorId}</code> : "no common entry"}</dd>
			</div>
			<div>
				<dt>A sends</dt>
				<dd>
					{formatCount(cmp.a.messages)} msgs · ≈{formatCount(cmp.a.tokens)} tok ·{" "}
					<MeasuredTokens estimate={cmp.a.tokens} measured={cmp.measured.a} compact testId="compare-measured-a" />
				</dd>
			</div>
			<div>
				<dt>B sends</dt>
				<dd>
					{formatCount(cmp.b.messages)} msgs · ≈{formatCount(cmp.b.tokens)} tok ·{" "}
					<MeasuredTokens estimate={cmp.b.tokens} measured={cmp.measured.b} compact testId="compare-measured-b" />
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
