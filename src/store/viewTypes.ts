import type { TipOrder } from "../core";
import type { ViewPrefs } from "../storage/prefs";

export type { ViewPrefs };
export type ThemePref = ViewPrefs["theme"];
export type SidePanel = "sidebar" | "inspector";
/** How the tips list is ordered (core's `sortTips`). */
export type TipSort = TipOrder;

export interface ViewState {
	/** Theme, panel widths and collapsed panels (kept in preferences). */
	view: ViewPrefs;
	/** In the one-column layout (narrow windows): the graph instead of the tips and context. */
	narrowGraph: boolean;
	/** The keyboard shortcuts overlay is open. */
	shortcutsOpen: boolean;
	tipSort: TipSort;
}

export interface ViewActions {
	setTheme(theme: ThemePref): void;
	/** Sets a side panel's width (clamped to its limits) and keeps it. */
	resizePanel(panel: SidePanel, width: number): void;
	togglePanel(panel: SidePanel): void;
	setNarrowGraph(graph: boolean): void;
	setShortcutsOpen(open: boolean): void;
	setTipSort(sort: TipSort): void;
}
