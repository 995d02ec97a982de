import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { type SidePanel, type Store, useStore } from "../../../store";
import { PANEL_LIMITS } from "../../../store/slices/view";

const STEP = 24;
const selectResize = (s: Store) => s.resizePanel;

interface Props {
	panel: SidePanel;
	width: number;
	label: string;
}

/**
 * The draggable edge of a side panel (a focusable separator: ←/→ resize, Home/End to the limits).
 * The sidebar grows to the right, the inspector to the left.
 */
export function PanelResizer({ panel, width, label }: Props) {
	const resize = useStore(selectResize);
	const drag = useRef<{ x: number; width: number } | null>(null);
	const sign = panel === "sidebar" ? 1 : -1;
	const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
		if (drag.current) resize(panel, drag.current.width + sign * (e.clientX - drag.current.x));
	};
	const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
		const { min, max } = PANEL_LIMITS[panel];
		const next =
			e.key === "ArrowRight"
				? width + sign * STEP
				: e.key === "ArrowLeft"
					? width - sign * STEP
					: e.key === "Home"
						? min
						: e.key === "End"
							? max
							: null;
		if (next === null) return;
		e.preventDefault();
		resize(panel, next);
	};
	return (
		// biome-ignore lint/a11y/useSemanticElements: a focusable, draggable window splitter (ARIA separator), not an <hr>
		<div
			className={`panel-resizer panel-resizer--${panel}`}
			role="separator"
			aria-orientation="vertical"
			aria-label={label}
			aria-valuenow={width}
			aria-valuemin={PANEL_LIMITS[panel].min}
			aria-valuemax={PANEL_LIMITS[panel].max}
			tabIndex={0}
			data-testid={`${panel}-resizer`}
			onKeyDown={onKeyDown}
			onPointerDown={(e) => {
				drag.current = { x: e.clientX, width };
				e.currentTarget.setPointerCapture(e.pointerId);
			}}
			onPointerMove={onPointerMove}
			onPointerUp={() => {
				drag.current = null;
			}}
		/>
	);
}
