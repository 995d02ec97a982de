/**
 * Fork lineage between stored sessions. pi's `/fork` (createBranchedSession) writes a new file
 * whose header names its source in `parentSession`: an absolute path on the machine that wrote
 * it, such as `/home/u/.pi/agent/sessions/--home-u-app--/2026-01-01T10-00-00-000Z_<id>.jsonl`.
 * A browser never sees that path, so the parent is found by what it does see: the stored file
 * name, the file name part of the path, or the session id pi puts in the file name.
 */

/** What lineage needs to know about a stored session. */
export interface LineageSession {
	id: string;
	fileName: string;
	parentSession?: string;
	/** An archived copy (OpenClaw's `<id>.jsonl.reset.<time>`): the live session's id. */
	archive?: { of: string };
}

export interface Lineage {
	/** Child id → parent id, for every session whose `parentSession` matched a stored session. */
	readonly parentOf: ReadonlyMap<string, string>;
	/** Parent id → its forks' ids, in input order. */
	readonly forksOf: ReadonlyMap<string, readonly string[]>;
	/** Child id → its `parentSession` text, when no stored session matched it. */
	readonly missing: ReadonlyMap<string, string>;
	/** Live session id → its stored archives' ids (each also in `parentOf`, shown under it). */
	readonly archivesOf: ReadonlyMap<string, readonly string[]>;
}

/** The file name part of a path written on any system (`/` or `\` separators). */
export function baseName(path: string): string {
	const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
	return cut === -1 ? path : path.slice(cut + 1);
}

/**
 * The session id in a pi session file name, `<timestamp>_<id>.jsonl` (the timestamp has no
 * underscore; the id may have hyphens), or null for names of another shape.
 */
export function idFromFileName(name: string): string | null {
	const base = baseName(name);
	const m = /^[^_]+_(.+)\.jsonl$/i.exec(base);
	return m ? m[1] : null;
}

/**
 * A resolver for `parentSession` texts against `sessions`, indexed once. It returns the stored
 * session a text names, or null. Tried in order: a stored file name equal to the whole text; a
 * stored file name equal to its file name part; a stored session whose id is the id in that file
 * name (or the whole text). Where several stored files share the name, the one whose id is in the
 * name wins, else the first in `sessions` order. A session is never its own parent.
 */
export function createParentResolver(
	sessions: readonly LineageSession[],
): (parentSession: string, childId: string) => string | null {
	const byName = new Map<string, string[]>();
	const byBase = new Map<string, string[]>();
	const ids = new Set<string>();
	const add = (map: Map<string, string[]>, key: string, id: string) => {
		const list = map.get(key);
		if (list) list.push(id);
		else map.set(key, [id]);
	};
	for (const s of sessions) {
		ids.add(s.id);
		add(byName, s.fileName, s.id);
		add(byBase, baseName(s.fileName), s.id);
	}
	return (parentSession, childId) => {
		const text = parentSession.trim();
		if (text === "") return null;
		const base = baseName(text);
		const nameId = idFromFileName(base);
		const pick = (candidates: readonly string[] | undefined): string | null => {
			const others = (candidates ?? []).filter((id) => id !== childId);
			if (others.length === 0) return null;
			return others.find((id) => id === nameId) ?? others[0];
		};
		const found = pick(byName.get(text)) ?? (base === "" ? null : pick(byBase.get(base)));
		if (found) return found;
		for (const id of [nameId, text]) {
			if (id && id !== childId && ids.has(id)) return id;
		}
		return null;
	};
}

/** The stored session `parentSession` names, or null (see `createParentResolver`). */
export function resolveParent(
	parentSession: string,
	childId: string,
	sessions: readonly LineageSession[],
): string | null {
	return createParentResolver(sessions)(parentSession, childId);
}

/** Links every session to its stored parent (see `resolveParent`) and each parent to its forks. */
export function buildLineage(sessions: readonly LineageSession[]): Lineage {
	const parentOf = new Map<string, string>();
	const forksOf = new Map<string, string[]>();
	const missing = new Map<string, string>();
	const archivesOf = new Map<string, string[]>();
	const resolve = createParentResolver(sessions);
	const ids = new Set(sessions.map((s) => s.id));
	for (const s of sessions) {
		const live = s.archive?.of;
		if (typeof live === "string" && live !== s.id && ids.has(live)) {
			parentOf.set(s.id, live);
			const list = archivesOf.get(live);
			if (list) list.push(s.id);
			else archivesOf.set(live, [s.id]);
			continue;
		}
		if (typeof s.parentSession !== "string" || s.parentSession.trim() === "") continue;
		const parent = resolve(s.parentSession, s.id);
		if (parent === null) {
			missing.set(s.id, s.parentSession);
			continue;
		}
		parentOf.set(s.id, parent);
		const forks = forksOf.get(parent);
		if (forks) forks.push(s.id);
		else forksOf.set(parent, [s.id]);
	}
	return { parentOf, forksOf, missing, archivesOf };
}

/** A session's ancestors, nearest first; stops at a repeated id so a cycle of forks cannot hang. */
export function ancestors(lineage: Lineage, id: string): string[] {
	const out: string[] = [];
	const seen = new Set([id]);
	for (let p = lineage.parentOf.get(id); p !== undefined && !seen.has(p); p = lineage.parentOf.get(p)) {
		seen.add(p);
		out.push(p);
	}
	return out;
}

export interface LineageRow {
	id: string;
	/** 0 for a session shown at the top level, parent depth + 1 for a fork shown under it. */
	depth: number;
	/** The parent it is shown under, when it is. */
	parentId?: string;
}

/**
 * `ids` (already filtered and sorted) as a forest: each fork right after its parent (and the
 * parent's earlier forks' subtrees), siblings in `ids` order. A fork whose parent is not in `ids`
 * stays at the top level where `ids` puts it. Every id appears exactly once, also in cycles.
 */
export function lineageRows(ids: readonly string[], lineage: Lineage): LineageRow[] {
	const present = new Set(ids);
	const children = new Map<string, string[]>();
	const nested = new Set<string>();
	for (const id of ids) {
		const parent = lineage.parentOf.get(id);
		if (parent === undefined || !present.has(parent) || parent === id) continue;
		nested.add(id);
		const list = children.get(parent);
		if (list) list.push(id);
		else children.set(parent, [id]);
	}
	const rows: LineageRow[] = [];
	const placed = new Set<string>();
	const place = (root: string) => {
		// Iterative depth-first walk: fork chains can be long.
		const stack: LineageRow[] = [{ id: root, depth: 0 }];
		for (let row = stack.pop(); row !== undefined; row = stack.pop()) {
			if (placed.has(row.id)) continue;
			placed.add(row.id);
			rows.push(row);
			const kids = children.get(row.id) ?? [];
			for (let i = kids.length - 1; i >= 0; i--) {
				if (!placed.has(kids[i])) stack.push({ id: kids[i], depth: row.depth + 1, parentId: row.id });
			}
		}
	};
	for (const id of ids) if (!nested.has(id)) place(id);
	// Sessions only reachable through a cycle: each unplaced one starts its own tree.
	for (const id of ids) if (!placed.has(id)) place(id);
	return rows;
}
