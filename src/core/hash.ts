/**
 * Incremental 64-bit FNV-1a over bytes (two 32-bit lanes), to recognise a file already stored
 * without comparing bodies. Not cryptographic.
 */
export interface ContentHasher {
	update(bytes: Uint8Array): void;
	digest(): string;
}

export function createContentHasher(): ContentHasher {
	let h1 = 0x811c9dc5;
	let h2 = 0x01000193 ^ 0x9e3779b9;
	let length = 0;
	return {
		update(bytes: Uint8Array) {
			let a = h1;
			let b = h2;
			for (let i = 0; i < bytes.length; i++) {
				const byte = bytes[i];
				a = Math.imul(a ^ byte, 0x01000193);
				b = Math.imul(b ^ byte, 0x5bd1e995);
			}
			h1 = a;
			h2 = b;
			length += bytes.length;
		},
		digest() {
			const hex = (v: number) => (v >>> 0).toString(16).padStart(8, "0");
			return `${hex(h1)}${hex(h2)}-${length.toString(16)}`;
		},
	};
}

/** Hash of a string's UTF-8 bytes. */
export function hashText(text: string): string {
	const h = createContentHasher();
	h.update(new TextEncoder().encode(text));
	return h.digest();
}
