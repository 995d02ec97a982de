import { Fragment, type RefObject } from "react";
import { formatCount } from "../Message/fields";

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

const STAGES = [
	["path", "path"],
	["entries", "read"],
	["messages", "msgs"],
	["payload", "sent"],
] as const;

type StageId = (typeof STAGES)[number][0];

/** The size of each stage, as a row of jump links that stays at the top of the panel. */
export function StageNav({ counts, panel }: { counts: Record<StageId, number>; panel: RefObject<HTMLElement | null> }) {
	return (
		<nav className="ins-nav" aria-label="Pipeline stages">
			{STAGES.map(([id, label], i) => (
				<Fragment key={id}>
					{i > 0 && (
						<span className="ins-nav__arrow" aria-hidden="true">
							→
						</span>
					)}
					<button
						type="button"
						className="ins-nav__item"
						title={`${formatCount(counts[id])} ${label}: go to stage ${i + 1}`}
						onClick={() => panel.current?.querySelector(`[data-stage="${id}"]`)?.scrollIntoView({ block: "start" })}
					>
						<span className="ins-nav__step">{i + 1}</span> <strong>{compact.format(counts[id])}</strong> {label}
					</button>
				</Fragment>
			))}
		</nav>
	);
}
