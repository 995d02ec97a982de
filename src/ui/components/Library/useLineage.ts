import { useMemo } from "react";
import { buildLineage, type Lineage } from "../../../core";
import { type Store, useStore } from "../../../store";

const selectLibrary = (s: Store) => s.library;

/** Fork links between stored sessions, worked out again when the library list changes. */
export function useLineage(): Lineage {
	const library = useStore(selectLibrary);
	return useMemo(() => buildLineage(library), [library]);
}
