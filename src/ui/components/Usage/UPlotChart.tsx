import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { useResolvedTheme } from "../../hooks/useTheme";
import { type ChartColors, chartColors, loadUPlot } from "./chartTheme";

/** uPlot's options without the size: the chart takes its box's width and the `height` prop. */
export type ChartOptions = Omit<uPlot.Options, "width" | "height">;

export interface UPlotChartProps {
	/**
	 * Makes the chart's options from the theme's colours and the uPlot module (for `uPlot.paths`,
	 * `uPlot.tzDate`, …). Called again, and the chart made anew, when the theme changes or when this
	 * function changes: keep it stable (module level, or `useCallback` over what it depends on).
	 */
	options: (colors: ChartColors, lib: typeof uPlot) => ChartOptions;
	/** uPlot's aligned data (`[xs, ys1, ys2, …]`); a change is drawn in place (`setData`). */
	data: uPlot.AlignedData;
	/** Height in CSS px of the plot and axes (the legend, if shown, adds to it). */
	height: number;
	className?: string;
}

/**
 * A uPlot chart (a canvas) that fills its box's width. uPlot is loaded on first use; the chart
 * is resized with its box, redrawn in the theme's colours when the theme changes, and destroyed
 * on unmount. The chart is hidden from assistive technology: give its numbers as text beside it
 * (a table).
 */
export function UPlotChart({ options, data, height, className }: UPlotChartProps) {
	const box = useRef<HTMLDivElement>(null);
	const chart = useRef<uPlot | null>(null);
	const latest = useRef(data);
	const theme = useResolvedTheme();
	const [failed, setFailed] = useState(false);

	useEffect(() => {
		latest.current = data;
		chart.current?.setData(data);
	}, [data]);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new theme makes the chart anew in its colours (read from CSS)
	useEffect(() => {
		const el = box.current;
		if (!el) return;
		let made: uPlot | null = null;
		let cancelled = false;
		loadUPlot().then(
			(lib) => {
				if (cancelled) return;
				const colors = chartColors(el);
				made = new lib({ ...options(colors, lib), width: Math.max(1, el.clientWidth), height }, latest.current, el);
				chart.current = made;
			},
			() => {
				if (!cancelled) setFailed(true);
			},
		);
		return () => {
			cancelled = true;
			made?.destroy();
			if (chart.current === made) chart.current = null;
		};
	}, [options, height, theme]);

	useEffect(() => {
		const el = box.current;
		if (!el) return;
		const observer = new ResizeObserver(() => {
			const width = Math.max(1, el.clientWidth);
			if (chart.current && chart.current.width !== width) chart.current.setSize({ width, height });
		});
		observer.observe(el);
		return () => observer.disconnect();
	}, [height]);

	return (
		<div className={className} aria-hidden="true">
			{failed && <p className="muted small">The chart could not be loaded.</p>}
			{/* uPlot's own nodes only: React renders nothing in here. */}
			<div ref={box} style={{ minHeight: failed ? 0 : height }} />
		</div>
	);
}
