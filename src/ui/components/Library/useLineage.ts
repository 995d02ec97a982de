import { buildLineage, type Lineage } from "../../../core";
import type { SessionMeta } from "../../../store";
import { type Store, useStore } from "../../../store";

const cache = new WeakMap<readonly SessionMeta[], Lineage>();

/** Fork links between stored sessions, computed once per library list. */
export function lineageOf(library: readonly SessionMeta[]): Lineage {
	let lineage = cache.get(library);
	if (!lineage) {
		lineage = buildLineage(library);
		cache.set(library, lineage);
	}
	return lineage;
}

const selectLibrary = (s: Store) => s.library;

export function useLineage(): Lineage {
	return lineageOf(useStore(selectLibrary));
}
