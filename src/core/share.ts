/**
 * Sessions inside a link: the JSONL text, deflated and base64url-encoded, carried in the URL
 * fragment (`#share=…`), which browsers never send to the server.
 */

/** The longest fragment the share button produces; longer sessions are offered as an export. */
export const MAX_SHARE_FRAGMENT_CHARS = 64 * 1024;

const PREFIX = "1."; // format version of the encoded payload

async function pipe(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
	const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function toBase64Url(bytes: Uint8Array): string {
	let binary = "";
	const step = 0x8000;
	for (let i = 0; i < bytes.length; i += step) {
		binary += String.fromCharCode(...bytes.subarray(i, i + step));
	}
	return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array {
	const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
	const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
	const binary = atob(padded);
	const bytes = new Uint8Array(binary.length);
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
	return bytes;
}

/** Compresses session text for a link fragment (`deflate-raw` + base64url, versioned). */
export async function encodeShare(text: string): Promise<string> {
	const deflated = await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
	return PREFIX + toBase64Url(deflated);
}

/** Reverses `encodeShare`; throws a readable error for a damaged or foreign payload. */
export async function decodeShare(payload: string): Promise<string> {
	if (!payload.startsWith(PREFIX)) throw new Error("This shared link is not in a format this explorer knows");
	let bytes: Uint8Array;
	try {
		bytes = fromBase64Url(payload.slice(PREFIX.length));
	} catch {
		throw new Error("This shared link is damaged (invalid base64url)");
	}
	try {
		const inflated = await pipe(bytes, new DecompressionStream("deflate-raw"));
		return new TextDecoder().decode(inflated);
	} catch {
		throw new Error("This shared link is damaged or cut short (it does not decompress)");
	}
}
