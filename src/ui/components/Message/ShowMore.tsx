import { memo, type ReactNode, useMemo, useState } from "react";
import { CopyButton } from "./CopyButton";
import { formatCount } from "./fields";
import { useClip } from "./textSource";
import { countNewlines, truncate, windowEnd } from "./truncate";

/**
 * What one "show more" adds: a bounded slice, drawn as a part of its own, so a click never
 * draws (or lays out again) more than this whatever the text's size. Sized for markdown, the
 * slowest of the renderers (about 2 µs a character on pathological input).
 */
export const WINDOW_LINES = 300;
export const WINDOW_CHARS = 8000;
/** Characters read from the worker at once past the part of a long text the page holds. */
const READ_CHARS = 64 * 1024;

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
 * Shows the start of a long text; each "show more" reveals the next bounded slice. A text the
 * worker cut short (see `useClip`) is read on from the worker as the slices reach its end, a
 * slice at a time: it never comes to the page whole unless copied. A text cut short offers to
 * copy all of it.
 */
export function ShowMore({ text, maxLines = 24, maxChars = 4000, children }: Props) {
	const clip = useClip(text);
	// The text as far as the page holds it: what came with the row, and what was read since.
	const [read, setRead] = useState<{ for: string; text: string } | null>(null);
	const known = read?.for === text ? read.text : text;
	const total = clip?.length ?? text.length;
	// Where each slice shown ends; empty while collapsed.
	const [ends, setEnds] = useState<number[]>([]);
	const [reading, setReading] = useState<string | null>(null);
	const cut = useMemo(() => truncate(text, maxLines, maxChars), [text, maxLines, maxChars]);
	const shownEnd = ends.length > 0 ? ends[ends.length - 1] : cut.text.length;
	// The newlines of the part held once; then only those of the part shown (which grows a slice at a time).
	const lines = useMemo(() => cut.hiddenLines + countNewlines(known, 0, cut.text.length), [known, cut]);
	const hiddenLines = useMemo(() => lines - countNewlines(known, 0, shownEnd), [known, lines, shownEnd]);
	if (cut.hiddenChars === 0 && !clip) return <>{children(text)}</>;
	const hiddenChars = total - shownEnd;
	const more =
		hiddenLines > 0 && known.length === total
			? `${formatCount(hiddenLines)} more lines`
			: `${formatCount(hiddenChars)} more characters`;
	const showNext = async () => {
		const from = ends.length > 0 ? shownEnd : 0;
		const first = ends.length === 0;
		let held = known;
		// The next slice reaches past what the page holds: the worker sends the next part.
		if (clip && held.length < total && from + WINDOW_CHARS * 2 > held.length) {
			setReading("Reading…");
			try {
				held += await clip.more(held.length, Math.min(total, held.length + READ_CHARS));
				setRead({ for: text, text: held });
				setReading(null);
			} catch (err) {
				setReading(`Could not read more: ${err instanceof Error ? err.message : String(err)}`);
				return;
			}
		}
		const end = windowEnd(held, from, first ? maxLines : WINDOW_LINES, first ? maxChars : WINDOW_CHARS);
		// The first click shows the collapsed part (a whole window) and the slice after it.
		const next = first ? [end, windowEnd(held, end, WINDOW_LINES, WINDOW_CHARS)] : [end];
		setEnds([...ends, ...next.filter((e, i, all) => e > (i > 0 ? all[i - 1] : from))]);
	};
	const starts = [0, ...ends.slice(0, -1)];
	const copyAll = async () => (clip && known.length < total ? known + (await clip.more(known.length, total)) : known);
	return (
		<>
			{ends.length === 0
				? children(`${cut.text}…`)
				: ends.map((end, i) => <Slice key={starts[i]} text={known.slice(starts[i], end)} render={children} />)}
			<span style={BAR}>
				{hiddenChars > 0 && (
					<button
						type="button"
						className="msg-more"
						aria-expanded={false}
						data-testid="show-more"
						disabled={reading === "Reading…"}
						onClick={(e) => {
							e.stopPropagation();
							void showNext();
						}}
					>
						{`Show more (${more})`}
					</button>
				)}
				{reading && (
					<span className="muted" role="status">
						{reading}
					</span>
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
				<CopyButton text={copyAll} label="Copy all" title="Copy the whole text" testId="show-more-copy" />
			</span>
		</>
	);
}
