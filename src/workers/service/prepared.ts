import type {
	CodeLanguage,
	ContextAnalysis,
	ContextPipeline,
	ContextSummary,
	MeasuredContext,
	SessionEntry,
} from "../../core";

/**
 * A tip's context as the worker keeps it between the page's questions about it (its summary,
 * then its rows a window at a time): the builder's analysis, the inspector's stages of it, and
 * the entries it read whole.
 */
export interface PreparedContext {
	analysis: ContextAnalysis;
	pipeline: ContextPipeline;
	/** The entry at a position, whole where the analysis read it (a skeleton elsewhere). */
	entryAt(position: number): SessionEntry;
	/** The tool results' languages (by call id), from the calls among the selected entries. */
	languages: ReadonlyMap<string, CodeLanguage>;
	measured: MeasuredContext | null;
	summary: ContextSummary;
	/** The positions it read whole beyond those held whole, and how many analyses it took (1 as a rule). */
	read: number[];
	passes: number;
}
