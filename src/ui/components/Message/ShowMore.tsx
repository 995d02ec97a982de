import { type ReactNode, useState } from "react";
import { formatCount } from "./fields";
import { truncate } from "./truncate";

interface Props {
	text: string;
	maxLines?: number;
	maxChars?: number;
	/** Renders the (possibly cut) text. */
	children(text: string): ReactNode;
}

/** Shows the start of a long text with a "show more" button for the rest. */
export function ShowMore({ text, maxLines = 24, maxChars = 4000, children }: Props) {
	const [open, setOpen] = useState(false);
	const cut = truncate(text, maxLines, maxChars);
	if (cut.hiddenChars === 0) return <>{children(text)}</>;
	const more =
		cut.hiddenLines > 0
			? `${formatCount(cut.hiddenLines)} more lines`
			: `${formatCount(cut.hiddenChars)} more characters`;
	return (
		<>
			{children(open ? text : `${cut.text}…`)}
			<button
				type="button"
				className="msg-more"
				aria-expanded={open}
				onClick={(e) => {
					e.stopPropagation();
					setOpen(!open);
				}}
			>
				{open ? "Show less" : `Show more (${more})`}
			</button>
		</>
	);
}
