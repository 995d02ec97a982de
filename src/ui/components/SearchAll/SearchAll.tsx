import { useMemo, useState } from "react";
import { type Store, useStore } from "../../../store";
import { useDebouncedCommit } from "../Find/useDebouncedCommit";
import "./SearchAll.css";
import { SearchGroupView } from "./SearchGroupView";

const selectLibrary = (s: Store) => s.library;
const selectQuery = (s: Store) => s.searchQuery;
const selectResults = (s: Store) => s.searchResults;
const selectRunning = (s: Store) => s.searchRunning;
const selectIndexing = (s: Store) => s.searchIndexing;
const selectUnavailable = (s: Store) => s.searchUnavailable;
const selectSetQuery = (s: Store) => s.setSearchQuery;
const selectPrepare = (s: Store) => s.prepareSearch;

/** Sessions listed at first; the rest on request (each brings a few excerpts). */
const FIRST_SESSIONS = 50;

/**
 * Full-text search over every stored session (from the search index, never the bodies): hits
 * grouped by session, each opening its session at that entry.
 */
export function SearchAll() {
	const library = useStore(selectLibrary);
	const query = useStore(selectQuery);
	const results = useStore(selectResults);
	const running = useStore(selectRunning);
	const indexing = useStore(selectIndexing);
	const unavailable = useStore(selectUnavailable);
	const setQuery = useStore(selectSetQuery);
	const prepare = useStore(selectPrepare);
	const [text, setText] = useState(query);
	const flush = useDebouncedCommit(text, setQuery, 250);
	const byId = useMemo(() => new Map(library.map((m) => [m.id, m])), [library]);
	// Listing all sessions belongs to one result set: a new set starts short again.
	const [all, setAll] = useState<readonly unknown[] | null>(null);
	if (library.length === 0) return null;
	const total = results.reduce((n, g) => n + g.total, 0);
	const shown = all === results ? results : results.slice(0, FIRST_SESSIONS);
	const active = query.trim() !== "";
	return (
		<section className="panel search-all" data-testid="search-all" aria-label="Search all sessions">
			<h2 className="panel__title">Search all sessions</h2>
			<input
				type="search"
				className="search-all__input"
				data-testid="search-all-input"
				placeholder="Words in any stored session…"
				aria-label="Search all stored sessions"
				value={text}
				onFocus={() => void prepare()}
				onChange={(e) => setText(e.currentTarget.value)}
				onKeyDown={(e) => {
					if (e.key === "Enter") flush();
					else if (e.key === "Escape" && text) {
						e.preventDefault();
						setText("");
					}
				}}
			/>
			{unavailable && (
				<p className="search-all__status small muted" data-testid="search-all-unavailable" role="status">
					{unavailable}
				</p>
			)}
			{(active || indexing) && (
				<p className="search-all__status small muted" data-testid="search-all-status" aria-live="polite">
					{active &&
						(running
							? "Searching…"
							: total === 0
								? "No hits."
								: `${total} hit${total === 1 ? "" : "s"} in ${results.length} session${results.length === 1 ? "" : "s"}.`)}
					{indexing && (
						<span data-testid="search-all-indexing">
							{" "}
							Indexing {indexing.done + 1} of {indexing.total} sessions: results may be incomplete.
						</span>
					)}
				</p>
			)}
			{active && results.length > 0 && (
				<ul className="list search-all__results" data-testid="search-all-results">
					{shown.map((g) => (
						<SearchGroupView key={g.sessionId} group={g} meta={byId.get(g.sessionId)} />
					))}
					{shown.length < results.length && (
						<li>
							<button type="button" className="search-group__more" onClick={() => setAll(results)}>
								Show all {results.length} sessions
							</button>
						</li>
					)}
				</ul>
			)}
		</section>
	);
}
