import { useEffect, useMemo, useRef, useState } from "react";
import type { ContextAnalysis, SessionEntry, TreeIndex } from "../../../core";
import { inspectContext } from "../../../core";
import { useStore } from "../../../store";
import { useExplainer } from "../../hooks/useExplainer";
import { useHostContext } from "../../hooks/useHostContext";
import { OPEN_STEPS, useOpenStep } from "../../hooks/useOpenStep";
import { useAnalysis, useSessionIndex } from "../../hooks/useSession";
import { EntryNavContext } from "../Message/EntryLink";
import { formatCount } from "../Message/fields";
import { EntriesStage } from "./EntriesStage";
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

interface Target {
	entries: readonly SessionEntry[] | undefined;
	index: TreeIndex | null;
	analysis: ContextAnalysis | null;
	whole?: (position: number) => Promise<SessionEntry>;
}

/** The open step the panel waits for (see `useOpenStep`). */
const INSPECTOR_STEP = [OPEN_STEPS.inspector];

/** The stages a session's first context shows up to, in turn (numbered as on the page). */
const UP_TO_ENTRIES = 2;
const UP_TO_MESSAGES = 3;
const UP_TO_PAYLOAD = 4;
/** A context of a path longer than this comes in those stages each time, not only a session's first. */
const STAGED_PATH_ABOVE = 200_000;

const NOT_YET: Target = { entries: undefined, index: null, analysis: null };

const selectLeafId = (s: { selectedLeafId: string | null }) => s.selectedLeafId;

