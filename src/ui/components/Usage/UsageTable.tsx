import type { ReactNode } from "react";
import type { UsageTotals } from "../../../core";
import { formatCount } from "../Library/format";
import { formatUsd } from "./format";

export interface UsageTableRow {
	key: string;
	/** What the row is (a day, a model, a project), as its first cell shows it. */
	label: ReactNode;
	totals: UsageTotals;
	sessions: number;
}

interface Props {
	/** The table's name (its caption, and its scroll box's label). */
	caption: string;
	/** The first column's heading. */
	first: string;
	rows: readonly UsageTableRow[];
	testId: string;
}

/** Usage totals as a table: sessions, replies, the four token counts and the recorded cost. */
export function UsageTable({ caption, first, rows, testId }: Props) {
	return (
		// A scroll box the keyboard can reach: wide tables scroll sideways on narrow screens.
		// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
		<section className="usage-table" aria-label={caption} tabIndex={0}>
			<table data-testid={testId}>
				<caption className="visually-hidden">{caption}</caption>
				<thead>
					<tr>
						<th scope="col">{first}</th>
						<th scope="col">Sessions</th>
						<th scope="col">Replies</th>
						<th scope="col">Input</th>
						<th scope="col">Output</th>
						<th scope="col">Cache read</th>
						<th scope="col">Cache write</th>
						<th scope="col">Cost</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((r) => (
						<tr key={r.key}>
							<th scope="row">{r.label}</th>
							<td>{formatCount(r.sessions)}</td>
							<td>{formatCount(r.totals.replies)}</td>
							<td>{formatCount(r.totals.input)}</td>
							<td>{formatCount(r.totals.output)}</td>
							<td>{formatCount(r.totals.cacheRead)}</td>
							<td>{formatCount(r.totals.cacheWrite)}</td>
							<td>
								<CostCell totals={r.totals} />
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</section>
	);
}

/** The recorded cost, and how many replies it covers when not all of them. */
export function CostCell({ totals }: { totals: UsageTotals }) {
	if (totals.replies > 0 && totals.costed === 0) return <span className="muted">not recorded</span>;
	return (
		<>
			{formatUsd(totals.cost)}
			{totals.costed < totals.replies && (
				<span className="usage__partial muted">
					{" "}
					({totals.costed} of {totals.replies} replies)
				</span>
			)}
		</>
	);
}
