import { useState } from "react";
import { CopyButton } from "./CopyButton";
import { ShowMore } from "./ShowMore";

interface Props {
	code: string;
	lang?: string;
	maxLines?: number;
}

/** Monospace code with its language, a wrap toggle, a copy button and "show more" when long. */
export function CodeBlock({ code, lang, maxLines = 30 }: Props) {
	const [wrap, setWrap] = useState(false);
	return (
		<div className="msg-code">
			<div className="msg-code__bar">
				<span className="msg-code__lang">{lang || "text"}</span>
				<button
					type="button"
					className="msg-button"
					aria-pressed={wrap}
					onClick={(e) => {
						e.stopPropagation();
						setWrap(!wrap);
					}}
				>
					{wrap ? "No wrap" : "Wrap"}
				</button>
				<CopyButton text={code} />
			</div>
			<ShowMore text={code} maxLines={maxLines} maxChars={20_000}>
				{(shown) => (
					<pre className={`msg-code__pre${wrap ? " is-wrapped" : ""}`}>
						<code>{shown}</code>
					</pre>
				)}
			</ShowMore>
		</div>
	);
}
