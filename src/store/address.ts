import type { DeepLink } from "./types";

/**
 * The page's address formats, as pure functions:
 * - `#leaf=ID&session=ID&entry=ID` selects a view of a stored (or the open) session;
 * - `#share=PAYLOAD&name=FILE&leaf=ID&entry=ID` carries a whole session (core `encodeShare`);
 * - `?url=URL#leaf=ID&entry=ID` loads a session from a URL.
 */

const HASH_KEYS = ["leaf", "session", "entry", "share", "name"] as const;

function decode(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}

/**
 * Reads a hash (any order, every part optional). Values are percent-decoded; `+` stays a plus
 * (ids are not form data). Malformed escapes are kept as typed.
 */
export function parseHash(hash: string): DeepLink {
	const link: DeepLink = {};
	const body = hash.startsWith("#") ? hash.slice(1) : hash;
	for (const part of body.split("&")) {
		const eq = part.indexOf("=");
		if (eq <= 0) continue;
		const key = part.slice(0, eq);
		const value = decode(part.slice(eq + 1));
		if (value === "") continue;
		if ((HASH_KEYS as readonly string[]).includes(key)) link[key as (typeof HASH_KEYS)[number]] = value;
	}
	return link;
}

/**
 * Writes a link as a hash body (without `#`). A share payload comes first (it is what the link
 * is), then the leaf, so `#leaf=ID` reads as such.
 */
export function formatHash(link: DeepLink): string {
	const parts: string[] = [];
	// The payload alphabet (base64url plus ".") needs no escaping.
	if (link.share) parts.push(`share=${link.share}`);
	if (link.name) parts.push(`name=${encodeURIComponent(link.name)}`);
	for (const key of ["leaf", "session", "entry"] as const) {
		const value = link[key];
		if (value) parts.push(`${key}=${encodeURIComponent(value)}`);
	}
	return parts.join("&");
}

/**
 * The raw `url` parameter of a query string, or null. Decoded like a form value except that `+`
 * stays a plus: a URL pasted unencoded after `?url=` keeps its own `+` signs.
 */
export function readUrlParam(search: string): string | null {
	const body = search.startsWith("?") ? search.slice(1) : search;
	for (const part of body.split("&")) {
		if (part.startsWith("url=")) {
			const value = decode(part.slice(4));
			return value === "" ? null : value;
		}
	}
	return null;
}

/** A query string without its `url` parameter (`""` or `"?…"`). */
export function withoutUrlParam(search: string): string {
	const body = search.startsWith("?") ? search.slice(1) : search;
	const rest = body.split("&").filter((p) => p !== "" && p !== "url" && !p.startsWith("url="));
	return rest.length > 0 ? `?${rest.join("&")}` : "";
}

export type ResolvedUrl = { ok: true; url: string } | { ok: false; reason: string };

/** Resolves a `?url=` value against the page address; only http and https URLs may be fetched. */
export function resolveSessionUrl(raw: string, base: string): ResolvedUrl {
	let url: URL;
	try {
		url = new URL(raw.trim(), base);
	} catch {
		return { ok: false, reason: "this is not a valid URL" };
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") {
		return { ok: false, reason: `only http and https URLs can be opened, not ${url.protocol.replace(/:$/, "")}:` };
	}
	url.hash = "";
	return { ok: true, url: url.href };
}

/** The name a session opened by URL gets in the library: the last path segment, else the host. */
export function fileNameFromUrl(url: string): string {
	try {
		const u = new URL(url);
		const last = u.pathname.split("/").filter(Boolean).pop();
		const name = last ? decode(last) : "";
		return name || u.host || url;
	} catch {
		return url;
	}
}

/** The page address without query and fragment: where every link the app builds starts. */
export function pageAddress(href: string): string {
	const u = new URL(href);
	return `${u.origin}${u.pathname}`;
}

export interface View {
	leaf?: string | null;
	entry?: string | null;
}

const viewLink = (view: View): DeepLink => ({
	...(view.leaf ? { leaf: view.leaf } : {}),
	...(view.entry ? { entry: view.entry } : {}),
});

/** A link that loads a session from its URL and shows `view`: `PAGE?url=URL#leaf=…&entry=…`. */
export function urlShareLink(page: string, sourceUrl: string, view: View): string {
	const hash = formatHash(viewLink(view));
	return `${page}?url=${encodeURIComponent(sourceUrl)}${hash ? `#${hash}` : ""}`;
}

/** The fragment (without `#`) of a link that carries the session itself. */
export function shareFragment(payload: string, name: string | undefined, view: View): string {
	return formatHash({ share: payload, ...(name ? { name } : {}), ...viewLink(view) });
}

/** A file name safe to offer for a shared session: no folders, no control characters, `.jsonl`. */
export function sharedFileName(name: string | undefined): string {
	const base = (name ?? "")
		.split(/[\\/]/)
		.pop()
		// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
		?.replace(/[\u0000-\u001f\u007f]/g, "")
		.trim()
		.slice(0, 200);
	if (!base) return "shared-session.jsonl";
	return /\.jsonl?$/i.test(base) ? base : `${base}.jsonl`;
}
