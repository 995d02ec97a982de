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
		// Drawn in the next frame, not in the task that brought the data (a worker's answer).
		const frame = requestAnimationFrame(() => chart.current?.setData(data));
		return () => cancelAnimationFrame(frame);
	}, [data]);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new theme makes the chart anew in its colours (read from CSS)
	useEffect(() => {
		const el = box.current;
		if (!el) return;
		let made: uPlot | null = null;
		let cancelled = false;
		// The box's width comes from its resize observer, called after a layout: read here (or in a
		// promise's callback in the same task) it would lay out the whole page in the middle of the
		// commit that shows the chart.
		let width = 0;
		let lib: typeof uPlot | null = null;
		const make = () => {
			if (cancelled || made || !lib || width <= 0) return;
			made = new lib({ ...options(chartColors(el), lib), width, height }, latest.current, el);
			chart.current = made;
		};
		const observer = new ResizeObserver((records) => {
			const last = records[records.length - 1];
			if (!last) return;
			width = Math.max(1, Math.round(last.contentRect.width));
			if (made && made.width !== width) made.setSize({ width, height });
			else make();
		});
		observer.observe(el);
		loadUPlot().then(
			(loaded) => {
				lib = loaded;
				make();
			},
			() => {
				if (!cancelled) setFailed(true);
			},
		);
		return () => {
			cancelled = true;
			observer.disconnect();
			made?.destroy();
			if (chart.current === made) chart.current = null;
		};
	}, [options, height, theme]);

	return (
		<div className={className} aria-hidden="true">
			{failed && <p className="muted small">The chart could not be loaded.</p>}
			{/* uPlot's own nodes only: React renders nothing in here. */}
			<div ref={box} style={{ minHeight: failed ? 0 : height }} />
		</div>
	);
}
