import { createContext, useContext } from "react";
import type { ContextCategory, ContextSummary } from "../../../core";
import type { Explainer } from "../../hooks/useExplainer";

/** What every part of the inspector reads: the selected tip's context and UI state. */
export interface Inspector {
	summary: ContextSummary;
	/** The leaf the context's questions name. */
	leafId: string | null;
	focusedId: string | null;
	/** A row was clicked: toggle its detail and focus its entry (without scrolling). */
	toggleRow(list: RowList, key: string, entryId?: string, position?: number): void;
	isExpanded(list: RowList, key: string): boolean;
	/** Jump to an entry: focus it, open it and scroll it into view. */
	navigate(id: string): void;
	/** The explainer's current step, when it runs (its entries are highlighted). */
	explain: Explainer | null;
	/** The category the messages list is cut to (null: every message). */
	filter: ContextCategory | null;
	setFilter(category: ContextCategory | null): void;
}

export type RowList = "path" | "entries" | "messages" | "payload";

export const InspectorContext = createContext<Inspector | null>(null);

export function useInspector(): Inspector {
	const value = useContext(InspectorContext);
	if (!value) throw new Error("useInspector outside the context panel");
	return value;
}
