import { useMemo, useState } from "react";
import { type Store, useStore } from "../../../store";
import "./Library.css";
import { LibraryItem } from "./LibraryItem";
import { LIBRARY_SORTS, type LibrarySort, libraryView } from "./libraryView";
import { StorageUse } from "./StorageUse";

const selectLibrary = (s: Store) => s.library;
const selectReady = (s: Store) => s.libraryReady;
const selectCorrupt = (s: Store) => s.libraryCorrupt.length;
const selectOpenKey = (s: Store) => s.session?.key;

/** The stored sessions: search, sort, open, rename, delete, and how much storage they use. */
export function Library() {
	const library = useStore(selectLibrary);
	const ready = useStore(selectReady);
	const corrupt = useStore(selectCorrupt);
	const openKey = useStore(selectOpenKey);
	const [query, setQuery] = useState("");
	const [sort, setSort] = useState<LibrarySort>("newest");
	const items = useMemo(() => libraryView(library, query, sort), [library, query, sort]);
	return (
		<section className="panel library" data-testid="library" aria-label="Library">
			<h2 className="panel__title">
				Library <span className="library__count">{library.length}</span>
			</h2>
			{library.length > 1 && (
				<div className="library__controls">
					<input
						type="search"
						className="library__search"
						data-testid="library-search"
						placeholder="Search name, folder, file"
						aria-label="Search the library"
						value={query}
						onChange={(e) => setQuery(e.currentTarget.value)}
					/>
					<select
						className="library__sort"
						data-testid="library-sort"
						aria-label="Sort the library"
						value={sort}
						onChange={(e) => setSort(e.currentTarget.value as LibrarySort)}
					>
						{LIBRARY_SORTS.map((s) => (
							<option key={s.value} value={s.value}>
								{s.label}
							</option>
						))}
					</select>
				</div>
			)}
			{ready && library.length === 0 && (
				<p className="muted small">No stored sessions yet. Open .jsonl files or drop them anywhere on the page.</p>
			)}
			{library.length > 0 && items.length === 0 && <p className="muted small">No session matches “{query}”.</p>}
			<ul className="list library__list">
				{items.map((m) => (
					<LibraryItem key={m.id} meta={m} active={m.id === openKey} />
				))}
			</ul>
			{corrupt > 0 && (
				<p className="muted small" data-testid="library-corrupt">
					{corrupt} stored record{corrupt === 1 ? " is" : "s are"} unreadable and not listed.
				</p>
			)}
			<StorageUse />
		</section>
	);
}
