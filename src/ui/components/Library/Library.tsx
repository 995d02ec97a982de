import { useMemo, useState } from "react";
import { type Store, useStore } from "../../../store";
import "./Library.css";
import "./LibraryStorage.css";
import { CorruptList } from "./CorruptList";
import { ExportReport } from "./ExportReport";
import { FolderImport } from "./FolderImport";
import { ImportReport } from "./ImportReport";
import { LibraryGroupView } from "./LibraryGroup";
import { LibraryTransfer } from "./LibraryTransfer";
import { LinkedFolder } from "./LinkedFolder";
import { LIBRARY_SORTS, type LibrarySort, libraryGroups, libraryView } from "./libraryView";
import { StorageOffline } from "./StorageOffline";
import { StorageUse } from "./StorageUse";
import { UnsavedList } from "./UnsavedList";
import { useLineage } from "./useLineage";

const selectLibrary = (s: Store) => s.library;
const selectReady = (s: Store) => s.libraryReady;
const selectOffline = (s: Store) => s.storageOffline !== null;
// An unsaved copy open under a stored session's id is not that stored session.
const selectOpenKey = (s: Store) => (s.session?.stored ? s.session.key : undefined);
const selectCollapsed = (s: Store) => s.libraryCollapsed;
const selectToggle = (s: Store) => s.toggleLibraryGroup;

/**
 * The stored sessions grouped by project (working directory), forks under their parents: search,
 * sort, collapse, open, rename, delete, folder import, export and import of the whole library,
 * sessions open but not saved, damaged records, and how much storage they use.
 */
export function Library() {
	const library = useStore(selectLibrary);
	const ready = useStore(selectReady);
	const offline = useStore(selectOffline);
	const openKey = useStore(selectOpenKey);
	const collapsed = useStore(selectCollapsed);
	const toggle = useStore(selectToggle);
	const lineage = useLineage();
	const [query, setQuery] = useState("");
	const [sort, setSort] = useState<LibrarySort>("newest");
	const items = useMemo(() => libraryView(library, query, sort), [library, query, sort]);
	const groups = useMemo(() => libraryGroups(items, lineage), [items, lineage]);
	const byId = useMemo(() => new Map(library.map((m) => [m.id, m])), [library]);
	// While searching every group is open: a match must not hide in a collapsed one.
	const searching = query.trim() !== "";
	return (
		<section className="panel library" data-testid="library" aria-label="Library">
			<div className="library__head">
				<h2 className="panel__title">
					Library <span className="library__count">{library.length}</span>
				</h2>
				<FolderImport />
			</div>
			<LinkedFolder />
			<LibraryTransfer />
			<StorageOffline />
			<ImportReport />
			<ExportReport />
			<UnsavedList />
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
			{ready && library.length === 0 && !offline && (
				<p className="muted small">
					No stored sessions yet. Open .jsonl files, import a folder (pi keeps them in ~/.pi/agent/sessions), or drop
					files or folders anywhere on the page.
				</p>
			)}
			{library.length > 0 && items.length === 0 && <p className="muted small">No session matches “{query}”.</p>}
			<div className="library__list">
				{groups.map((g) => (
					<LibraryGroupView
						key={g.cwd}
						group={g}
						open={searching || !collapsed.has(g.cwd)}
						openKey={openKey}
						lineage={lineage}
						byId={byId}
						onToggle={() => toggle(g.cwd)}
					/>
				))}
			</div>
			<CorruptList />
			<StorageUse />
		</section>
	);
}
