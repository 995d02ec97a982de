import { useEffect, useRef, useState } from "react";
import { FIND_FILTERS, type FindFilter, isFindActive } from "../../../core";
import { type Store, useStore } from "../../../store";
import "./Find.css";
import { FindResults } from "./FindResults";
import { useDebouncedCommit } from "./useDebouncedCommit";

/**
 * The query is searched once typing pauses this long. A newer search stops an older one between
 * batches (in the worker that holds the session), so a short pause costs little.
 */
const TYPING_PAUSE_MS = 120;

const FILTER_LABELS: Record<FindFilter, [string, string]> = {
	default: ["Default", "Hide settings entries"],
	"no-tools": ["No-tools", "Default minus tool results"],
	"user-only": ["User", "Only user messages"],
	"labeled-only": ["Labeled", "Only labeled entries"],
	all: ["All", "Everything, tool-call turns included"],
};

const selectSession = (s: Store) => s.session;
const selectQuery = (s: Store) => s.findQuery;
const selectFilter = (s: Store) => s.findFilter;
const selectHits = (s: Store) => s.findHits;
const selectHidden = (s: Store) => s.findHidden;
const selectActive = (s: Store) => s.findActive;
const selectRunning = (s: Store) => s.findRunning;

/** Full-text search over the open session with pi's export filters; Enter / Shift+Enter step through hits. */
export function Find() {
	const session = useStore(selectSession);
	const query = useStore(selectQuery);
	const filter = useStore(selectFilter);
	const hits = useStore(selectHits);
	const hidden = useStore(selectHidden);
	const active = useStore(selectActive);
	const running = useStore(selectRunning);
	const { setFindQuery, setFindFilter, runFind, stepHit } = useStore.getState();
	const [text, setText] = useState(query);
	const flush = useDebouncedCommit(text, setFindQuery, TYPING_PAUSE_MS);
	const input = useRef<HTMLInputElement>(null);

	// "/" jumps to the search box (unless the user is typing somewhere).
	useEffect(() => {
		const onKey = (e: KeyboardEvent) => {
			if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
			const t = e.target as HTMLElement | null;
			if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
			if (!input.current) return;
			e.preventDefault();
			input.current.focus();
			input.current.select();
		};
		window.addEventListener("keydown", onKey);
		return () => window.removeEventListener("keydown", onKey);
	}, []);

	useEffect(() => {
		if (session !== undefined) runFind();
	}, [session, runFind]);

	if (!session) return null;
	const searching = isFindActive(query, filter);
	return (
		<section className="panel find" aria-label="Find" data-testid="find">
			<h2 className="panel__title">Find</h2>
			<input
				ref={input}
				type="search"
				className="find__input"
				data-testid="find-input"
				placeholder="Search text, thinking, tools, summaries… ( / )"
				aria-label="Search the session"
				value={text}
				onChange={(e) => setText(e.currentTarget.value)}
				onKeyDown={(e) => {
					if (e.key === "Enter") {
						e.preventDefault();
						flush();
						stepHit(e.shiftKey ? -1 : 1);
					} else if (e.key === "Escape" && text) {
						e.preventDefault();
						setText("");
					}
				}}
			/>
			<fieldset className="find__filters" aria-label="Filter">
				{FIND_FILTERS.map((f) => (
					<button
						key={f}
						type="button"
						className="find__filter"
						data-testid="find-filter"
						data-filter={f}
						aria-pressed={f === filter}
						title={FILTER_LABELS[f][1]}
						onClick={() => setFindFilter(f)}
					>
						{FILTER_LABELS[f][0]}
					</button>
				))}
			</fieldset>
			{searching && (
				<div className="find__status" data-testid="find-status" aria-live="polite">
					<span data-testid="find-count" data-count={hits.length}>
						{running
							? "Searching…"
							: hits.length === 0
								? "No hits"
								: `${active >= 0 ? `${active + 1} of ` : ""}${hits.length} hit${hits.length === 1 ? "" : "s"}`}
					</span>
					<button
						type="button"
						className="icon-button"
						aria-label="Previous hit (Shift+Enter)"
						onClick={() => stepHit(-1)}
					>
						↑
					</button>
					<button type="button" className="icon-button" aria-label="Next hit (Enter)" onClick={() => stepHit(1)}>
						↓
					</button>
					{hidden > 0 && filter !== "all" && !running && (
						<button type="button" className="find__widen" onClick={() => setFindFilter("all")}>
							+{hidden} hidden by the filter: show all
						</button>
					)}
				</div>
			)}
			{searching && <FindResults />}
		</section>
	);
}
