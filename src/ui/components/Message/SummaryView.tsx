import { EntryLink } from "./EntryLink";
import { formatCount, num, str } from "./fields";
import { MarkdownText } from "./Markdown";

/** A branch or compaction summary message. */
export function SummaryView({ m }: { m: Record<string, unknown> }) {
	const compaction = m.role === "compactionSummary";
	const tokens = num(m.tokensBefore);
	const summary = str(m.summary);
	return (
		<div className={`msg ${compaction ? "msg--compaction" : "msg--summary"}`}>
			<div className="msg-head">
				<span className={`msg-tag msg-tag--${compaction ? "compaction" : "summary"}`}>
					{compaction ? "compaction summary" : "branch summary"}
				</span>
				{compaction ? (
					<span className="msg-meta">{tokens !== undefined ? `${formatCount(tokens)} tokens before` : ""}</span>
				) : (
					<span className="msg-meta">
						from <EntryLink id={str(m.fromId)} />
					</span>
				)}
			</div>
			{summary ? <MarkdownText text={summary} /> : <p className="msg-empty">(empty summary)</p>}
		</div>
	);
}
