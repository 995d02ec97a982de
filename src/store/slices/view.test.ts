import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_VIEW_PREFS, getViewPrefs } from "../../storage/prefs";
import { initialState, useStore } from "..";
import { PANEL_LIMITS } from "./view";

/** A localStorage of the test's own (Node has none). */
function memoryStorage(): Storage {
	const items = new Map<string, string>();
	return {
		get length() {
			return items.size;
		},
		clear: () => items.clear(),
		getItem: (k) => items.get(k) ?? null,
		key: (i) => [...items.keys()][i] ?? null,
		removeItem: (k) => void items.delete(k),
		setItem: (k, v) => void items.set(k, String(v)),
	};
}

beforeEach(() => {
	vi.stubGlobal("localStorage", memoryStorage());
	useStore.setState({ ...initialState, view: { ...DEFAULT_VIEW_PREFS } });
});
afterEach(() => vi.unstubAllGlobals());

describe("the view slice", () => {
	it("keeps the theme, panel widths and collapsed panels in preferences", () => {
		const s = useStore.getState();
		s.setTheme("dark");
		s.resizePanel("inspector", 520);
		s.togglePanel("sidebar");
		expect(useStore.getState().view).toEqual({
			...DEFAULT_VIEW_PREFS,
			theme: "dark",
			inspectorWidth: 520,
			sidebarCollapsed: true,
		});
		expect(getViewPrefs()).toEqual(useStore.getState().view);
	});

	it("clamps a panel's width to its limits", () => {
		useStore.getState().resizePanel("sidebar", 10);
		expect(useStore.getState().view.sidebarWidth).toBe(PANEL_LIMITS.sidebar.min);
		useStore.getState().resizePanel("inspector", 99_999);
		expect(useStore.getState().view.inspectorWidth).toBe(PANEL_LIMITS.inspector.max);
	});

	it("reads damaged preferences value by value, falling back to the defaults", () => {
		localStorage.setItem(
			"session-explorer:view:v1",
			JSON.stringify({ theme: "purple", sidebarWidth: "wide", inspectorWidth: 500, inspectorCollapsed: true }),
		);
		expect(getViewPrefs()).toEqual({ ...DEFAULT_VIEW_PREFS, inspectorWidth: 500, inspectorCollapsed: true });
		localStorage.setItem("session-explorer:view:v1", "{not json");
		expect(getViewPrefs()).toEqual(DEFAULT_VIEW_PREFS);
	});
});
