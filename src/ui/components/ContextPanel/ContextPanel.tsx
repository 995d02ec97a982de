import { useEffect, useMemo, useRef, useState } from "react";
import type { ContextCategory } from "../../../core";
import { useExplainer } from "../../hooks/useExplainer";
import { useContext, useOpenSession } from "../../hooks/useSession";
import { EntryNavContext } from "../Message/EntryLink";
import { formatCount } from "../Message/fields";
import { EntriesStage } from "./EntriesStage";
import { Glance } from "./Glance";
import { type Inspector, InspectorContext } from "./inspectorContext";
import { MessagesStage } from "./MessagesStage";
import { PanelHeader } from "./PanelHeader";
import { PathStage } from "./PathStage";
import { PayloadStage } from "./PayloadStage";
import { Stage } from "./Stage";
import { StageNav } from "./StageNav";
import { useExplainScroll } from "./useExplainScroll";
import { useInspectorState } from "./useInspectorState";
import "./ContextPanel.css";

/** Paths longer than this start folded: stage 2 lists what matters and the path can be opened. */
const OPEN_PATH_LIMIT = 400;

/**
 * The builder's pipeline for the selected leaf, stage by stage, as the agent runs it: the
 * context's summary from the store (the worker worked it out), its lists a window at a time.
 */
export function ContextPanel() {
	const session = useOpenSession();
	const { context, waiting, error } = useContext();
	const summary = context?.summary ?? null;
	const state = useInspectorState(summary);
	const scrollRef = useRef<HTMLElement>(null);
	const explain = useExplainer();
	useExplainScroll(scrollRef, explain);
	const [filter, setFilterState] = useState<ContextCategory | null>(null);
	// Another tip's messages start unfiltered.
	const leaf = summary?.leaf;
	useEffect(() => {
		if (leaf !== undefined) setFilterState(null);
	}, [leaf]);
	const setFilter = useMemo(
		() => (category: ContextCategory | null) => {
			setFilterState(category);
			if (category !== null)
				scrollRef.current?.querySelector('[data-stage="messages"]')?.scrollIntoView({ block: "start" });
		},
		[],
	);
	const inspector = useMemo<Inspector | null>(
		() =>
			summary
				? {
						summary,
						leafId: summary.leafId,
						focusedId: state.focusedId,
						isExpanded: state.isExpanded,
						toggleRow: state.toggleRow,
						navigate: state.navigate,
						explain,
						filter,
						setFilter,
					}
				: null,
		[summary, state.focusedId, state.isExpanded, state.toggleRow, state.navigate, explain, filter, setFilter],
	);
	if (!summary || !inspector) {
		return (
			<p className="context-panel context-panel--empty">
				{error
					? `The context could not be read from the file: ${error}`
					: session
						? "Reading this tip's context from the file…"
						: "Select a session to see the context its leaves send."}
			</p>
		);
	}
	const { counts } = summary;
	const n = { path: counts.path, entries: counts.entries, messages: counts.messages, payload: counts.payload };
	// The lists are keyed by the context they show: another tip's starts at its top.
	const listKey = `${summary.leaf}`;
	return (
		<InspectorContext.Provider value={inspector}>
			<EntryNavContext.Provider value={state.navigate}>
				<section
					ref={scrollRef}
					className={waiting ? "context-panel is-stale" : "context-panel"}
					data-testid="context-panel"
					aria-busy={waiting ? true : undefined}
					data-count={`${n.entries},${n.payload}`}
					data-explain-step={explain?.step.id}
					aria-label="Context inspector"
				>
					<PanelHeader
						isCurrentLeaf={summary.leafId !== null && summary.leafId === session?.leafId}
						offPath={state.offPath}
					/>
					<StageNav counts={n} panel={scrollRef} />
					<Stage id="glance" step="Σ" title="At a glance" fn="tokens · cost · over time" count="">
						<Glance key={listKey} />
					</Stage>
					<Stage
						id="path"
						step={1}
						title="Path"
						fn="root → leaf"
						count={formatCount(n.path)}
						open={state.pathOpen ?? (n.path <= OPEN_PATH_LIMIT || explain?.stage === "path")}
						explained={explain?.stage === "path"}
						onOpenChange={state.setPathOpen}
					>
						<PathStage key={listKey} handle={state.pathHandle} />
					</Stage>
					<Stage
						id="entries"
						step={2}
						title="Entries read"
						fn="buildContextEntries"
						count={formatCount(n.entries)}
						explained={explain?.stage === "entries"}
					>
						<EntriesStage key={listKey} handle={state.entriesHandle} />
					</Stage>
					<Stage
						id="messages"
						step={3}
						title="Session context"
						fn="buildSessionContext"
						count={formatCount(n.messages)}
						explained={explain?.stage === "messages"}
					>
						<MessagesStage key={listKey} />
					</Stage>
					<Stage
						id="payload"
						step={4}
						title="Sent to the provider"
						fn="convertToLlm"
						count={formatCount(n.payload)}
						explained={explain?.stage === "payload"}
					>
						<PayloadStage key={listKey} />
					</Stage>
				</section>
			</EntryNavContext.Provider>
		</InspectorContext.Provider>
	);
}
