import { formatCount, formatTokens } from "../Library/format";
import { VirtualList } from "../VirtualList/VirtualList";
import { CostCell } from "./UsageTable";
import type { SessionUsage } from "./usageView";

interface Props {
	sessions: readonly SessionUsage[];
	/** Opens a session (the dialog closes). */
	onOpen(id: string): void;
}

/** Every counted session, costliest first: its project, replies, tokens and cost. Long lists are windowed. */
export function SessionUsageList({ sessions, onOpen }: Props) {
	return (
		<VirtualList
			count={sessions.length}
			estimate={44}
			threshold={40}
			className="usage-sessions"
			aria-label="Usage by session"
			rowKey={(i) => sessions[i].meta.id}
			renderRow={(i) => {
				const s = sessions[i];
				const t = s.totals;
				return (
					<div className="usage-session" data-testid="usage-session" data-session-id={s.meta.id}>
						<button
							type="button"
							className="usage-session__name"
							title={`Open ${s.name}`}
							onClick={() => onOpen(s.meta.id)}
						>
							{s.name}
						</button>
						<span className="usage-session__cost">
							<CostCell totals={t} />
						</span>
						<span className="usage-session__facts muted">
							{s.meta.cwd || "no folder"} · {formatCount(t.replies)} replies · {formatTokens(t.input)} in ·{" "}
							{formatTokens(t.output)} out · {formatTokens(t.cacheRead)} cache read · {formatTokens(t.cacheWrite)} cache
							write
						</span>
					</div>
				);
			}}
		/>
	);
}
