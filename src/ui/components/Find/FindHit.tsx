import { memo } from "react";
import { entryKind, entrySnippet, type SessionEntry, type SnippetPart } from "../../../core";
import { Highlight } from "./Highlight";

/** A lean hit's excerpt while the worker reads it from the file. */
const WAITING: SnippetPart[] = [{ text: "…", match: false }];

interface Props {
	index: number;
	entry: SessionEntry;
	label: string | undefined;
	query: string;
	active: boolean;
	onGo(index: number): void;
	/** The kind and excerpt worked out elsewhere (a lean session's worker), when `entry` is a skeleton. */
	shown?: { kind: string; parts: SnippetPart[] };
	/** `entry` is a skeleton: without `shown` (not read yet), the row waits for its excerpt. */
	skeleton?: boolean;
}

/** One search hit: the entry's kind, an excerpt with the matched words marked, its id. */
export const FindHit = memo(function FindHit({ index, entry, label, query, active, onGo, shown, skeleton }: Props) {
	const parts = shown?.parts ?? (skeleton ? WAITING : entrySnippet(entry, label, query));
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
