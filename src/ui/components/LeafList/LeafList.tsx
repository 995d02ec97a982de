import { entryPreview } from "../../../core";
import { useStore } from "../../../store";
import { useAnalysis, useSessionIndex } from "../../hooks/useSession";

/** Every branch tip of the open session. */
export function LeafList() {
	const { session, index } = useSessionIndex();
	const analysis = useAnalysis();
	const selectLeaf = useStore((s) => s.selectLeaf);
	if (!session || !index) return null;
	return (
		<section className="panel" aria-label="Branch tips">
			<h2 className="panel__title">Branch tips ({index.leaves.length})</h2>
			<ul className="list" data-testid="leaf-list">
				{index.leaves.map((pos) => {
					const entry = session.entries[pos];
					const selected = analysis?.leaf === pos;
					return (
						<li key={entry.id}>
							<button
								type="button"
								className={`leaf-item${selected ? " is-active" : ""}`}
								data-testid="leaf-item"
								data-entry-id={entry.id}
								aria-pressed={selected}
								onClick={() => selectLeaf(entry.id)}
							>
								<span>{entryPreview(entry, 70)}</span>
								<span className="muted small">
									{entry.id} · depth {index.depth[pos]}
									{pos === index.currentLeaf ? " · current" : ""}
								</span>
							</button>
						</li>
					);
				})}
			</ul>
		</section>
	);
}
