import { useStore } from "../../../store";

function formatBytes(n: number): string {
	if (n < 1024) return `${n} B`;
	if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
	return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The stored sessions. */
export function Library() {
	const library = useStore((s) => s.library);
	const openStored = useStore((s) => s.openStored);
	const openKey = useStore((s) => s.session?.key);
	return (
		<section className="panel library" data-testid="library" aria-label="Library">
			<h2 className="panel__title">Library</h2>
			{library.length === 0 && <p className="muted">No stored sessions yet.</p>}
			<ul className="list">
				{library.map((m) => (
					<li key={m.id}>
						<button
							type="button"
							className={`library-item${m.id === openKey ? " is-active" : ""}`}
							data-testid="library-item"
							data-session-id={m.id}
							onClick={() => void openStored(m.id)}
						>
							<span className="library-item__title">{m.displayName || m.title}</span>
							<span className="muted small">
								{m.cwd} · {m.entries} entries · {m.leaves} tips · {formatBytes(m.size)}
							</span>
						</button>
					</li>
				))}
			</ul>
		</section>
	);
}
