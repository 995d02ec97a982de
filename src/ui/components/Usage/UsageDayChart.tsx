import { useCallback, useMemo } from "react";
import type uPlot from "uplot";
import { formatTokens } from "../Library/format";
import { axisStyle, type ChartColors } from "./chartTheme";
import { formatUsd } from "./format";
import { type ChartOptions, UPlotChart } from "./UPlotChart";
import { tokensOf, type UsageGroup } from "./usageView";

export type DayMetric = "cost" | "tokens";

const DAY = 86_400;

/** Bars of cost (or of tokens, where no cost was recorded) per UTC day; the day table says the same in text. */
export function UsageDayChart({ days, metric }: { days: readonly UsageGroup[]; metric: DayMetric }) {
	const data = useMemo<uPlot.AlignedData>(() => {
		const dated = days.filter((d) => d.key !== "");
		return [
			dated.map((d) => Date.parse(`${d.key}T00:00:00Z`) / 1000),
			dated.map((d) => (metric === "cost" ? d.totals.cost : tokensOf(d.totals))),
		];
	}, [days, metric]);
	const options = useCallback((c: ChartColors, lib: typeof uPlot) => dayChartOptions(c, lib, metric), [metric]);
	if (data[0].length === 0) return null;
	return <UPlotChart className="usage__chart" options={options} data={data} height={180} />;
}

const DAY_STEPS = [1, 2, 7, 14, 28, 91, 182, 364].map((days) => days * DAY);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Tick labels for days given as epoch seconds: "1 Feb", with the year on the first and wherever it changes. */
function dayLabels(splits: readonly number[]): string[] {
	let year = -1;
	return splits.map((s) => {
		const d = new Date(s * 1000);
		const label = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
		if (d.getUTCFullYear() === year) return label;
		year = d.getUTCFullYear();
		return `${label}\n${year}`;
	});
}

function dayChartOptions(c: ChartColors, lib: typeof uPlot, metric: DayMetric): ChartOptions {
	const value = metric === "cost" ? (v: number) => (v === 0 ? "$0" : formatUsd(v)) : (v: number) => formatTokens(v);
	return {
		// Days are UTC days: ticks fall on UTC midnights.
		tzDate: (ts) => lib.tzDate(new Date(ts * 1000), "Etc/UTC"),
		legend: { show: false },
		cursor: { show: false },
		padding: [8, 20, 0, 0],
		scales: {
			// A day either side, from the data: uPlot widens a single time point to 1,000 days.
			x: { time: true, range: (u) => [u.data[0][0] - DAY, u.data[0][u.data[0].length - 1] + DAY] },
			y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
		},
		axes: [
			// Ticks on whole days only, named by UTC day (the year where it changes).
			{ ...axisStyle(c), space: 60, incrs: DAY_STEPS, values: (_u, splits) => dayLabels(splits) },
			{ ...axisStyle(c), size: 64, values: (_u, splits) => splits.map(value) },
		],
		series: [
			{},
			{
				label: metric === "cost" ? "Cost" : "Tokens",
				stroke: c.accent,
				fill: c.accentSoft,
				width: 1,
				paths: lib.paths.bars?.({ size: [0.7, 48], align: 0 }),
				points: { show: false },
			},
		],
	};
}
