import { getViewPrefs, setViewPrefs } from "../../storage/prefs";
import type { GetStore, SetStore } from "../types";
import type { SidePanel, ViewActions, ViewPrefs, ViewState } from "../viewTypes";

/** Widths a side panel may take, in CSS px. */
export const PANEL_LIMITS: Record<SidePanel, { min: number; max: number }> = {
	sidebar: { min: 200, max: 520 },
	inspector: { min: 280, max: 760 },
};

const clampWidth = (panel: SidePanel, width: number) =>
	Math.round(Math.min(PANEL_LIMITS[panel].max, Math.max(PANEL_LIMITS[panel].min, width)));

function readPrefs(): ViewPrefs {
	const prefs = getViewPrefs();
	return {
		...prefs,
		sidebarWidth: clampWidth("sidebar", prefs.sidebarWidth),
		inspectorWidth: clampWidth("inspector", prefs.inspectorWidth),
	};
}

export const initialViewState: ViewState = {
	view: readPrefs(),
	narrowGraph: false,
	shortcutsOpen: false,
	tipSort: "file",
};

export function createViewSlice(set: SetStore, get: GetStore): ViewActions {
	const update = (change: Partial<ViewPrefs>) => {
		const view = { ...get().view, ...change };
		set({ view });
		setViewPrefs(view);
	};
	return {
		setTheme(theme) {
			update({ theme });
		},
		resizePanel(panel, width) {
			const w = clampWidth(panel, width);
			update(panel === "sidebar" ? { sidebarWidth: w } : { inspectorWidth: w });
		},
		togglePanel(panel) {
			const v = get().view;
			update(
				panel === "sidebar" ? { sidebarCollapsed: !v.sidebarCollapsed } : { inspectorCollapsed: !v.inspectorCollapsed },
			);
		},
		setNarrowGraph(narrowGraph) {
			set({ narrowGraph });
		},
		setShortcutsOpen(shortcutsOpen) {
			set({ shortcutsOpen });
		},
		setTipSort(tipSort) {
			set({ tipSort });
		},
	};
}
