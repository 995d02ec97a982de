import type uPlot from "uplot";

/** The theme's colours for a chart, read from theme.css's variables. */
export interface ChartColors {
	/** Axis labels and values. */
	text: string;
	muted: string;
	/** Grid lines and ticks. */
	grid: string;
	/** The chart's background. */
	panel: string;
	/** The first series' colour, and a soft fill to go with it. */
	accent: string;
	accentSoft: string;
	/** Colours for more series, in order, each readable on `panel`. */
	series: readonly string[];
}

const SERIES_VARS = [
	"--accent",
	"--assistant",
	"--tool",
	"--compaction",
	"--summary",
	"--custom",
	"--kind-context-edit",
];

/** The chart colours in force where `el` is (the theme's variables as resolved there). */
export function chartColors(el: Element = document.documentElement): ChartColors {
	const style = getComputedStyle(el);
	const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
	return {
		text: v("--text-2", "#3f495b"),
		muted: v("--muted", "#5b6578"),
		grid: v("--divider", "#e6e9ee"),
		panel: v("--panel", "#ffffff"),
		accent: v("--accent", "#1f5bc4"),
		accentSoft: v("--accent-border", "#b9cdf3"),
		series: SERIES_VARS.map((name) => v(name, "#1f5bc4")),
	};
}

/** Axis colours for the theme: spread into each of a chart's `axes`. */
export function axisStyle(c: ChartColors): Pick<uPlot.Axis, "stroke" | "grid" | "ticks" | "font"> {
	return {
		stroke: c.text,
		grid: { stroke: c.grid, width: 1 },
		ticks: { stroke: c.grid, width: 1 },
		font: "11px system-ui, sans-serif",
	};
}

let loading: Promise<typeof uPlot> | undefined;

/** uPlot and its stylesheet, fetched the first time a chart is drawn (not part of the first page load). */
export function loadUPlot(): Promise<typeof uPlot> {
	loading ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([m]) => m.default);
	// A failed fetch (offline, a new deploy) may be tried again by the next chart.
	loading.catch(() => {
		loading = undefined;
	});
	return loading;
}
