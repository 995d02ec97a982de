import { useLayoutEffect } from "react";
import { type Store, useStore } from "../../store";
import { mediaQuery, useMediaQuery } from "./useMediaQuery";

export type Theme = "light" | "dark";

const DARK = mediaQuery("(prefers-color-scheme: dark)");

const selectThemePref = (s: Store) => s.view.theme;

/** The theme in force: the preference, or the system's when it is "system". */
export function useResolvedTheme(): Theme {
	const pref = useStore(selectThemePref);
	const dark = useMediaQuery(DARK);
	return pref === "system" ? (dark ? "dark" : "light") : pref;
}

/** Puts the theme in force on <html data-theme> (theme.css picks the colours from it). */
export function useApplyTheme(): void {
	const theme = useResolvedTheme();
	useLayoutEffect(() => {
		document.documentElement.dataset.theme = theme;
	}, [theme]);
}
