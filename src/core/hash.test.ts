import { describe, expect, it } from "vitest";
import { createContentHasher, hashText } from "./hash";

function hashOf(bytes: Uint8Array, cuts: number[] = []): string {
	const h = createContentHasher();
	let at = 0;
	for (const cut of [...cuts, bytes.length]) {
		h.update(bytes.subarray(at, cut));
		at = cut;
	}
	return h.digest();
}

describe("content hash", () => {
	const bytes = new TextEncoder().encode(`{"type":"session","id":"x"}\n${"héllo wörld ".repeat(50)}\n`);

	it("does not depend on how the bytes are cut into updates", () => {
		const whole = hashOf(bytes);
		for (const cuts of [
			[1],
			[3],
			[5, 6, 7],
			[2, 4, 9, 10, 11, 100, 333],
			Array.from({ length: 40 }, (_, i) => i * 13),
		]) {
			expect(hashOf(bytes, cuts)).toBe(whole);
		}
		const oneByOne = createContentHasher();
		for (const b of bytes) oneByOne.update(Uint8Array.of(b));
		expect(oneByOne.digest()).toBe(whole);
	});

	it("tells apart inputs that differ in one bit, in order, or in trailing zero bytes", () => {
		const seen = new Set<string>();
		const variants: Uint8Array[] = [bytes, bytes.slice(0, -1), Uint8Array.of(), Uint8Array.of(0), Uint8Array.of(0, 0)];
		for (let i = 0; i < 64; i++) {
			const flipped = bytes.slice();
			flipped[i * 7] ^= 1 << (i % 8);
			variants.push(flipped);
		}
		const swapped = bytes.slice();
		[swapped[0], swapped[1]] = [swapped[1], swapped[0]];
		variants.push(swapped);
		for (const v of variants) seen.add(hashOf(v));
		expect(seen.size).toBe(variants.length);
	});

	it("has the form hex64-lengthInHex and hashes text as UTF-8", () => {
		expect(hashOf(bytes)).toMatch(new RegExp(`^[0-9a-f]{16}-${bytes.length.toString(16)}$`));
		expect(hashText("é")).toBe(hashOf(Uint8Array.of(0xc3, 0xa9)));
	});
});
