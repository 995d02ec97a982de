import { memo, useState } from "react";
import type { SessionMeta } from "../../../store";
import { type SearchGroup, type Store, useStore } from "../../../store";
import { Highlight } from "../Find/Highlight";
import { cwdName, displayName } from "../Library/libraryView";

/** Hits shown per session at first; the rest on request. */
const FIRST = 3;

const selectOpenHit = (s: Store) => s.openSearchHit;
const selectOpenKey = (s: Store) => s.session?.key;
const selectFocused = (s: Store) => s.focusedEntryId;

/** One session's hits: its name and project, then an excerpt per hit that opens the session there. */
export const SearchGroupView = memo(function SearchGroupView({
	group,
	meta,
}: {
	group: SearchGroup;
	meta: SessionMeta | undefined;
}) {
	const openHit = useStore(selectOpenHit);
	const openKey = useStore(selectOpenKey);
	const focused = useStore(selectFocused);
	const [more, setMore] = useState(false);
	const shown = more ? group.hits : group.hits.slice(0, FIRST);
	const unlisted = group.total - group.hits.length;
	return (
		<li className="search-group" data-testid="search-group" data-session-id={group.sessionId}>
			<div className="search-group__head" title={meta ? `${meta.cwd}\n${meta.fileName}` : group.sessionId}>
				<span className="search-group__name">{meta ? displayName(meta) : group.sessionId}</span>
				<span className="search-group__count">{group.total}</span>
				{meta && <span className="search-group__cwd">{cwdName(meta.cwd)}</span>}
			</div>
			<ul className="list">
				{shown.map((hit) => {
					const current = openKey === group.sessionId && focused === hit.entryId;
					return (
						<li key={hit.entryId}>
							<button
								type="button"
								className={`search-hit${current ? " is-active" : ""}`}
								data-testid="search-hit"
								data-session-id={group.sessionId}
								data-entry-id={hit.entryId}
								aria-current={current ? "true" : undefined}
								onClick={() => void openHit(group.sessionId, hit.entryId)}
							>
								<span className="search-hit__head">
									<span className="search-hit__kind">{hit.kind}</span>
									<span className="search-hit__id">{hit.entryId}</span>
								</span>
								<span className="search-hit__text">
									<Highlight parts={hit.parts} />
								</span>
							</button>
						</li>
					);
				})}
			</ul>
			{!more && group.hits.length > FIRST && (
				<button type="button" className="search-group__more" onClick={() => setMore(true)}>
					Show {group.hits.length - FIRST} more
				</button>
			)}
			{more && unlisted > 0 && (
				<p className="search-group__more small muted">
					{unlisted} more in this session: open it and use Find for all of them.
				</p>
			)}
		</li>
	);
});
