/**
 * The only URLs the explorer ever puts into the page come through here. Session content is
 * untrusted: links may only point to http(s) or mailto, and images may only be the session's
 * own base64 data in a raster format (never SVG, never a remote address).
 */

const SAFE_LINK = /^(?:https?:\/\/[^\s/?#]|mailto:[^\s])/i;
// Control characters and whitespace never belong in a link we render (they hide schemes).
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/**
 * Characters that change how text reads without showing: bidi controls (U+202E makes
 * `…/exe.pdf` read `…/fdp.exe`), zero-width and other invisible characters, variation
 * selectors and tag characters. A link shows them as `[U+XXXX]` and its target percent-encodes them.
 */
const INVISIBLE =
	/[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufff8]|\u034f|\u180b|\u180c|\u180d|\u180f|[\ufe00-\ufe0f]|\udb40[\udc00-\udc7f]/g;

/** `text` with every bidi control and invisible character written out as `[U+XXXX]`. */
export function escapeInvisible(text: string): string {
	INVISIBLE.lastIndex = 0;
	if (!INVISIBLE.test(text)) return text;
	return text.replace(INVISIBLE, (c) => `[U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}]`);
}

/**
 * `url` when it is an http(s) or mailto address, else `null` (render the text instead). Bidi
 * controls and invisible characters in it come back percent-encoded, so the address the browser
 * shows (and goes to) reads as it is.
 */
export function safeHref(url: string): string | null {
	if (typeof url !== "string" || url.length > 8192) return null;
	if (UNSAFE_CHARS.test(url)) return null;
	if (!SAFE_LINK.test(url)) return null;
	return url.replace(INVISIBLE, (c) => encodeURIComponent(c));
}

/** Image types a session image may be shown as (SVG is excluded: it can carry script). */
export const SAFE_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A `data:` URL for an image block of the session, or `null` when it must be shown as text:
 * an unknown or SVG type, or data that is not plain base64.
 */
export function safeImageSrc(mimeType: unknown, data: unknown): string | null {
	if (typeof mimeType !== "string" || typeof data !== "string") return null;
	const type = mimeType.trim().toLowerCase();
	if (!SAFE_IMAGE_TYPES.has(type)) return null;
	const clean = data.replace(/[\r\n]/g, "");
	if (clean.length === 0 || clean.length % 4 === 1 || !BASE64.test(clean)) return null;
	return `data:${type};base64,${clean}`;
}
