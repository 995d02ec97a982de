import { memo } from "react";
import type { LeafSummary } from "../../../core";
import { formatTokens } from "../Library/format";

interface Props {
	leaf: LeafSummary;
	selected: boolean;
	/** Absolute offset when the list is virtualised. */
	top?: number;
	onSelect(id: string): void;
}

/** One branch tip: the last user message on its path, depth, context size, current-leaf mark. */
export const LeafRow = memo(function LeafRow({ leaf, selected, top, onSelect }: Props) {
	return (
		<li className="leaf-row" style={top === undefined ? undefined : { position: "absolute", top, left: 0, right: 0 }}>
			<button
				type="button"
				className={`leaf-item${selected ? " is-active" : ""}`}
				data-testid="leaf-item"
				data-entry-id={leaf.id}
				aria-pressed={selected}
				onClick={() => onSelect(leaf.id)}
			>
				<span className={`leaf-item__preview${leaf.lastUserText !== null ? "" : " muted"}`}>
					{leaf.lastUserText ??
						(leaf.lastUser >= 0 ? "(its last user message is not read yet)" : "(no user message on this path)")}
				</span>
				<span className="leaf-item__meta">
					{leaf.lanes && (
						<span
							className="leaf-item__current"
							data-testid="leaf-lane"
							title="pi harness v4: the lane whose leaf this is"
						>
							lane {leaf.lanes.join(", ")}
						</span>
					)}
					{leaf.isCurrent && (
						<span className="leaf-item__current" title="The file's current leaf: where pi resumes">
							current
						</span>
					)}
					<span className="leaf-item__depth" title="Entries from the root">
						depth {leaf.depth}
					</span>
					{leaf.contextTokens === null ? (
						<span className="muted" title="Counting the tokens of this tip's context…">
							… tok
						</span>
					) : (
						<span title="Estimated tokens of the context pi builds for this tip (characters ÷ 4)">
							~{formatTokens(leaf.contextTokens)} est
						</span>
					)}
					{leaf.measuredTokens !== null && (
						<span
							className="leaf-item__measured"
							data-testid="leaf-measured"
							data-value={leaf.measuredTokens}
							title="Tokens the provider recorded for the last reply on this path (input + cache read + cache write)"
						>
							{formatTokens(leaf.measuredTokens)} measured
						</span>
					)}
					<span className="leaf-item__id">{leaf.id}</span>
				</span>
			</button>
		</li>
	);
});
