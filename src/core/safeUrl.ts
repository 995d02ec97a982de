/**
 * The only URLs the explorer ever puts into the page come through here. Session content is
 * untrusted: links may only point to http(s) or mailto, and images may only be the session's
 * own base64 data in a raster format (never SVG, never a remote address).
 */

const SAFE_LINK = /^(?:https?:\/\/[^\s/?#]|mailto:[^\s])/i;
// Control characters and whitespace never belong in a link we render (they hide schemes).
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/** `url` when it is an http(s) or mailto address, else `null` (render the text instead). */
export function safeHref(url: string): string | null {
	if (typeof url !== "string" || url.length > 8192) return null;
	if (UNSAFE_CHARS.test(url)) return null;
	return SAFE_LINK.test(url) ? url : null;
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
