import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../test/staticServer";
import { describeHttpStatus, describeUnreachable, FetchSessionError, fetchSessionBlob } from "./fetchSession";

describe("failure reasons", () => {
	it("tells CORS, mixed content and an unreachable server apart", () => {
		expect(describeUnreachable(true, "https:", "https:")).toContain("CORS");
		expect(describeUnreachable(false, "https:", "http:")).toContain("mixed content");
		expect(describeUnreachable(false, "http:", "http:")).toContain("could not be reached");
	});

	it("names HTTP statuses, with or without the server's text", () => {
		expect(describeHttpStatus(404, "")).toBe("HTTP 404 Not Found");
		expect(describeHttpStatus(404, "Nope")).toBe("HTTP 404 Nope");
		expect(describeHttpStatus(599, "")).toBe("HTTP 599");
	});
});

describe("downloads", () => {
	const body = `${JSON.stringify({ type: "session", version: 3, id: "x" })}\n`.repeat(2000);
	let server: Awaited<ReturnType<typeof startServer>>;
	let endlessSent = 0;
	beforeAll(async () => {
		server = await startServer((req, res) => {
			if (req.url === "/s.jsonl") {
				res.writeHead(200, { "content-type": "application/jsonl", "content-length": Buffer.byteLength(body) });
				res.end(body);
			} else if (req.url === "/endless") {
				// No length announced, and more than any limit: it must be cut off while streaming.
				res.writeHead(200, { "content-type": "application/jsonl" });
				let sent = 0;
				const chunk = Buffer.alloc(64 * 1024, 97);
				const pump = () => {
					while (sent < 64 * 1024 * 1024 && !res.destroyed) {
						sent += chunk.length;
						if (!res.write(chunk)) return void res.once("drain", pump);
					}
					res.end();
				};
				pump();
				res.on("close", () => {
					endlessSent = sent;
				});
			} else if (req.url === "/announced") {
				res.writeHead(200, { "content-type": "application/jsonl", "content-length": 300 * 1024 * 1024 });
				res.write("{}");
			} else if (req.url === "/page") {
				res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
				res.end("  <!doctype html><title>SPA</title>");
			} else {
				res.writeHead(404);
				res.end("missing");
			}
		});
	});
	afterAll(() => server.close());

	it("returns the bytes and reports progress up to the whole size", async () => {
		const seen: { loaded: number; total: number }[] = [];
		const { blob } = await fetchSessionBlob(`${server.origin}/s.jsonl`, (p) => seen.push(p));
		expect(await blob.text()).toBe(body);
		expect(seen.at(-1)).toEqual({ loaded: blob.size, total: blob.size });
	});

	it("fails with the HTTP status", async () => {
		await expect(fetchSessionBlob(`${server.origin}/nope.jsonl`)).rejects.toThrow("HTTP 404 Not Found");
	});

	it("fails on a web page served instead of a session", async () => {
		await expect(fetchSessionBlob(`${server.origin}/page`)).rejects.toThrow("a web page (text/html)");
	});

	it("fails readably when nothing answers", async () => {
		const gone = await startServer(() => {});
		const origin = gone.origin;
		await gone.close();
		const err = await fetchSessionBlob(`${origin}/s.jsonl`).catch((e: unknown) => e);
		expect(err).toBeInstanceOf(FetchSessionError);
		expect((err as Error).message).toContain("could not be reached");
	});

	it("stops reading a response once it passes the size limit, saying so", async () => {
		const seen: { loaded: number }[] = [];
		const limit = 1024 * 1024;
		const failure = await fetchSessionBlob(`${server.origin}/endless`, (p) => seen.push(p), limit).catch((e) => e);
		expect(failure).toBeInstanceOf(FetchSessionError);
		expect(failure.message).toMatch(/larger than 1 MB, the most a link opens/);
		// Read as a stream: never more than a few chunks past the limit.
		expect(Math.max(0, ...seen.map((p) => p.loaded))).toBeLessThanOrEqual(limit);
		await new Promise((r) => setTimeout(r, 100));
		expect(endlessSent).toBeLessThan(64 * 1024 * 1024);
	});

	it("refuses a response that announces more than the limit before reading it", async () => {
		await expect(fetchSessionBlob(`${server.origin}/announced`)).rejects.toThrow(/larger than 256 MB/);
	});
});
