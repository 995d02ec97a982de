import { createContext, useContext } from "react";
import type { ContextAnalysis, ContextPipeline, SessionEntry } from "../../../core";
import type { Explainer } from "../../hooks/useExplainer";

/** What every part of the inspector reads: the analysis of the selected leaf and UI state. */
export interface Inspector {
	entries: readonly SessionEntry[];
	analysis: ContextAnalysis;
	pipeline: ContextPipeline;
	focusedId: string | null;
	/** A row was clicked: toggle its detail and focus its entry (without scrolling). */
	toggleRow(list: RowList, key: string, entryId?: string): void;
	isExpanded(list: RowList, key: string): boolean;
	/** Jump to an entry: focus it, open it and scroll it into view. */
	navigate(id: string): void;
	/** The explainer's current step, when it runs (its entries are highlighted). */
	explain: Explainer | null;
	/**
	 * For a session the worker holds (a preview, a lean file): reads a path entry that `entries`
	 * has only as a skeleton. Absent when every entry is whole.
	 */
	whole?: (position: number) => Promise<SessionEntry>;
}

export type RowList = "path" | "entries" | "messages" | "payload";

export const InspectorContext = createContext<Inspector | null>(null);

export function useInspector(): Inspector {
	const value = useContext(InspectorContext);
	if (!value) throw new Error("useInspector outside the context panel");
	return value;
}
