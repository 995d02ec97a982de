import { useState } from "react";
import { type CodeLanguage, codeLanguage } from "../../../core";
import { HighlightedCode } from "../Code/HighlightedCode";
import { CopyButton } from "./CopyButton";
import { ShowMore } from "./ShowMore";
import { sidewaysScrollProps, useScrollsSideways } from "./useScrollsSideways";

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
				{(shown) => <CodePre code={shown} language={highlightIn} name={`${lang || "text"} code`} wrap={wrap} />}
			</ShowMore>
		</div>
	);
}

interface PreProps {
	code: string;
	language: CodeLanguage | null;
	/** What the code is, for a screen reader (the block's name when it scrolls). */
	name: string;
	wrap: boolean;
}

/** One slice of the code; a tab stop while a line is wider than the panel, so keys can scroll it. */
function CodePre({ code, language, name, wrap }: PreProps) {
	const [ref, scrolls] = useScrollsSideways<HTMLPreElement>();
	return (
		<pre ref={ref} className={`msg-code__pre${wrap ? " is-wrapped" : ""}`} {...sidewaysScrollProps(scrolls, name)}>
			<HighlightedCode code={code} language={language} />
		</pre>
	);
}
