import { fieldOf } from "../core/util/fields";

/**
 * Small preferences kept in localStorage (synchronous, tiny): which stored session was open last,
 * so a link that names only an entry (`#leaf=ID`) still finds its session after a reload.
 * Key names carry a version: do not change them without a migration.
 */
const LAST_OPEN_KEY = "session-explorer:last-open:v1";

function storage(): Storage | null {
	try {
		return typeof localStorage === "undefined" ? null : localStorage;
	} catch {
		return null; // access can throw (disabled storage, sandboxed frames)
	}
}

export function getLastOpenSession(): string | null {
	try {
		return storage()?.getItem(LAST_OPEN_KEY) ?? null;
	} catch {
		return null;
	}
}

export function setLastOpenSession(id: string | null): void {
	try {
		const s = storage();
		if (!s) return;
		if (id === null) s.removeItem(LAST_OPEN_KEY);
		else s.setItem(LAST_OPEN_KEY, id);
	} catch {
		// a full or disabled localStorage only loses this convenience
	}
}

/** Library groups (working directories) the user collapsed. */
const COLLAPSED_KEY = "session-explorer:collapsed-groups:v1";

export function getCollapsedGroups(): string[] {
	try {
		const raw = storage()?.getItem(COLLAPSED_KEY);
		const list: unknown = raw ? JSON.parse(raw) : [];
		return Array.isArray(list) ? list.filter((v): v is string => typeof v === "string") : [];
	} catch {
		return [];
	}
}

export function setCollapsedGroups(groups: readonly string[]): void {
	try {
		const s = storage();
		if (!s) return;
		if (groups.length === 0) s.removeItem(COLLAPSED_KEY);
		else s.setItem(COLLAPSED_KEY, JSON.stringify(groups));
	} catch {
		// losing this only re-expands the groups
	}
}

/**
 * How the page is laid out and coloured: the theme ("system" follows prefers-color-scheme), the
 * side panels' widths and whether they are collapsed. Unknown or bad values fall back one by one.
 */
export interface ViewPrefs {
	theme: "system" | "light" | "dark";
	sidebarWidth: number;
	inspectorWidth: number;
	sidebarCollapsed: boolean;
	inspectorCollapsed: boolean;
}

const VIEW_KEY = "session-explorer:view:v1";

export const DEFAULT_VIEW_PREFS: ViewPrefs = {
	theme: "system",
	sidebarWidth: 300,
	inspectorWidth: 440,
	sidebarCollapsed: false,
	inspectorCollapsed: false,
};

export function getViewPrefs(): ViewPrefs {
	const prefs = { ...DEFAULT_VIEW_PREFS };
	try {
		const raw = storage()?.getItem(VIEW_KEY);
		const v: unknown = raw ? JSON.parse(raw) : null;
		if (!v || typeof v !== "object") return prefs;
		const theme = fieldOf(v, "theme");
		if (theme === "light" || theme === "dark" || theme === "system") prefs.theme = theme;
		for (const key of ["sidebarWidth", "inspectorWidth"] as const) {
			const n = fieldOf(v, key);
			if (typeof n === "number" && Number.isFinite(n)) prefs[key] = Math.round(n);
		}
		for (const key of ["sidebarCollapsed", "inspectorCollapsed"] as const) {
			const flag = fieldOf(v, key);
			if (typeof flag === "boolean") prefs[key] = flag;
		}
	} catch {
		// unreadable: the defaults
	}
	return prefs;
}

export function setViewPrefs(prefs: ViewPrefs): void {
	try {
		storage()?.setItem(VIEW_KEY, JSON.stringify(prefs));
	} catch {
		// losing this only resets the layout and theme next time
	}
}

/**
 * From what file size (MB) a large file's first scan is split between two threads (see
 * `workers/splitScan.ts`). Unset: on a machine with four cores or more, from 16 MB; on fewer,
 * where the browser's own reading of the file takes the second core, only past 512 MB.
 */
const SPLIT_FROM_KEY = "session-explorer:split-scan-from-mb:v1";

export function getSplitFromBytes(): number | undefined {
	return megabytesAt(SPLIT_FROM_KEY);
}

/**
 * From what file size (MB) a find over a session the worker holds is split between it and a
 * helper worker (see `find` in `workers/service/find.ts`). Unset: from 16 MB.
 */
const FIND_SPLIT_FROM_KEY = "session-explorer:split-find-from-mb:v1";

export function getFindSplitFromBytes(): number | undefined {
	return megabytesAt(FIND_SPLIT_FROM_KEY);
}

/** A size in MB kept under `key`, in bytes; undefined when unset or not a size. */
function megabytesAt(key: string): number | undefined {
	try {
		const raw = storage()?.getItem(key);
		if (raw === null || raw === undefined || raw.trim() === "") return undefined;
		const mb = Number(raw);
		return Number.isFinite(mb) && mb >= 0 ? mb * 1024 * 1024 : undefined;
	} catch {
		return undefined;
	}
}
