import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type uPlot from "uplot";
import type { PathSeries } from "../../../core";
import { formatCount } from "../Message/fields";
import { axisStyle, type ChartColors } from "../Usage/chartTheme";
import { type ChartOptions, UPlotChart } from "../Usage/UPlotChart";

interface Props {
	/** The series, or null while it is read (the chart's place is kept: nothing below it moves when it comes). */
	series: PathSeries | null;
	/** What to say while there is no series. */
	waiting?: string;
	/** Selects an entry (in the graph and the inspector). */
	select(id: string): void;
}

/** The points drawn: the estimate's and the recorded input's x values merged, each series null where it has none. */
function alignedData(series: PathSeries): uPlot.AlignedData {
	const { estimated, recorded } = series;
	const xs: number[] = [];
	const est: (number | null)[] = [];
	const rec: (number | null)[] = [];
	let i = 0;
	let k = 0;
	while (i < estimated.x.length || k < recorded.x.length) {
		const a = i < estimated.x.length ? estimated.x[i] : Number.POSITIVE_INFINITY;
		const b = k < recorded.x.length ? recorded.x[k] : Number.POSITIVE_INFINITY;
		const x = Math.min(a, b);
		xs.push(x);
		est.push(a === x ? estimated.y[i++] : null);
		rec.push(b === x ? recorded.y[k++] : null);
	}
	return [xs, est, rec];
}

/** The estimated point nearest path index `x`. */
function nearest(series: PathSeries, x: number): number {
	const xs = series.estimated.x;
	let lo = 0;
	let hi = xs.length - 1;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (xs[mid] < x) lo = mid + 1;
		else hi = mid;
	}
	if (lo > 0 && Math.abs(xs[lo - 1] - x) < Math.abs(xs[lo] - x)) return lo - 1;
	return lo;
}

const HEIGHT = 180;

const NO_SERIES: PathSeries = {
	length: 0,
	estimated: { x: new Float64Array(0), y: new Float64Array(0), at: new Int32Array(0), ids: [], kinds: [] },
	recorded: { x: new Float64Array(0), y: new Float64Array(0), at: new Int32Array(0) },
	compactions: [],
	branches: new Int32Array(0),
	usage: { replies: 0, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, costed: 0 },
};

/**
 * The selected tip's path over time: the estimated context after each entry (a line), the input
 * the provider recorded for each reply (points), compactions as the drops they are (with the
 * size the file says they compacted) and branch points marked. Hover names an entry and a click
 * selects it; the range input below does both by keyboard; the table is the chart as text.
 */