/** The builder's pipeline for the selected leaf, stage by stage, as the agent runs it. */
export function ContextPanel() {
	const { session, index: liveIndex } = useSessionIndex();
	const liveEntries = session?.entries;
	const liveAnalysis = useAnalysis();
	const live = useMemo<Target>(
		() => ({ entries: liveEntries, index: liveIndex, analysis: liveAnalysis }),
		[liveEntries, liveIndex, liveAnalysis],
	);
	// A lean session (its entries are mostly skeletons) shows the context the parse worker works
	// out from the file it holds; a session parsed on the page (where no worker runs), its own.
	// Either shows here after the graph's nodes (see `OPEN_STEPS`); another leaf, or another
	// version of the session shown (the lab), at once.
	const shownKey = useRef<string | null>(null);
	const partial = session?.partial === true;
	const hosted = useHostContext(partial ? session : null, useStore(selectLeafId));
	const fromHost = useMemo<Target>(
		() =>
			hosted && "analysis" in hosted
				? { entries: hosted.entries, index: liveIndex, analysis: hosted.analysis, whole: hosted.whole }
				: NOT_YET,
		[hosted, liveIndex],
	);
	// While another tip's context is read from the file, the last one shown stays, marked busy:
	// swapping it for a line of text and back would take the whole panel down and build it again.
	const lastFromHost = useRef<Target | null>(null);
	const waiting = partial && hosted === null;
	if (!partial || (hosted && "error" in hosted)) lastFromHost.current = null;
	else if (fromHost.analysis) lastFromHost.current = fromHost;
	const stale = waiting && lastFromHost.current?.index === liveIndex ? lastFromHost.current : null;
	// A lean session's first answer is in before the graph's nodes: shown at once, its rows were
	// laid out in the steps that bring them, which came 20-40 ms later. The same session again (the
	// full one after its preview) keeps the panel.
	const step = useOpenStep(liveEntries, INSPECTOR_STEP);
	const shown = step >= OPEN_STEPS.inspector || (!!session && shownKey.current === session.key);
	useEffect(() => {
		if (shown) shownKey.current = session?.key ?? null;
	});
	// Not deferred: a deferred render was thrown away and begun again at each frame of the graph's
	// pan to the tip (300 ms), so a tip's context came half a second after the worker's answer.
	const target = !shown ? NOT_YET : partial ? (stale ?? fromHost) : live;
	const { entries, index, analysis, whole } = target;
	const pipeline = useMemo(() => (entries && analysis ? inspectContext(entries, analysis) : null), [entries, analysis]);
	const state = useInspectorState(analysis);
	const scrollRef = useRef<HTMLElement>(null);
	const explain = useExplainer();
	useExplainScroll(scrollRef, explain);
	const inspector = useMemo<Inspector | null>(
		() =>
			entries && analysis && pipeline
				? {
						entries,
						analysis,
						pipeline,
						focusedId: state.focusedId,
						isExpanded: state.isExpanded,
						toggleRow: state.toggleRow,
						navigate: state.navigate,
						explain,
						...(whole ? { whole } : {}),
					}
				: null,
		[entries, analysis, pipeline, state.focusedId, state.isExpanded, state.toggleRow, state.navigate, explain, whole],
	);
	// The first context a session shows comes in three tasks: the path and the entries read, then
	// the messages (markdown) a task later, then the provider's payload (markdown, code). In one,
	// the panel's first render of a 100 MB session's tip was a 60 ms task here; the last two
	// together were still 55-95 ms on a two-core machine. Later contexts come whole, but for those
	// of very long paths: another tip of a 2 GB session was a 40-60 ms task in one.
	const sessionKey = session?.key ?? null;
	const stagedFor: unknown = analysis && analysis.fates.length > STAGED_PATH_ABOVE ? analysis : sessionKey;
	const [shownUpTo, setShownUpTo] = useState<{ key: unknown; stage: number }>({
		key: null,
		stage: UP_TO_ENTRIES,
	});
	const upTo = shownUpTo.key === stagedFor ? shownUpTo.stage : UP_TO_ENTRIES;
	const hasContent = inspector !== null;
	useEffect(() => {
		if (!hasContent || upTo >= UP_TO_PAYLOAD) return;
		const timer = setTimeout(() => setShownUpTo({ key: stagedFor, stage: upTo + 1 }), 0);
		return () => clearTimeout(timer);
	}, [hasContent, stagedFor, upTo]);
	const explaining = explain?.stage === "messages" || explain?.stage === "payload";
	const messagesShown = upTo >= UP_TO_MESSAGES || explaining;
	const payloadShown = upTo >= UP_TO_PAYLOAD || explaining;
	if (!entries || !analysis || !pipeline || !inspector) {
		return (
			<p className="context-panel context-panel--empty">
				{session?.partial
					? hosted && "error" in hosted
						? `The context could not be read from the file: ${hosted.error}`
						: "Reading this tip's context from the file…"
					: session
						? "Working out the context…"
						: "Select a session to see the context its leaves send."}
			</p>
		);
	}
	const n = {
		path: analysis.fates.length,
		entries: analysis.selected.length,
		messages: analysis.messages.length,
		payload: pipeline.llm.length,
	};
	return (
		<InspectorContext.Provider value={inspector}>
			<EntryNavContext.Provider value={state.navigate}>
				<section
					ref={scrollRef}
					className={stale ? "context-panel is-stale" : "context-panel"}
					data-testid="context-panel"
					aria-busy={stale ? true : undefined}
					data-count={`${n.entries},${n.payload}`}
					data-explain-step={explain?.step.id}
					aria-label="Context inspector"
				>
					<PanelHeader
						isCurrentLeaf={analysis.leaf >= 0 && analysis.leaf === index?.currentLeaf}
						offPath={state.offPath}
					/>
					<StageNav counts={n} panel={scrollRef} />
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
						<PathStage handle={state.pathHandle} />
					</Stage>
					<Stage
						id="entries"
						step={2}
						title="Entries read"
						fn="buildContextEntries"
						count={formatCount(n.entries)}
						explained={explain?.stage === "entries"}
					>
						<EntriesStage handle={state.entriesHandle} />
					</Stage>
					<Stage
						id="messages"
						step={3}
						title="Session context"
						fn="buildSessionContext"
						count={formatCount(n.messages)}
						explained={explain?.stage === "messages"}
					>
						{messagesShown ? <MessagesStage /> : null}
					</Stage>
					<Stage
						id="payload"
						step={4}
						title="Sent to the provider"
						fn="convertToLlm"
						count={formatCount(n.payload)}
						explained={explain?.stage === "payload"}
					>
						{payloadShown ? <PayloadStage /> : null}
					</Stage>
				</section>
			</EntryNavContext.Provider>
		</InspectorContext.Provider>
	);
}
