import { useCallback, useEffect, useRef, useState } from "react";
import type { ContextAnalysis } from "../../../core";
import { useStore } from "../../../store";
import type { VirtualListHandle } from "../VirtualList/VirtualList";
import type { RowList } from "./inspectorContext";

type Expanded = Record<RowList, ReadonlySet<string>>;

const NONE: Expanded = { path: new Set(), entries: new Set(), messages: new Set(), payload: new Set() };

/**
 * Open rows, the path stage's open state and focus: a focus set elsewhere (deep link, graph,
 * an entry link) opens that entry in the context list (or the path when it is not read) and
 * scrolls to it; a focus set by clicking a row here does not scroll.
 */
export function useInspectorState(analysis: ContextAnalysis | null) {
	const focusedId = useStore((s) => s.focusedEntryId);
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
		(list: RowList, key: string, entryId?: string) => {
			setExpanded((prev) => {
				const next = new Set(prev[list]);
				if (!next.delete(key)) next.add(key);
				return { ...prev, [list]: next };
			});
			if (entryId) {
				localFocus.current = entryId;
				focusEntry(entryId);
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
		if (!focusedId || !analysis || localFocus.current === focusedId) return;
		const key = `${focusedId}#${nonce}`;
		if (handled.current === key) return;
		const inContext = analysis.selected.findIndex((e) => e.id === focusedId);
		if (inContext >= 0) {
			open("entries", focusedId);
			setRequest({ list: "entries", index: inContext });
			handled.current = key;
			return;
		}
		const onPath = analysis.fates.findIndex((f) => f.id === focusedId);
		if (onPath >= 0) {
			setPathOpen(true);
			open("path", focusedId);
			setRequest({ list: "path", index: onPath });
			handled.current = key;
			return;
		}
		setOffPath(focusedId);
	}, [focusedId, analysis, nonce, open]);

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
