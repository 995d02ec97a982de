import { type Store, type ThemePref, useStore } from "../../../store";
import { useResolvedTheme } from "../../hooks/useTheme";

const NEXT: Record<ThemePref, ThemePref> = { system: "light", light: "dark", dark: "system" };
const NAME: Record<ThemePref, string> = { system: "system", light: "light", dark: "dark" };

const selectPref = (s: Store) => s.view.theme;
const selectSetTheme = (s: Store) => s.setTheme;

/** Cycles the theme: the system's, light, dark (kept in preferences). */
export function ThemeToggle() {
	const pref = useStore(selectPref);
	const setTheme = useStore(selectSetTheme);
	const theme = useResolvedTheme();
	const label = pref === "system" ? `Theme: system (${theme})` : `Theme: ${NAME[pref]}`;
	return (
		<button
			type="button"
			className="button button--icon"
			data-testid="theme-toggle"
			data-theme-pref={pref}
			aria-label={`${label}. Switch to ${NAME[NEXT[pref]]}`}
			title={`${label} — click for ${NAME[NEXT[pref]]}`}
			onClick={() => setTheme(NEXT[pref])}
		>
			<span aria-hidden="true">{pref === "system" ? "◐" : pref === "dark" ? "☾" : "☀"}</span>
		</button>
	);
}
