import { ancestors, baseName, resolveParent } from "../../../core";
import { type Store, useStore } from "../../../store";
import { displayName } from "./libraryView";
import { useLineage } from "./useLineage";

const selectLibrary = (s: Store) => s.library;
const selectOpenStored = (s: Store) => s.openStored;

interface Props {
	sessionKey: string;
	parentSession: string | undefined;
}

/**
 * The open session's place among its forks: its stored parent (and how many generations above
 * that), and its stored forks, each one click away. A parent named in the header but not stored
 * is said so.
 */
export function LineageLinks({ sessionKey, parentSession }: Props) {
	const library = useStore(selectLibrary);
	const openStored = useStore(selectOpenStored);
	const lineage = useLineage();
	// An open session that is not stored is not in the lineage: resolve its parent directly.
	const parent =
		lineage.parentOf.get(sessionKey) ?? (parentSession ? resolveParent(parentSession, sessionKey, library) : null);
	const forks = lineage.forksOf.get(sessionKey) ?? [];
	if (!parentSession && forks.length === 0) return null;
	const above = parent ? ancestors(lineage, parent).filter((id) => id !== sessionKey).length : 0;
	const link = (id: string, testId: string, prefix = "") => {
		const m = library.find((s) => s.id === id);
		return (
			<button
				key={id}
				type="button"
				className="lineage__link"
				data-testid={testId}
				data-session-id={id}
				title={`Open ${m?.fileName ?? id}`}
				onClick={() => void openStored(id)}
			>
				{prefix}
				{m ? displayName(m) : id}
			</button>
		);
	};
	return (
		<div className="lineage" data-testid="lineage">
			{parent && (
				<span className="lineage__part">
					<span className="muted">Forked from</span> {link(parent, "lineage-parent", "↰ ")}
					{above > 0 && (
						<span className="muted">
							{" "}
							(itself a fork, {above} generation{above === 1 ? "" : "s"} up)
						</span>
					)}
				</span>
			)}
			{parentSession && !parent && (
				<span className="lineage__part lineage__missing" data-testid="lineage-parent-missing" title={parentSession}>
					Forked from {baseName(parentSession) || parentSession}, which is not in the library: import its folder to link
					it.
				</span>
			)}
			{forks.length > 0 && (
				<span className="lineage__part" data-testid="lineage-forks">
					<span className="muted">
						{forks.length} fork{forks.length === 1 ? "" : "s"}:
					</span>{" "}
					{forks.map((id, i) => (
						<span key={id}>
							{i > 0 && ", "}
							{link(id, "lineage-fork", "↳ ")}
						</span>
					))}
				</span>
			)}
		</div>
	);
}
