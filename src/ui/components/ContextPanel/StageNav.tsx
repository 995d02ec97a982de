import type { RefObject } from "react";
import { formatCount } from "../Message/fields";

const STAGES = [
	["path", "Path"],
	["entries", "Entries"],
	["messages", "Messages"],
	["payload", "Sent"],
] as const;

type StageId = (typeof STAGES)[number][0];

/** Jumps to a stage; stays at the top of the panel. */
export function StageNav({ counts, panel }: { counts: Record<StageId, number>; panel: RefObject<HTMLElement | null> }) {
	return (
		<nav className="ins-nav" aria-label="Pipeline stages">
			{STAGES.map(([id, label], i) => (
				<button
					key={id}
					type="button"
					className="ins-nav__item"
					onClick={() => panel.current?.querySelector(`[data-stage="${id}"]`)?.scrollIntoView({ block: "start" })}
				>
					<span className="ins-nav__step">{i + 1}</span> {label} <strong>{formatCount(counts[id])}</strong>
				</button>
			))}
		</nav>
	);
}
