import { useState } from "react";
import { type CodeLanguage, codeLanguage } from "../../../core";
import { HighlightedCode } from "../Code/HighlightedCode";
import { CopyButton } from "./CopyButton";
import { ShowMore } from "./ShowMore";

interface Props {
	code: string;
	lang?: string;
	/** The language to highlight in, when known otherwise than from `lang` (a tool's file). */
	language?: CodeLanguage | null;
	maxLines?: number;
}

/** Monospace code with its language, a wrap toggle, a copy button and "show more" when long. */
export function CodeBlock({ code, lang, language, maxLines = 30 }: Props) {
	const [wrap, setWrap] = useState(false);
	const highlightIn = language === undefined ? codeLanguage(lang) : language;
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
						<HighlightedCode code={shown} language={highlightIn} />
					</pre>
				)}
			</ShowMore>
		</div>
	);
}