export function PathChart({ series: given, waiting, select }: Props) {
	const series = given ?? NO_SERIES;
	const [at, setAt] = useState<number | null>(null);
	const chart = useRef<uPlot | null>(null);
	const latest = useRef({ series, setAt });
	latest.current = { series, setAt };
	const data = useMemo(() => alignedData(series), [series]);
	const n = series.estimated.x.length;

	const options = useCallback(
		(c: ChartColors): ChartOptions => ({
			legend: { show: false },
			cursor: { drag: { x: false, y: false }, points: { size: 7 } },
			scales: { x: { time: false } },
			axes: [
				{ ...axisStyle(c), label: "entry on the path", labelSize: 18, labelFont: "11px system-ui, sans-serif" },
				{ ...axisStyle(c), size: 52, values: (_u, vals) => vals.map((v) => formatCount(v)) },
			],
			series: [
				{},
				{ label: "estimated context", stroke: c.accent, width: 1.5, spanGaps: true, points: { show: false } },
				{
					label: "recorded input",
					stroke: c.series[3] ?? c.text,
					width: 0,
					paths: () => null,
					points: { show: true, size: 4, fill: c.series[3] ?? c.text },
				},
			],
			hooks: {
				ready: [
					(u) => {
						chart.current = u;
					},
				],
				setCursor: [
					(u) => {
						const idx = u.cursor.idx;
						const { series: s, setAt: show } = latest.current;
						const x = idx === null || idx === undefined ? undefined : u.data[0][idx];
						show(typeof x === "number" && s.estimated.x.length > 0 ? nearest(s, x) : null);
					},
				],
				draw: [
					(u) => {
						const { series: s } = latest.current;
						const ctx = u.ctx;
						const { top, height } = u.bbox;
						ctx.save();
						ctx.lineWidth = Math.max(1, devicePixelRatio);
						// Compactions: a dashed line where the context dropped.
						ctx.strokeStyle = c.series[3] ?? c.text;
						ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
						for (const mark of s.compactions) {
							const px = u.valToPos(mark.x, "x", true);
							ctx.beginPath();
							ctx.moveTo(px, top);
							ctx.lineTo(px, top + height);
							ctx.stroke();
						}
						// Branch points: short ticks along the bottom.
						ctx.setLineDash([]);
						ctx.strokeStyle = c.series[1] ?? c.text;
						for (const x of s.branches) {
							const px = u.valToPos(x, "x", true);
							ctx.beginPath();
							ctx.moveTo(px, top + height);
							ctx.lineTo(px, top + height - 8 * devicePixelRatio);
							ctx.stroke();
						}
						ctx.restore();
					},
				],
			},
		}),
		[],
	);

	useEffect(
		() => () => {
			chart.current = null;
		},
		[],
	);

	const point = at !== null && at < n ? at : null;
	const move = (i: number) => {
		setAt(i);
		const u = chart.current;
		if (u) u.setCursor({ left: u.valToPos(series.estimated.x[i], "x"), top: u.valToPos(series.estimated.y[i], "y") });
	};
	return (
		<section className="ins-glance__block" aria-labelledby="path-chart-title">
			<h4 id="path-chart-title" className="ins-glance__title">
				The path over time{" "}
				<span className="muted">
					{given === null ? (
						<span data-testid="path-chart-waiting">{waiting}</span>
					) : (
						<>
							{formatCount(series.length)} entries
							{n < series.length ? `, drawn as ${formatCount(n)} points` : ""}
						</>
					)}
				</span>
			</h4>
			<div className="path-chart" data-testid={given === null ? undefined : "path-chart"} data-points={n}>
				{/* A click on the plot selects the entry the pointer names (the slider below does it by keyboard). */}
				<div onPointerUp={() => point !== null && select(series.estimated.ids[point])}>
					<UPlotChart options={options} data={data} height={HEIGHT} className="path-chart__plot" />
				</div>
				<p className="path-chart__legend">
					<span className="path-chart__key path-chart__key--line" aria-hidden="true" /> estimated context after each
					entry <span className="path-chart__key path-chart__key--dot" aria-hidden="true" /> input the provider recorded{" "}
					<span className="path-chart__key path-chart__key--dash" aria-hidden="true" /> compaction
					<span className="path-chart__key path-chart__key--tick" aria-hidden="true" /> branch point
				</p>
				<div className="path-chart__pick">
					<label>
						<span className="visually-hidden">Entry on the path</span>
						<input
							type="range"
							min={0}
							max={Math.max(0, n - 1)}
							value={point ?? Math.max(0, n - 1)}
							disabled={n === 0}
							onChange={(e) => move(Number(e.target.value))}
							aria-valuetext={
								point === null
									? undefined
									: `entry ${series.estimated.x[point] + 1}: ${series.estimated.kinds[point]}, ≈${formatCount(series.estimated.y[point])} tokens`
							}
						/>
					</label>
					<span className="path-chart__at" data-testid="path-chart-at" aria-live="polite">
						{point === null ? (
							"Point at the chart (or use the slider) to name an entry."
						) : (
							<>
								#{formatCount(series.estimated.x[point] + 1)} {series.estimated.kinds[point]}{" "}
								<code>{series.estimated.ids[point]}</code> · ≈{formatCount(series.estimated.y[point])} tokens
							</>
						)}
					</span>
					<button
						type="button"
						className="button button--small"
						disabled={point === null}
						onClick={() => point !== null && select(series.estimated.ids[point])}
					>
						Select it
					</button>
				</div>
			</div>
			<details className="path-chart__table">
				<summary>Compactions and the chart's numbers as a table</summary>
				<table className="composition-table">
					<caption className="visually-hidden">Compactions on the path</caption>
					<thead>
						<tr>
							<th scope="col">Compaction</th>
							<th scope="col">Entry #</th>
							<th scope="col">Estimate before → after</th>
							<th scope="col">Recorded before (tokensBefore)</th>
						</tr>
					</thead>
					<tbody>
						{series.compactions.length === 0 ? (
							<tr>
								<td colSpan={4}>No compaction on this path.</td>
							</tr>
						) : (
							series.compactions.map((mark) => (
								<tr key={mark.id}>
									<th scope="row">
										<button type="button" className="linkish" onClick={() => select(mark.id)}>
											<code>{mark.id}</code>
										</button>
									</th>
									<td>{formatCount(mark.x + 1)}</td>
									<td>
										{formatCount(mark.before)} → {formatCount(mark.after)}
									</td>
									<td>{formatCount(mark.tokensBefore)}</td>
								</tr>
							))
						)}
					</tbody>
				</table>
				<p className="muted small">
					{formatCount(series.branches.length)} branch points on the path; the provider recorded the input of{" "}
					{formatCount(series.recorded.x.length)} replies
					{series.recorded.y.length > 0
						? ` (last: ${formatCount(series.recorded.y[series.recorded.y.length - 1])} tokens)`
						: ""}
					; the estimate at the tip is{" "}
					{formatCount(series.estimated.y.length > 0 ? series.estimated.y[series.estimated.y.length - 1] : 0)} tokens.
				</p>
			</details>
		</section>
	);
}
