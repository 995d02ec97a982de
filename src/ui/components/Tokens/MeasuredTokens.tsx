import { estimateError, type MeasuredContext } from "../../../core";
import { formatCount } from "../Message/fields";
import "./Tokens.css";

const percent = (ratio: number) => `${ratio > 0 ? "+" : ratio < 0 ? "−" : "±"}${Math.round(Math.abs(ratio) * 100)} %`;
const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : "±0");

interface Props {
	/** The estimate shown beside it (characters ÷ 4). */
	estimate: number;
	measured: MeasuredContext | null;
	/** One short line (lists, compare) instead of the inspector's sentence. */
	compact?: boolean;
	testId?: string;
}

/**
 * What the provider recorded for the last assistant reply on the path (input + cache read + cache
 * write), next to the estimate, with the estimate's difference.
 */
export function MeasuredTokens({ estimate, measured, compact = false, testId = "context-measured" }: Props) {
	if (!measured) {
		return (
			<span className="measured measured--none" data-testid={testId} data-value="">
				{compact ? "no usage recorded" : "Measured: no assistant reply on this path recorded its usage."}
			</span>
		);
	}
	const error = estimateError(estimate, measured.tokens);
	const breakdown = `input ${formatCount(measured.input)} + cache read ${formatCount(measured.cacheRead)} + cache write ${formatCount(measured.cacheWrite)}`;
	const title = `Recorded by the provider for reply ${measured.entryId}: ${breakdown}${
		measured.beforeCompaction ? " (before a compaction: the context has changed since)" : ""
	}`;
	return (
		<span
			className="measured"
			data-testid={testId}
			data-value={measured.tokens}
			data-entry-id={measured.entryId}
			data-difference={error.difference}
			title={title}
		>
			{compact ? "measured " : "Measured by the provider: "}
			<strong>{formatCount(measured.tokens)}</strong> tokens
			{!compact && (
				<>
					{" "}
					at reply <code>{measured.entryId}</code> ({breakdown})
				</>
			)}
			{" · estimate "}
			<span className="measured__diff">
				{signed(error.difference)}
				{error.ratio !== null && ` (${percent(error.ratio)})`}
			</span>
			{measured.beforeCompaction && !compact && " · before a compaction on this path"}
		</span>
	);
}
