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

	it("gives one digest for a large input however it is cut, aligned or not", () => {
		const big = new Uint8Array(1 << 20);
		let seed = 7;
		for (let i = 0; i < big.length; i++) {
			seed = (Math.imul(seed, 1103515245) + 12345) | 0;
			big[i] = seed >>> 24;
		}
		const whole = hashOf(big);
		for (let round = 0; round < 8; round++) {
			const cuts = Array.from({ length: 30 }, () => {
				seed = (Math.imul(seed, 1103515245) + 12345) | 0;
				return (seed >>> 0) % big.length;
			}).sort((x, y) => x - y);
			expect(hashOf(big, cuts)).toBe(whole);
		}
		// A view into a larger buffer, starting at an odd offset.
		const host = new Uint8Array(big.length + 3);
		host.set(big, 3);
		expect(hashOf(host.subarray(3))).toBe(whole);
	});

	it("changes with every single-bit flip of a 4 KB input", () => {
		const input = Uint8Array.from({ length: 4096 }, (_, i) => (i * 31) & 0xff);
		const seen = new Set([hashOf(input)]);
		for (let bit = 0; bit < input.length * 8; bit += 3) {
			const flipped = input.slice();
			flipped[bit >> 3] ^= 1 << (bit & 7);
			seen.add(hashOf(flipped));
		}
		expect(seen.size).toBe(1 + Math.ceil((input.length * 8) / 3));
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
