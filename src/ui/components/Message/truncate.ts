export interface Truncated {
	text: string;
	/** Lines hidden by the cut (0 when nothing is cut). */
	hiddenLines: number;
	hiddenChars: number;
}

/** Newlines in `text` between `from` and `to` (indexOf: a 50 MB text takes milliseconds). */
export function countNewlines(text: string, from = 0, to = text.length): number {
	let n = 0;
	for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
	return n;
}

/**
 * Where a window of at most `maxLines` lines and `maxChars` characters that starts at `from`
 * ends (just after a newline when it can: after its last whole line when the character limit
 * falls inside a line that is not its first). Always past `from`, unless `from` is the end.
 */
export function windowEnd(text: string, from: number, maxLines: number, maxChars: number): number {
	const limit = Math.min(text.length, from + maxChars);
	let line = 0;
	let lastBreak = -1;
	for (let i = text.indexOf("\n", from); i !== -1 && i < limit; i = text.indexOf("\n", i + 1)) {
		if (++line >= maxLines) return i + 1;
		lastBreak = i;
	}
	if (limit >= text.length) return text.length;
	return lastBreak > from ? lastBreak + 1 : limit;
}

/** The first `maxLines` lines and at most `maxChars` characters of `text`. */
export function truncate(text: string, maxLines: number, maxChars: number): Truncated {
	let cut = text.length;
	let line = 0;
	for (let i = text.indexOf("\n"); i !== -1 && i < maxChars; i = text.indexOf("\n", i + 1)) {
		if (++line >= maxLines) {
			cut = i;
			break;
		}
	}
	cut = Math.min(cut, maxChars);
	if (cut >= text.length) return { text, hiddenLines: 0, hiddenChars: 0 };
	return { text: text.slice(0, cut), hiddenLines: countNewlines(text, cut), hiddenChars: text.length - cut };
}
