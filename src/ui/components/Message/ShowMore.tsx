import { memo, type ReactNode, useMemo, useState } from "react";
import { CopyButton } from "./CopyButton";
import { formatCount } from "./fields";
import { countNewlines, truncate, windowEnd } from "./truncate";

/**
 * What one "show more" adds: a bounded slice, drawn as a part of its own, so a click never
 * draws (or lays out again) more than this whatever the text's size. Sized for markdown, the
 * slowest of the renderers (about 2 µs a character on pathological input).
 */
export const WINDOW_LINES = 300;
export const WINDOW_CHARS = 8000;

interface Props {
	text: string;
	maxLines?: number;
	maxChars?: number;
	/** Renders the (possibly cut) text, or one slice of it. */
	children(text: string): ReactNode;
}

const BAR = { display: "flex", gap: "4px", alignItems: "center" } as const;

interface SliceProps {
	text: string;
	render(text: string): ReactNode;
}

// A slice already on screen is not drawn again when the next one is added.
const Slice = memo(
	function Slice({ text, render }: SliceProps) {
		return <>{render(text)}</>;
	},
	(a, b) => a.text === b.text,
);

/**
 * Shows the start of a long text; each "show more" reveals the next bounded slice. A text cut
 * short offers to copy all of it.
 */
export function ShowMore({ text, maxLines = 24, maxChars = 4000, children }: Props) {
	// Where each slice shown ends; empty while collapsed.
	const [ends, setEnds] = useState<number[]>([]);
	const cut = useMemo(() => truncate(text, maxLines, maxChars), [text, maxLines, maxChars]);
	const shownEnd = ends.length > 0 ? ends[ends.length - 1] : cut.text.length;
	// All the newlines once; then only those of the part shown (which grows a slice at a time).
	const lines = useMemo(() => cut.hiddenLines + countNewlines(text, 0, cut.text.length), [text, cut]);
	const hiddenLines = useMemo(() => lines - countNewlines(text, 0, shownEnd), [text, lines, shownEnd]);
	if (cut.hiddenChars === 0) return <>{children(text)}</>;
	const hiddenChars = text.length - shownEnd;
	const more =
		hiddenLines > 0 ? `${formatCount(hiddenLines)} more lines` : `${formatCount(hiddenChars)} more characters`;
	const showNext = () => {
		const from = ends.length > 0 ? shownEnd : 0;
		const first = ends.length === 0;
		const end = windowEnd(text, from, first ? maxLines : WINDOW_LINES, first ? maxChars : WINDOW_CHARS);
		// The first click shows the collapsed part (a whole window) and the slice after it.
		const next = first ? [end, windowEnd(text, end, WINDOW_LINES, WINDOW_CHARS)] : [end];
		setEnds([...ends, ...next.filter((e, i, all) => e > (i > 0 ? all[i - 1] : from))]);
	};
	const starts = [0, ...ends.slice(0, -1)];
	return (
		<>
			{ends.length === 0
				? children(`${cut.text}…`)
				: ends.map((end, i) => <Slice key={starts[i]} text={text.slice(starts[i], end)} render={children} />)}
			<span style={BAR}>
				{hiddenChars > 0 && (
					<button
						type="button"
						className="msg-more"
						aria-expanded={false}
						data-testid="show-more"
						onClick={(e) => {
							e.stopPropagation();
							showNext();
						}}
					>
						{`Show more (${more})`}
					</button>
				)}
				{ends.length > 0 && (
					<button
						type="button"
						className="msg-more"
						aria-expanded={true}
						data-testid="show-less"
						onClick={(e) => {
							e.stopPropagation();
							setEnds([]);
						}}
					>
						Show less
					</button>
				)}
				<CopyButton text={() => text} label="Copy all" title="Copy the whole text" testId="show-more-copy" />
			</span>
		</>
	);
}
