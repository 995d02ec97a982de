import { memo } from "react";
import type { ExampleInfo } from "../../../core";
import { TickText } from "./TickText";

interface Props {
	example: ExampleInfo;
	number: number;
	busy: boolean;
	disabled: boolean;
	onOpen(file: string): void;
}

/** One example: its number, title and rule; the whole card opens it. */
export const GalleryCard = memo(function GalleryCard({ example, number, busy, disabled, onOpen }: Props) {
	return (
		<li className="gallery-card">
			<button
				type="button"
				className="gallery-card__button"
				data-testid="gallery-item"
				data-file={example.file}
				disabled={disabled}
				aria-busy={busy}
				onClick={() => onOpen(example.file)}
			>
				<span className="gallery-card__number">{String(number).padStart(2, "0")}</span>
				<span className="gallery-card__title">
					<TickText text={example.title} />
				</span>
				<span className="gallery-card__rule">
					<TickText text={example.rule} />
				</span>
				<span className="gallery-card__open">{busy ? "Opening…" : "Open example →"}</span>
			</button>
		</li>
	);
});
