import type { SessionMeta } from "../../../store";
import { formatCount } from "../Library/format";
import { displayName } from "../Library/libraryView";

/** Names listed at most: the count says how many more. */
const LISTED = 50;

/** Sessions stored before usage was kept with them: how many, which, and how to count them. */
export function UncountedNote({ sessions }: { sessions: readonly SessionMeta[] }) {
	if (sessions.length === 0) return null;
	const n = sessions.length;
	return (
		<div className="usage__uncounted" data-testid="usage-uncounted" data-count={n}>
			<p>
				<strong>Not counted: {n === 1 ? "1 session" : `${formatCount(n)} sessions`}</strong>, stored before usage was
				kept with the library, or over 160 MB (their replies are not all read when they open). Open{" "}
				{n === 1 ? "it" : "each"} from the library once to count {n === 1 ? "it" : "them"}.
			</p>
			<details>
				<summary>Which {n === 1 ? "one" : "ones"}</summary>
				<ul className="usage__uncounted-list">
					{sessions.slice(0, LISTED).map((m) => (
						<li key={m.id}>
							{displayName(m)} <span className="muted">{m.cwd}</span>
						</li>
					))}
					{n > LISTED && <li className="muted">and {formatCount(n - LISTED)} more</li>}
				</ul>
			</details>
		</div>
	);
}
