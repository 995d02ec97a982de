import { useEffect, useRef, useState } from "react";
import { type Store, useStore } from "../../../store";
import { useOpenSession } from "../../hooks/useSession";
import { FindHit } from "./FindHit";

/** Hits rendered at first; more on request (the graph shows all of them). */
const PAGE = 100;

const selectHits = (s: Store) => s.findHits;
const selectHitAt = (s: Store) => s.findHitAt;
const selectActive = (s: Store) => s.findActive;
const selectQuery = (s: Store) => s.findQuery;
const selectFilter = (s: Store) => s.findFilter;
const selectGoToHit = (s: Store) => s.goToHit;
const selectShown = (s: Store) => s.findShown;
const selectShowHits = (s: Store) => s.showHits;

/** The list of hits, in file order; clicking one selects it as the leaf and focuses it. */
export function FindResults() {
	const session = useOpenSession();
	const hits = useStore(selectHits);
	// Each hit's position: looking hundreds of hits up by id would make a large session's id map at once.
	const hitAt = useStore(selectHitAt);
	const active = useStore(selectActive);
	const query = useStore(selectQuery);
	const filter = useStore(selectFilter);
	const goToHit = useStore(selectGoToHit);
	const shownBy = useStore(selectShown);
	const showHits = useStore(selectShowHits);
	// Paging belongs to one search (of this session, for this query and filter): a new one starts
	// from its first page, while the hits a running search adds keep the rows shown so far.
	const search = `${session?.key ?? ""}\u0000${query}\u0000${filter}`;
	const [paging, setPaging] = useState({ search, limit: PAGE });
	const limit = paging.search === search ? paging.limit : PAGE;
	const list = useRef<HTMLOListElement>(null);

	// Rows whose excerpts the search did not send are asked for as they show.
	const shown = hits.length === 0 ? 0 : Math.min(hits.length, Math.max(limit, active + 1));
	useEffect(() => {
		const missing: string[] = [];
		const at: number[] = [];
		for (let i = 0; i < shown; i++) {
			if (shownBy?.has(hits[i])) continue;
			missing.push(hits[i]);
			at.push(hitAt[i]);
		}
		if (missing.length > 0) showHits(missing, at);
	}, [hits, hitAt, shown, shownBy, showHits]);

	useEffect(() => {
		if (active < 0) return;
		const el = list.current?.querySelector<HTMLElement>(".find-hit.is-active");
		el?.scrollIntoView({ block: "nearest" });
	}, [active]);

	if (!session || hits.length === 0) return null;
	const rows = [];
	for (let i = 0; i < shown; i++) {
		rows.push(
			<FindHit
				key={hits[i]}
				index={i}
				id={hits[i]}
				active={i === active}
				onGo={goToHit}
				shown={shownBy?.get(hits[i])}
			/>,
		);
	}
	return (
		<>
			<ol ref={list} className="list find__results" data-testid="find-results" data-count={hits.length}>
				{rows}
			</ol>
			{shown < hits.length && (
				<button
					type="button"
					className="button button--small find__more"
					onClick={() => setPaging({ search, limit: shown + PAGE })}
				>
					Show {Math.min(PAGE, hits.length - shown)} more
					{hits.length - shown > PAGE ? ` (${hits.length - shown} not shown)` : ""}
				</button>
			)}
		</>
	);
}
