import type { SnippetPart } from "../../../core";

/** Snippet text with the matched words marked; session text is rendered as text, never as HTML. */
export function Highlight({ parts }: { parts: readonly SnippetPart[] }) {
	return (
		<>
			{parts.map((p, i) =>
				p.match ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
					<mark key={i} className="find-mark">
						{p.text}
					</mark>
				) : (
					p.text
				),
			)}
		</>
	);
}
