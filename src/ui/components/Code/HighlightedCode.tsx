import type { ElementContent, Root } from "hast";
import type { ReactNode } from "react";
import type { CodeLanguage } from "../../../core";
import { useHighlight } from "./useHighlight";
import "./Code.css";

function classOf(value: unknown): string | undefined {
	return Array.isArray(value) ? value.filter((c) => typeof c === "string").join(" ") : undefined;
}

/** hast from the highlighter as React elements: spans with classes and text, nothing else. */
function render(nodes: readonly ElementContent[]): ReactNode[] {
	const out: ReactNode[] = [];
	for (let i = 0; i < nodes.length; i++) {
		const n = nodes[i];
		if (n.type === "text") out.push(n.value);
		else if (n.type === "element") {
			out.push(
				<span key={i} className={classOf(n.properties.className)}>
					{render(n.children)}
				</span>,
			);
		}
	}
	return out;
}

interface Props {
	code: string;
	language: CodeLanguage | null;
}

/**
 * `<code>` with the code highlighted once the highlighter has loaded (plain text before, and for
 * unknown languages or very long code). Rendered as React elements, never as HTML.
 */
export function HighlightedCode({ code, language }: Props) {
	const tree: Root | null = useHighlight(code, language);
	return (
		<code className={tree ? "hl" : undefined} data-language={tree ? (language ?? undefined) : undefined}>
			{tree ? render(tree.children as ElementContent[]) : code}
		</code>
	);
}
