import { describe, expect, it } from "vitest";
import { readFixture } from "../../../test/fixtures";
import {
	decodeShare,
	decodeShareBytes,
	encodeShare,
	fromBase64Url,
	MAX_SHARE_FRAGMENT_CHARS,
	MAX_SHARE_TEXT_BYTES,
	SHARE_LIMITS,
	toBase64Url,
} from "./share";

describe("share links", () => {
	it("round-trips a real session through deflate + base64url", async () => {
		const text = readFixture("golden/small-legacy.jsonl");
		const encoded = await encodeShare(text);
		expect(encoded).toMatch(/^1\.[A-Za-z0-9_-]+$/);
		expect(encoded.length).toBeLessThan(text.length);
		expect(await decodeShare(encoded)).toBe(text);
	});

	it("keeps non-ASCII text intact", async () => {
		const text = '{"type":"session","id":"x"}\n{"note":"日本語 🌲 ünïcödé"}\n';
		expect(await decodeShare(await encodeShare(text))).toBe(text);
	});

	it("base64url has no padding or unsafe characters and reverses exactly", () => {
		const bytes = new Uint8Array(300).map((_, i) => (i * 37) % 256);
		const s = toBase64Url(bytes);
		expect(s).not.toMatch(/[+/=]/);
		expect([...fromBase64Url(s)]).toEqual([...bytes]);
	});

	it("rejects damaged or foreign payloads with a readable message", async () => {
		const encoded = await encodeShare("hello world ".repeat(50));
		await expect(decodeShare(encoded.slice(0, 12))).rejects.toThrow(/damaged|cut short/);
		await expect(decodeShare("9.abc")).rejects.toThrow(/format/);
		await expect(decodeShare("1.@@@")).rejects.toThrow(/damaged/);
	});

	it("allows what the share button makes, with a margin", () => {
		expect(SHARE_LIMITS.payloadChars).toBeGreaterThan(MAX_SHARE_FRAGMENT_CHARS);
		expect(SHARE_LIMITS.textBytes).toBeGreaterThan(MAX_SHARE_TEXT_BYTES);
	});

	it("stops inflating a link bomb at the limit, with a clear message", async () => {
		// 64 MB of one character deflates to about 64 KB: a short link, a huge session.
		const bomb = await encodeShare("a".repeat(64 * 1024 * 1024));
		expect(bomb.length).toBeLessThan(SHARE_LIMITS.payloadChars);
		await expect(decodeShare(bomb)).rejects.toThrow(/unpacks to more than 16 MB.*not opened/);
		// A lower limit stops it sooner: the text is never inflated past it.
		await expect(decodeShareBytes(bomb, { payloadChars: 1e6, textBytes: 1024 * 1024 })).rejects.toThrow(
			/more than 1 MB/,
		);
	});

	it("inflates in steps: a text just under the limit comes back whole, in many chunks", async () => {
		const text = "0123456789abcdef".repeat(256 * 1024); // 4 MB
		const chunks = await decodeShareBytes(await encodeShare(text), { payloadChars: 1e6, textBytes: text.length });
		expect(chunks.length).toBeGreaterThan(4);
		expect(chunks.reduce((n, c) => n + c.length, 0)).toBe(text.length);
		await expect(
			decodeShareBytes(await encodeShare(text), { payloadChars: 1e6, textBytes: text.length - 1 }),
		).rejects.toThrow(/unpacks to more than/);
	});

	it("refuses a payload longer than any link the explorer makes before decoding it", async () => {
		const long = `1.${"A".repeat(SHARE_LIMITS.payloadChars)}`;
		await expect(decodeShare(long)).rejects.toThrow(/longer than any link this explorer makes/);
	});
});
