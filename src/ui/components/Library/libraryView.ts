import { type Lineage, lineageRows } from "../../../core";
import type { SessionMeta } from "../../../store";

export type LibrarySort = "newest" | "oldest" | "name" | "size";

export const LIBRARY_SORTS: readonly { value: LibrarySort; label: string }[] = [
	{ value: "newest", label: "Newest" },
	{ value: "oldest", label: "Oldest" },
	{ value: "name", label: "Name" },
	{ value: "size", label: "Size" },
];

/** The name a session is listed under: the explorer's own name, else its title, else the file name. */
export function displayName(m: SessionMeta): string {
	return m.displayName || m.title || m.fileName;
}

/** When the session was last active (its last entry), falling back to when it was stored. */
function activity(m: SessionMeta): number {
	for (const v of [m.modified, m.created]) {
		const t = Date.parse(v);
		if (!Number.isNaN(t)) return t;
	}
	return m.storedAt;
}

/**
 * The library as listed: sessions whose name, title, working directory or file name contain every
 * word of `query` (case-insensitive), in `sort` order (ties by name, then id, so the order is stable).
 */
export function libraryView(sessions: readonly SessionMeta[], query: string, sort: LibrarySort): SessionMeta[] {
	const words = query.toLowerCase().split(/\s+/).filter(Boolean);
	const matches = words.length
		? sessions.filter((m) => {
				const hay = [m.displayName ?? "", m.title, m.cwd, m.fileName].join("\n").toLowerCase();
				return words.every((w) => hay.includes(w));
			})
		: [...sessions];
	const byName = (a: SessionMeta, b: SessionMeta) =>
		displayName(a).localeCompare(displayName(b), undefined, { sensitivity: "base", numeric: true }) ||
		a.id.localeCompare(b.id);
	const compare: Record<LibrarySort, (a: SessionMeta, b: SessionMeta) => number> = {
		newest: (a, b) => activity(b) - activity(a) || byName(a, b),
		oldest: (a, b) => activity(a) - activity(b) || byName(a, b),
		name: byName,
		size: (a, b) => b.size - a.size || byName(a, b),
	};
	return matches.sort(compare[sort]);
}

/** A library group: the sessions of one working directory, forks under their parents. */
export interface LibraryGroup {
	/** The working directory ("" when the header names none). */
	cwd: string;
	rows: { meta: SessionMeta; depth: number; parentId?: string }[];
}

/**
 * `items` (already searched and sorted) grouped by working directory. Groups come in the order of
 * their first session in `items` (so "newest" puts the most recently active project first); inside
 * a group each fork follows its parent, indented (see core `lineageRows`).
 */
export function libraryGroups(items: readonly SessionMeta[], lineage: Lineage): LibraryGroup[] {
	const byCwd = new Map<string, SessionMeta[]>();
	for (const m of items) {
		const list = byCwd.get(m.cwd);
		if (list) list.push(m);
		else byCwd.set(m.cwd, [m]);
	}
	const groups: LibraryGroup[] = [];
	for (const [cwd, metas] of byCwd) {
		const byId = new Map(metas.map((m) => [m.id, m]));
		const rows = lineageRows(
			metas.map((m) => m.id),
			lineage,
		).map((r) => ({
			meta: byId.get(r.id) as SessionMeta,
			depth: r.depth,
			...(r.parentId ? { parentId: r.parentId } : {}),
		}));
		groups.push({ cwd, rows });
	}
	return groups;
}

/** A short name for a working directory: its last folder, with the full path kept for a tooltip. */
export function cwdName(cwd: string): string {
	if (cwd === "") return "(no working directory)";
	const parts = cwd.split(/[\\/]+/).filter(Boolean);
	return parts[parts.length - 1] ?? cwd;
}
