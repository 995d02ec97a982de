import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

export interface VirtualWindow {
	/** First and one-past-last row to render. */
	start: number;
	end: number;
	onScroll(): void;
	/** Scrolls the container so row `i` is visible. */
	reveal(i: number): void;
}

/**
 * Which rows of a fixed-row-height list are on screen (plus `overscan` either side). With
 * `enabled` false every row is rendered (short lists keep all their rows in the page).
 */
export function useVirtualWindow(
	container: RefObject<HTMLElement | null>,
	count: number,
	rowHeight: number,
	enabled: boolean,
	overscan = 8,
): VirtualWindow {
	const [view, setView] = useState({ top: 0, height: 600 });
	const frame = useRef(0);
	const measure = useCallback(() => {
		const el = container.current;
		if (el) setView({ top: el.scrollTop, height: el.clientHeight || 600 });
	}, [container]);
	const onScroll = useCallback(() => {
		if (!enabled || frame.current) return;
		frame.current = requestAnimationFrame(() => {
			frame.current = 0;
			measure();
		});
	}, [enabled, measure]);
	useEffect(() => {
		const el = container.current;
		if (!enabled || !el) return;
		// ResizeObserver reports after layout (also once at the start): measuring there forces none.
		if (typeof ResizeObserver === "undefined") {
			measure();
			return;
		}
		const observer = new ResizeObserver(measure);
		observer.observe(el);
		return () => observer.disconnect();
	}, [enabled, measure, container]);
	useEffect(() => () => cancelAnimationFrame(frame.current), []);
	const reveal = useCallback(
		(i: number) => {
			if (i < 0) return;
			// In the next frame, when layout is due anyway (reading scroll offsets now would force it).
			requestAnimationFrame(() => {
				const el = container.current;
				if (!el) return;
				const top = i * rowHeight;
				if (top < el.scrollTop) el.scrollTop = top;
				else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
				if (enabled) measure();
			});
		},
		[container, rowHeight, enabled, measure],
	);
	if (!enabled) return { start: 0, end: count, onScroll, reveal };
	const start = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
	const end = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + overscan);
	return { start, end, onScroll, reveal };
}
