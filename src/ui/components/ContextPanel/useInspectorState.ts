import { useCallback, useEffect, useRef, useState } from "react";
import type { ContextSummary } from "../../../core";
import { useStore } from "../../../store";
import type { VirtualListHandle } from "../VirtualList/VirtualList";
import type { RowList } from "./inspectorContext";

type Expanded = Record<RowList, ReadonlySet<string>>;

const NONE: Expanded = { path: new Set(), entries: new Set(), messages: new Set(), payload: new Set() };

/** Where the entry at `position` is in the context's lists: in the entries read, or only on the path. */
function placeOf(summary: ContextSummary, position: number): { list: "path" | "entries"; index: number } | null {
	const { indexOf } = summary.fates;
	const fate = position >= 0 && position < indexOf.length ? indexOf[position] : -1;
	if (fate < 0) return null;
	const read = summary.selectedAt.indexOf(fate);
	return read >= 0 ? { list: "entries", index: read } : { list: "path", index: fate };
}

/**
 * Open rows, the path stage's open state and focus: a focus set elsewhere (deep link, graph,
 * an entry link) opens that entry in the context list (or the path when it is not read) and
 * scrolls to it; a focus set by clicking a row here does not scroll.
 */
export function useInspectorState(summary: ContextSummary | null) {
	const focusedId = useStore((s) => s.focusedEntryId);
	const focusedPosition = useStore((s) => s.focusedPosition);
	const focusEntry = useStore((s) => s.focusEntry);
	const [expanded, setExpanded] = useState<Expanded>(NONE);
	const [pathOpen, setPathOpen] = useState<boolean | null>(null);
	const [request, setRequest] = useState<{ list: "path" | "entries"; index: number } | null>(null);
	const [nonce, setNonce] = useState(0);
	/** A focused entry that is not on the selected leaf's path. */
	const [offPath, setOffPath] = useState<string | null>(null);
	const pathHandle = useRef<VirtualListHandle>(null);
	const entriesHandle = useRef<VirtualListHandle>(null);
	const localFocus = useRef<string | null>(null);
	const handled = useRef<string | null>(null);

	const open = useCallback((list: RowList, key: string) => {
		setExpanded((prev) => (prev[list].has(key) ? prev : { ...prev, [list]: new Set(prev[list]).add(key) }));
	}, []);

	const toggleRow = useCallback(
		(list: RowList, key: string, entryId?: string, position?: number) => {
			setExpanded((prev) => {
				const next = new Set(prev[list]);
				if (!next.delete(key)) next.add(key);
				return { ...prev, [list]: next };
			});
			if (entryId) {
				localFocus.current = entryId;
				focusEntry(entryId, position);
			}
		},
		[focusEntry],
	);

	const navigate = useCallback(
		(id: string) => {
			localFocus.current = null;
			setNonce((n) => n + 1);
			focusEntry(id);
		},
		[focusEntry],
	);

	useEffect(() => {
		setOffPath(null);
		if (!focusedId || focusedPosition === null || !summary || localFocus.current === focusedId) return;
		const key = `${focusedId}#${nonce}`;
		if (handled.current === key) return;
		const place = placeOf(summary, focusedPosition);
		if (!place) {
			setOffPath(focusedId);
			return;
		}
		if (place.list === "path") setPathOpen(true);
		open(place.list, focusedId);
		setRequest(place);
		handled.current = key;
	}, [focusedId, focusedPosition, summary, nonce, open]);

	useEffect(() => {
		if (!request) return;
		(request.list === "path" ? pathHandle : entriesHandle).current?.scrollToIndex(request.index);
	}, [request]);

	return {
		focusedId,
		offPath,
		isExpanded: (list: RowList, key: string) => expanded[list].has(key),
		toggleRow,
		navigate,
		pathOpen,
		setPathOpen,
		pathHandle,
		entriesHandle,
	};
}
