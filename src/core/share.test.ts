import { describe, expect, it } from "vitest";
import { readFixture } from "../../test/fixtures";
import { decodeShare, encodeShare, fromBase64Url, toBase64Url } from "./share";

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
});
