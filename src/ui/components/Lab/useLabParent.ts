import { useEffect, useState } from "react";
import { type Store, useStore } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";

const selectLeaf = (s: Store) => s.selectedLeafId;
const selectFocused = (s: Store) => s.focusedEntryId;

/**
 * Where the lab appends: the entry last chosen, either as the leaf (a graph node, a tip) or by
 * opening it in the inspector. Null when the session has no entries, or while the lab is not open
 * (`open` false).
 */
export function useLabParent(open: boolean): string | null {
	const session = useOpenSession();
	const leafId = useStore(selectLeaf);
	const focusedId = useStore(selectFocused);
	const [useFocus, setUseFocus] = useState(false);
	useEffect(() => {
		// A new leaf takes over from an entry focused before it.
		void leafId;
		setUseFocus(false);
	}, [leafId]);
	useEffect(() => {
		if (focusedId) setUseFocus(true);
	}, [focusedId]);
	if (!open || !session) return null;
	if (useFocus && focusedId) return focusedId;
	return leafId ?? session.leafId;
}
