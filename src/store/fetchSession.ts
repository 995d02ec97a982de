/** Reading a session from a URL: the download with progress, and failures told in plain words. */

export interface DownloadProgress {
	loaded: number;
	/** Bytes announced by the server (Content-Length), 0 when unknown. */
	total: number;
}

/**
 * The largest session a `?url=` link downloads: the response is read as a stream and dropped
 * once it passes this (a link may point anywhere, at anything).
 */
export const MAX_URL_BYTES = 256 * 1024 * 1024;

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** A download that failed; its message names the reason (the URL is named by the caller). */
export class FetchSessionError extends Error {}

/** Why a fetch that never got a response failed, from what a page can find out. */
export function describeUnreachable(reachable: boolean, pageProtocol: string, urlProtocol: string): string {
	if (reachable) {
		return "the server did not allow this page to read it (CORS: its response has no Access-Control-Allow-Origin header for this page)";
	}
	if (pageProtocol === "https:" && urlProtocol === "http:") {
		return "the browser blocks plain-http URLs on a page served over https (mixed content); use an https URL";
	}
	return "the server could not be reached (network error, wrong address, or the server is down)";
}

/** A failed HTTP status in words: `HTTP 404 Not Found`. */
export function describeHttpStatus(status: number, statusText: string): string {
	const text = statusText.trim() || STATUS_TEXT[status] || "";
	return `HTTP ${status}${text ? ` ${text}` : ""}`;
}

const STATUS_TEXT: Record<number, string> = {
	400: "Bad Request",
	401: "Unauthorized",
	403: "Forbidden",
	404: "Not Found",
	410: "Gone",
	429: "Too Many Requests",
	500: "Internal Server Error",
	502: "Bad Gateway",
	503: "Service Unavailable",
};

/**
 * A cross-origin read the server does not allow and an unreachable server fail alike (a bare
 * TypeError). An opaque `no-cors` request tells them apart: it succeeds when the server answers.
 */
async function isReachable(url: string): Promise<boolean> {
	try {
		await fetch(url, { mode: "no-cors", cache: "no-store", credentials: "omit" });
		return true;
	} catch {
		return false;
	}
}

/** Downloads `url` as a Blob, reporting progress. Throws `FetchSessionError` with the reason. */
export async function fetchSessionBlob(
	url: string,
	onProgress?: (p: DownloadProgress) => void,
	maxBytes = MAX_URL_BYTES,
): Promise<{ blob: Blob; contentType: string }> {
	const tooLarge = () =>
		new FetchSessionError(
			`the file is larger than ${megabytes(maxBytes)}, the most a link opens; download it and open the file instead`,
		);
	let response: Response;
	try {
		response = await fetch(url, { mode: "cors", credentials: "omit", cache: "no-cache" });
	} catch {
		const reachable = await isReachable(url);
		const pageProtocol = typeof location !== "undefined" ? location.protocol : "http:";
		throw new FetchSessionError(describeUnreachable(reachable, pageProtocol, new URL(url).protocol));
	}
	if (!response.ok) throw new FetchSessionError(describeHttpStatus(response.status, response.statusText));
	const contentType = response.headers.get("content-type") ?? "";
	const announced = Number(response.headers.get("content-length") ?? 0);
	const total = Number.isFinite(announced) && announced > 0 ? announced : 0;
	if (total > maxBytes) {
		await response.body?.cancel().catch(() => undefined);
		throw tooLarge();
	}
	if (!response.body) {
		const blob = await response.blob();
		if (blob.size > maxBytes) throw tooLarge();
		onProgress?.({ loaded: blob.size, total: blob.size });
		return { blob, contentType };
	}
	const reader = response.body.getReader();
	const chunks: Uint8Array[] = [];
	let loaded = 0;
	let lastReport = 0;
	for (;;) {
		let step: ReadableStreamReadResult<Uint8Array>;
		try {
			step = await reader.read();
		} catch {
			throw new FetchSessionError(`the download broke off after ${loaded} bytes`);
		}
		const { done, value } = step;
		if (done) break;
		loaded += value.length;
		if (loaded > maxBytes) {
			await reader.cancel().catch(() => undefined);
			throw tooLarge();
		}
		chunks.push(value);
		const now = Date.now();
		if (onProgress && now - lastReport > 50) {
			lastReport = now;
			// A compressed response announces fewer bytes than it yields.
			onProgress({ loaded, total: total > 0 ? Math.max(total, loaded) : 0 });
		}
	}
	onProgress?.({ loaded, total: loaded });
	const blob = new Blob(chunks as BlobPart[], { type: "application/jsonl" });
	if (/html/i.test(contentType) && (await blob.slice(0, 512).text()).trimStart().startsWith("<")) {
		throw new FetchSessionError(`the server sent a web page (${contentType.split(";")[0]}), not a JSONL session`);
	}
	return { blob, contentType };
}
