import { useEffect, useState } from "react";

/**
 * Whether an element is wider inside than its box (it scrolls sideways), kept up to date as the
 * element resizes: showing more lines, wrapping and a narrower panel all resize it. Use the
 * returned setter as the element's `ref`.
 */
export function useScrollsSideways<T extends HTMLElement>(): [(el: T | null) => void, boolean] {
	const [el, setEl] = useState<T | null>(null);
	const [scrolls, setScrolls] = useState(false);
	useEffect(() => {
		if (!el || typeof ResizeObserver === "undefined") return;
		// ResizeObserver reports after layout (also once at the start): measuring there forces none.
		const observer = new ResizeObserver(() => setScrolls(el.scrollWidth > el.clientWidth));
		observer.observe(el);
		return () => observer.disconnect();
	}, [el]);
	return [setEl, scrolls];
}

/**
 * What makes a region that scrolls sideways reachable by keyboard (WCAG 2.1.1): a tab stop, and
 * a name saying what it holds, announced when it takes focus. Nothing for a region that fits.
 */
export function sidewaysScrollProps(scrolls: boolean, what: string) {
	return scrolls ? { tabIndex: 0, role: "group", "aria-label": `${what}, scrolls sideways` } : {};
}
