import type { ReactNode } from "react";
import { EntryLink } from "./EntryLink";
import { formatCount, isRecord, num, str } from "./fields";
import { JsonView } from "./JsonView";
import { MarkdownText } from "./Markdown";
import { MessageView } from "./MessageView";

/** A compaction entry: summary, tokensBefore, what it keeps (kept range or retained tail), details. */
export function CompactionView({ entry }: { entry: Record<string, unknown> }) {
	const tokens = num(entry.tokensBefore);
	const tail = Array.isArray(entry.retainedTail) ? entry.retainedTail : null;
	const details = isRecord(entry.details) ? entry.details : null;
	const tailViews: ReactNode[] = [];
	for (let i = 0; i < (tail?.length ?? 0); i++) tailViews.push(<MessageView key={i} message={tail?.[i]} />);
	return (
		<div className="msg msg--compaction">
			<dl className="msg-facts">
				<dt>tokens before</dt>
				<dd>{tokens !== undefined ? formatCount(tokens) : "(not recorded)"}</dd>
				{tail ? (
					<>
						<dt>kind</dt>
						<dd>checkpoint: retainedTail of {tail.length} message(s); nothing before it is read</dd>
					</>
				) : (
					<>
						<dt>first kept entry</dt>
						<dd>
							{typeof entry.firstKeptEntryId === "string" ? (
								<EntryLink id={entry.firstKeptEntryId} />
							) : (
								"(none: keeps nothing)"
							)}
						</dd>
					</>
				)}
				{/* oh-my-pi's own compaction fields */}
				{typeof entry.shortSummary === "string" && (
					<>
						<dt>short summary</dt>
						<dd>{entry.shortSummary}</dd>
					</>
				)}
				{num(entry.tokensAfter) !== undefined && (
					<>
						<dt>tokens after</dt>
						<dd>{formatCount(num(entry.tokensAfter) as number)}</dd>
					</>
				)}
				{typeof entry.method === "string" && (
					<>
						<dt>method</dt>
						<dd>{entry.method}</dd>
					</>
				)}
				{entry.fromHook === true && (
					<>
						<dt>from</dt>
						<dd>an extension hook</dd>
					</>
				)}
				{Array.isArray(details?.readFiles) && (
					<>
						<dt>files read</dt>
						<dd>{details.readFiles.map(String).join(", ") || "none"}</dd>
					</>
				)}
				{Array.isArray(details?.modifiedFiles) && (
					<>
						<dt>files modified</dt>
						<dd>{details.modifiedFiles.map(String).join(", ") || "none"}</dd>
					</>
				)}
			</dl>
			{entry.systemMessage !== undefined && (
				<details className="msg-raw">
					<summary>system message</summary>
					{typeof entry.systemMessage === "string" ? (
						<pre className="msg-mono">{entry.systemMessage}</pre>
					) : (
						<MessageView message={entry.systemMessage} />
					)}
				</details>
			)}
			<div className="msg-section-title">Summary</div>
			{str(entry.summary) ? <MarkdownText text={str(entry.summary)} /> : <p className="msg-empty">(empty summary)</p>}
			{tail && tail.length > 0 && (
				<details className="msg-raw">
					<summary>retained tail ({tail.length})</summary>
					<div className="msg-stack">{tailViews}</div>
				</details>
			)}
			{details && (
				<details className="msg-raw">
					<summary>details</summary>
					<JsonView value={details} />
				</details>
			)}
		</div>
	);
}
