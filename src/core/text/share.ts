/**
 * Sessions inside a link: the JSONL text, deflated and base64url-encoded, carried in the URL
 * fragment (`#share=…`), which browsers never send to the server.
 */

/** The longest fragment the share button produces; longer sessions are offered as an export. */
export const MAX_SHARE_FRAGMENT_CHARS = 64 * 1024;

/** Texts longer than this are never compressed for a link (no session shrinks 100-fold). */
export const MAX_SHARE_TEXT_BYTES = 8 * 1024 * 1024;

/**
 * What a link may hold, twice what the share button ever makes: a longer payload is refused
 * before it is decoded, and inflating stops once the text passes the limit. A few hundred
 * kilobytes of deflate inflate to a gigabyte: the limit is what keeps a link from being a bomb.
 */
export const SHARE_LIMITS = {
	payloadChars: 2 * MAX_SHARE_FRAGMENT_CHARS,
	textBytes: 2 * MAX_SHARE_TEXT_BYTES,
} as const;

/** Input is fed to the inflater this many bytes at a time: each step inflates at most ~1 MB. */
const INFLATE_STEP = 1024;

const PREFIX = "1."; // format version of the encoded payload

async function pipe(
	bytes: Uint8Array<ArrayBuffer>,
	transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
	const stream = new Blob([bytes]).stream().pipeThrough(transform);
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

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/**
 * Reverses `encodeShare` into the text's bytes, in chunks. Inflates step by step and stops as
 * soon as the text passes `limits.textBytes`; refuses a payload longer than
 * `limits.payloadChars` outright. Throws a readable error for a damaged, foreign or oversized
 * payload.
 */
export async function decodeShareBytes(
	payload: string,
	limits: { payloadChars: number; textBytes: number } = SHARE_LIMITS,
): Promise<Uint8Array[]> {
	if (!payload.startsWith(PREFIX)) throw new Error("This shared link is not in a format this explorer knows");
	if (payload.length > limits.payloadChars) {
		throw new Error(
			`This shared link is ${Math.round(payload.length / 1024)} KB long, longer than any link this explorer makes (at most ${Math.round(limits.payloadChars / 1024)} KB); it was not opened`,
		);
	}
	let bytes: Uint8Array;
	try {
		bytes = fromBase64Url(payload.slice(PREFIX.length));
	} catch {
		throw new Error("This shared link is damaged (invalid base64url)");
	}
	let at = 0;
	// Pulled one small step at a time: the inflater never runs ahead of the reader below.
	const input = new ReadableStream<BufferSource>(
		{
			pull(controller) {
				if (at >= bytes.length) {
					controller.close();
					return;
				}
				controller.enqueue(bytes.slice(at, at + INFLATE_STEP));
				at += INFLATE_STEP;
			},
		},
		{ highWaterMark: 0 },
	);
	const reader = input.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		let step: ReadableStreamReadResult<Uint8Array>;
		try {
			step = await reader.read();
		} catch {
			throw new Error("This shared link is damaged or cut short (it does not decompress)");
		}
		if (step.done) return chunks;
		total += step.value.length;
		if (total > limits.textBytes) {
			await reader.cancel().catch(() => undefined);
			throw new Error(
				`This shared link unpacks to more than ${megabytes(limits.textBytes)}, more than any link this explorer makes; it was not opened`,
			);
		}
		chunks.push(step.value);
	}
}

/** Reverses `encodeShare` (see `decodeShareBytes`, whose limits apply). */
export async function decodeShare(payload: string, limits = SHARE_LIMITS): Promise<string> {
	const chunks = await decodeShareBytes(payload, limits);
	// Decoded chunk by chunk (a character split between chunks is held over to the next).
	const decoder = new TextDecoder();
	let text = "";
	for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
	return text + decoder.decode();
}
