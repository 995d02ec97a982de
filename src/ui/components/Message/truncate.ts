export interface Truncated {
	text: string;
	/** Lines hidden by the cut (0 when nothing is cut). */
	hiddenLines: number;
	hiddenChars: number;
}

/** The first `maxLines` lines and at most `maxChars` characters of `text`. */
export function truncate(text: string, maxLines: number, maxChars: number): Truncated {
	let cut = text.length;
	let line = 0;
	for (let i = 0; i < text.length && i < maxChars; i++) {
		if (text.charCodeAt(i) === 10 && ++line >= maxLines) {
			cut = i;
			break;
		}
	}
	cut = Math.min(cut, maxChars);
	if (cut >= text.length) return { text, hiddenLines: 0, hiddenChars: 0 };
	let hiddenLines = 0;
	for (let i = cut; i < text.length; i++) if (text.charCodeAt(i) === 10) hiddenLines++;
	return { text: text.slice(0, cut), hiddenLines, hiddenChars: text.length - cut };
}
