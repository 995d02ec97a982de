import { memo } from "react";
import {
	entryKind,
	entryPreview,
	entrySearchText,
	findSnippet,
	parseQuery,
	type SessionEntry,
	type SnippetPart,
} from "../../../core";
import { Highlight } from "./Highlight";

interface Props {
	index: number;
	entry: SessionEntry;
	label: string | undefined;
	query: string;
	active: boolean;
	onGo(index: number): void;
	/** The kind and excerpt worked out elsewhere (a lean session's worker), when `entry` is a skeleton. */
	shown?: { kind: string; parts: SnippetPart[] };
}

/** One search hit: the entry's kind, an excerpt with the matched words marked, its id. */
export const FindHit = memo(function FindHit({ index, entry, label, query, active, onGo, shown }: Props) {
	const parts =
		shown?.parts ??
		(parseQuery(query).length > 0
			? findSnippet(entrySearchText(entry, label), query, 140)
			: [{ text: entryPreview(entry, 140), match: false }]);
	const kind = shown?.kind ?? entryKind(entry);
	return (
		<li>
			<button
				type="button"
				className={`find-hit${active ? " is-active" : ""}`}
				data-testid="find-hit"
				data-entry-id={entry.id}
				aria-current={active ? "true" : undefined}
				onClick={() => onGo(index)}
			>
				<span className="find-hit__head">
					<span className={`find-hit__kind kind-${kind}`}>{kind}</span>
					{label && <span className="find-hit__label">label: {label}</span>}
					<span className="find-hit__id">{entry.id}</span>
				</span>
				<span className="find-hit__text">
					<Highlight parts={parts} />
				</span>
			</button>
		</li>
	);
});
