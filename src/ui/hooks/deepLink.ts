import type { DeepLink } from "../../store";

/**
 * Reads `#leaf=ID&session=ID&entry=ID` (any order, every part optional). Values are
 * percent-decoded; `+` stays a plus (ids are not form data). Malformed escapes are kept as typed.
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
		if (key === "leaf" || key === "session" || key === "entry") link[key] = value;
	}
	return link;
}

function decode(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}

/** Writes a link as a hash body (without `#`): the leaf first, so `#leaf=ID` reads as such. */
export function formatHash(link: DeepLink): string {
	const parts: string[] = [];
	if (link.leaf) parts.push(`leaf=${encodeURIComponent(link.leaf)}`);
	if (link.session) parts.push(`session=${encodeURIComponent(link.session)}`);
	if (link.entry) parts.push(`entry=${encodeURIComponent(link.entry)}`);
	return parts.join("&");
}
