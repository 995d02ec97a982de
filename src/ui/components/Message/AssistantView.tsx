import { ContentBlocks } from "./ContentBlocks";
import { formatCount, isRecord, num, str } from "./fields";

function usageLine(usage: unknown): string {
	if (!isRecord(usage)) return "";
	const parts: string[] = [];
	const input = num(usage.input);
	const output = num(usage.output);
	const read = num(usage.cacheRead);
	const write = num(usage.cacheWrite);
	if (input !== undefined) parts.push(`in ${formatCount(input)}`);
	if (output !== undefined) parts.push(`out ${formatCount(output)}`);
	if (read || write) parts.push(`cache ${formatCount(read ?? 0)} read / ${formatCount(write ?? 0)} write`);
	const cost = isRecord(usage.cost) ? num(usage.cost.total) : undefined;
	if (cost !== undefined) parts.push(`$${cost.toFixed(4)}`);
	return parts.join(" · ");
}

/** An assistant turn: model, stop reason, error or abort, usage, then its blocks. */
export function AssistantView({ m }: { m: Record<string, unknown> }) {
	const stop = str(m.stopReason);
	const error = str(m.errorMessage);
	const failed = stop === "error" || (!!error && stop !== "aborted");
	const usage = usageLine(m.usage);
	return (
		<div className={`msg msg--assistant${failed ? " msg--error" : stop === "aborted" ? " msg--aborted" : ""}`}>
			<div className="msg-head">
				<span className="msg-tag msg-tag--assistant">assistant</span>
				<span className="msg-meta">
					{str(m.provider, "?")}/{str(m.model, "?")}
				</span>
				{stop && (
					<span className={`msg-tag msg-tag--${failed ? "danger" : stop === "aborted" ? "warn" : "plain"}`}>
						{stop}
					</span>
				)}
			</div>
			{failed && (
				<div className="msg-alert msg-alert--error" role="note">
					Error: {error || "the provider reported an error (no message)"}
				</div>
			)}
			{stop === "aborted" && (
				<div className="msg-alert msg-alert--warn" role="note">
					Aborted{error ? `: ${error}` : ": the turn was stopped before it finished"}
				</div>
			)}
			<ContentBlocks content={m.content} mode="markdown" />
			{usage && <div className="msg-foot">{usage}</div>}
		</div>
	);
}
