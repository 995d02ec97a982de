import { useLayoutEffect, useSyncExternalStore } from "react";
import { type Store, useStore } from "../../store";

export type Theme = "light" | "dark";

const QUERY = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
	const media = window.matchMedia?.(QUERY);
	media?.addEventListener("change", onChange);
	return () => media?.removeEventListener("change", onChange);
}

const systemDark = () => window.matchMedia?.(QUERY).matches ?? false;
const selectThemePref = (s: Store) => s.view.theme;

/** The theme in force: the preference, or the system's when it is "system". */
export function useResolvedTheme(): Theme {
	const pref = useStore(selectThemePref);
	const dark = useSyncExternalStore(subscribe, systemDark, () => false);
	return pref === "system" ? (dark ? "dark" : "light") : pref;
}

/** Puts the theme in force on <html data-theme> (theme.css picks the colours from it). */
export function useApplyTheme(): void {
	const theme = useResolvedTheme();
	useLayoutEffect(() => {
		document.documentElement.dataset.theme = theme;
	}, [theme]);
}
