import { useEffect, useState } from "react";
import { isSkeleton, type SessionEntry } from "../../../core";
import { useInspector } from "./inspectorContext";

/**
 * The entry at `position` in whole: as the inspector has it, or, for a skeleton of a session the
 * worker holds, read from the file when asked for (`wanted`, e.g. when its row opens); null while
 * it is being read. `failed` says why it could not be.
 */
export function useWholeEntry(
	position: number,
	wanted: boolean,
): { entry: SessionEntry; whole: SessionEntry | null; failed: string | null } {
	const { entries, whole } = useInspector();
	const entry = entries[position];
	const skeleton = whole !== undefined && isSkeleton(entry);
	const [read, setRead] = useState<{ position: number; entry?: SessionEntry; failed?: string } | null>(null);
	useEffect(() => {
		if (!skeleton || !wanted || !whole) return;
		let live = true;
		whole(position).then(
			(got) => live && setRead({ position, entry: got }),
			(err: unknown) => live && setRead({ position, failed: err instanceof Error ? err.message : String(err) }),
		);
		return () => {
			live = false;
		};
	}, [skeleton, wanted, whole, position]);
	if (!skeleton) return { entry, whole: entry, failed: null };
	const mine = read?.position === position ? read : null;
	return { entry, whole: mine?.entry ?? null, failed: mine?.failed ?? null };
}
