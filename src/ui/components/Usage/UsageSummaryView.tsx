import { roundUsd } from "../../../core";
import { formatCount } from "../Library/format";
import { formatUsd } from "./format";
import { costNote, type UsageView } from "./usageView";

/** The library's totals: the recorded cost (and how much of it is recorded), tokens, replies, sessions. */
export function UsageSummaryView({ view }: { view: UsageView }) {
	const t = view.totals;
	const note = costNote(t);
	const usd = roundUsd(t.cost);
	return (
		<dl className="usage-summary">
			<div className="usage-summary__item usage-summary__item--cost">
				<dt>Recorded cost</dt>
				<dd data-testid="usage-total" data-usd={usd} title={`${usd} USD`}>
					{t.costed === 0 ? "none recorded" : formatUsd(t.cost)}
				</dd>
				{note && (
					<dd className="usage-summary__note" data-testid="usage-cost-note">
						{note}
					</dd>
				)}
			</div>
			<Item label="Input tokens" value={t.input} />
			<Item label="Output tokens" value={t.output} />
			<Item label="Cache read" value={t.cacheRead} />
			<Item label="Cache write" value={t.cacheWrite} />
			<Item label="Replies" value={t.replies} />
			<Item label="Sessions counted" value={view.counted} />
		</dl>
	);
}

function Item({ label, value }: { label: string; value: number }) {
	// Millions and up in short ("54.69M"), so a tile stays one line; the tables give every digit.
	const short = value >= 1_000_000;
	return (
		<div className="usage-summary__item">
			<dt>{label}</dt>
			<dd title={short ? formatCount(value) : undefined}>
				{short ? `${(value / 1_000_000).toFixed(2)}M` : formatCount(value)}
			</dd>
		</div>
	);
}
