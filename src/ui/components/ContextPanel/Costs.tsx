import { roundUsd, type UsageTotals, usageTotals } from "../../../core";
import { formatCount } from "../Message/fields";
import { formatUsd } from "../Usage/format";

/** A cost as the files recorded it, or why there is none (or only some). */
function CostText({ totals }: { totals: UsageTotals }) {
	if (totals.replies === 0) return <>no reply recorded its usage</>;
	if (totals.costed === 0) return <>no cost recorded</>;
	return (
		<>
			<strong>{formatUsd(totals.cost)}</strong>
			{totals.costed < totals.replies && (
				<span className="muted">
					{" "}
					(recorded for {formatCount(totals.costed)} of {formatCount(totals.replies)} replies)
				</span>
			)}
		</>
	);
}

function TokenText({ totals }: { totals: UsageTotals }) {
	return (
		<span className="muted">
			{" "}
			· {formatCount(totals.replies)} replies · in {formatCount(totals.input)} · out {formatCount(totals.output)} ·
			cache read {formatCount(totals.cacheRead)} · cache write {formatCount(totals.cacheWrite)}
		</span>
	);
}

/**
 * What the tip's path cost (its replies once each; null while it is added up) and what the whole
 * session cost (every reply in the file once; null until the worker has read them).
 */
export function Costs({
	tip,
	session,
}: {
	tip: UsageTotals | null;
	session: Parameters<typeof usageTotals>[0] | null;
}) {
	const whole = session ? usageTotals(session) : null;
	return (
		<dl className="ins-glance__costs">
			<div data-testid="tip-cost" data-usd={tip ? roundUsd(tip.cost) : undefined}>
				<dt>This tip's path</dt>
				<dd>
					{tip ? (
						<>
							<CostText totals={tip} />
							<TokenText totals={tip} />
						</>
					) : (
						"adding up…"
					)}
				</dd>
			</div>
			<div data-testid="session-cost" data-usd={whole ? roundUsd(whole.cost) : undefined}>
				<dt>The whole session</dt>
				<dd>
					{whole ? (
						<>
							<CostText totals={whole} />
							<TokenText totals={whole} />
						</>
					) : (
						"adding up…"
					)}
				</dd>
			</div>
		</dl>
	);
}
