import { memo } from "react";
import type { SnippetPart } from "../../../core";
import type { FoundShown } from "../../../store";
import { Highlight } from "./Highlight";

/** A hit's excerpt while the worker reads it from the file. */
const WAITING: SnippetPart[] = [{ text: "…", match: false }];

interface Props {
	index: number;
	id: string;
	active: boolean;
	onGo(index: number): void;
	/** Its kind, excerpt and label, as the worker read them (undefined: not read yet). */
	shown: FoundShown | undefined;
}

/** One search hit: the entry's kind, an excerpt with the matched words marked, its id. */
export const FindHit = memo(function FindHit({ index, id, active, onGo, shown }: Props) {
	const kind = shown?.kind ?? "entry";
	return (
		<li>
			<button
				type="button"
				className={`find-hit${active ? " is-active" : ""}`}
				data-testid="find-hit"
				data-entry-id={id}
				aria-current={active ? "true" : undefined}
				onClick={() => onGo(index)}
			>
				<span className="find-hit__head">
					<span className={`find-hit__kind kind-${kind}`}>{kind}</span>
					{shown?.label && <span className="find-hit__label">label: {shown.label}</span>}
					<span className="find-hit__id">{id}</span>
				</span>
				<span className="find-hit__text">
					<Highlight parts={shown?.parts ?? WAITING} />
				</span>
			</button>
		</li>
	);
});
