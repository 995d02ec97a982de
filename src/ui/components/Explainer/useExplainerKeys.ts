import { useEffect } from "react";

/** Whether a key press belongs to a text field (typing there never drives the explainer). */
function typing(target: EventTarget | null): boolean {
	return target instanceof HTMLElement && (target.isContentEditable || !!target.closest("input, textarea, select"));
}

/**
 * Page-wide keys while the explainer runs: `]` or `.` next step, `[` or `,` previous step, Escape
 * leaves. They stay clear of the graph's arrows and Home/End and of the find box's `/`.
 */
export function useExplainerKeys(active: boolean, step: (delta: 1 | -1) => void, leave: () => void): void {
	useEffect(() => {
		if (!active) return;
		const onKey = (event: KeyboardEvent) => {
			if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
			if (event.key === "]" || event.key === ".") step(1);
			else if (event.key === "[" || event.key === ",") step(-1);
			else if (event.key === "Escape") leave();
			else return;
			event.preventDefault();
		};
		window.addEventListener("keydown", onKey);
		return () => window.removeEventListener("keydown", onKey);
	}, [active, step, leave]);
}
