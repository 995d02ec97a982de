import type { Lineage } from "../../../core";
import type { SessionMeta } from "../../../store";
import { LibraryItem } from "./LibraryItem";
import { cwdName, displayName, type LibraryGroup } from "./libraryView";

interface Props {
	group: LibraryGroup;
	open: boolean;
	openKey: string | undefined;
	lineage: Lineage;
	byId: ReadonlyMap<string, SessionMeta>;
	onToggle(): void;
}

/**
 * The sessions of one working directory, forks indented under their parents. A collapsed group
 * keeps its items in the page (hidden), except the open session's, which stays in view.
 */
export function LibraryGroupView({ group, open, openKey, lineage, byId, onToggle }: Props) {
	const { cwd, rows } = group;
	return (
		<div className={`library-group${open ? "" : " is-collapsed"}`} data-testid="library-group" data-cwd={cwd}>
			<button
				type="button"
				className="library-group__head"
				data-testid="library-group-toggle"
				aria-expanded={open}
				title={cwd || "Sessions whose header names no working directory"}
				onClick={onToggle}
			>
				<span className="library-group__chevron" aria-hidden="true">
					{open ? "▾" : "▸"}
				</span>
				<span className="library-group__name">{cwdName(cwd)}</span>
				<span className="library-group__count" data-testid="library-group-count">
					{rows.length}
				</span>
				{cwd && <span className="library-group__path">{cwd}</span>}
			</button>
			<ul className="list library-group__list">
				{rows.map(({ meta, depth, parentId }) => {
					const parent = lineage.parentOf.get(meta.id);
					const shownElsewhere = parent !== undefined && parent !== parentId ? byId.get(parent) : undefined;
					const original = meta.divergedFrom ? byId.get(meta.divergedFrom) : undefined;
					return (
						<LibraryItem
							key={meta.id}
							meta={meta}
							active={meta.id === openKey}
							depth={depth}
							forks={lineage.forksOf.get(meta.id)?.length ?? 0}
							{...(shownElsewhere ? { forkOf: displayName(shownElsewhere) } : {})}
							{...(original ? { divergedFrom: `${displayName(original)} (${original.fileName})` } : {})}
							hidden={!open && meta.id !== openKey}
						/>
					);
				})}
			</ul>
		</div>
	);
}
