/** Text whose `backticked` parts are shown as code (still plain text: no markup is parsed). */
export function TickText({ text }: { text: string }) {
	const parts = text.split("`");
	// An unmatched backtick leaves an even number of parts: keep the last one as plain text.
	return (
		<>
			{parts.map((part, i) =>
				i % 2 === 1 && i < parts.length - (parts.length % 2 === 0 ? 1 : 0) ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
					<code key={i}>{part}</code>
				) : (
					part
				),
			)}
		</>
	);
}
