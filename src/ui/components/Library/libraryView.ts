import type { SessionMeta } from "../../../storage/repository";

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
