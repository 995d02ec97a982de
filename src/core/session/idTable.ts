/**
 * Entries' positions by id, as a `Map` of them would hold them (the later of equal ids wins; keys
 * compared as `Map` compares them), kept in one typed array: an open-addressing table of positions
 * whose keys are the entries' own id values. A `Map` of two million ids took a second and a half
 * to fill in a worker and was the largest object a 2 GB session held; this takes a fraction of
 * either. Ids that are not strings (a file may hold any JSON there) go to a small `Map` beside.
 */
export class IdTable implements ReadonlyMap<string, number> {
	/** Per slot: a position + 1, or 0 for none. Its length is a power of two, at least twice the keys'. */
	private slots: Int32Array;
	private mask: number;
	/** Keys held in `slots`. */
	private count = 0;
	/** Keys that are not strings. */
	private others: Map<unknown, number> | null = null;

	/**
	 * `keyAt(position)` is the id of the entry at a position the table holds (read again to tell
	 * keys apart); `expected`: about how many keys will be put.
	 */
	constructor(
		private readonly keyAt: (position: number) => unknown,
		expected = 16,
	) {
		let size = 16;
		while (size < expected * 2) size *= 2;
		this.slots = new Int32Array(size);
		this.mask = size - 1;
	}

	/** Holds `position` for `id`; the position it held before for an equal id, or -1. */
	put(id: unknown, position: number): number {
		if (typeof id !== "string") {
			this.others ??= new Map();
			const before = this.others.get(id);
			this.others.set(id, position);
			return before ?? -1;
		}
		const { slots, mask, keyAt } = this;
		for (let s = hashOf(id) & mask; ; s = (s + 1) & mask) {
			const held = slots[s];
			if (held === 0) {
				const before = this.counted;
				slots[s] = position + 1;
				this.count = before + 1;
				if (this.count * 2 > slots.length) this.grow();
				return -1;
			}
			if (keyAt(held - 1) === id) {
				slots[s] = position + 1;
				return held - 1;
			}
		}
	}

	get(id: string): number | undefined {
		if (typeof id !== "string") return this.others?.get(id);
		const { slots, mask, keyAt } = this;
		for (let s = hashOf(id) & mask; ; s = (s + 1) & mask) {
			const held = slots[s];
			if (held === 0) return undefined;
			if (keyAt(held - 1) === id) return held - 1;
		}
	}

	has(id: string): boolean {
		return this.get(id) !== undefined;
	}

	get size(): number {
		return this.counted + (this.others?.size ?? 0);
	}

	private get counted(): number {
		if (this.count < 0) {
			let count = 0;
			for (const held of this.slots) if (held !== 0) count++;
			this.count = count;
		}
		return this.count;
	}

	/** The key at a position `slots` holds: a string, as only strings go there. */
	private stringKeyAt(position: number): string {
		const key = this.keyAt(position);
		return typeof key === "string" ? key : String(key);
	}

	private grow(): void {
		const old = this.slots;
		const slots = new Int32Array(old.length * 2);
		const mask = slots.length - 1;
		for (const held of old) {
			if (held === 0) continue;
			let s = hashOf(this.stringKeyAt(held - 1)) & mask;
			while (slots[s] !== 0) s = (s + 1) & mask;
			slots[s] = held;
		}
		this.slots = slots;
		this.mask = mask;
	}

	/** The ids and positions, by position (the order of the entries, not of insertion). */
	*entries(): MapIterator<[string, number]> {
		const held: number[] = [];
		for (const h of this.slots) if (h !== 0) held.push(h - 1);
		held.sort((a, b) => a - b);
		const all: [string, number][] = held.map((p) => [this.stringKeyAt(p), p]);
		if (this.others) for (const [id, p] of this.others) all.push([id as string, p]);
		yield* all;
	}

	*keys(): MapIterator<string> {
		for (const [id] of this.entries()) yield id;
	}

	*values(): MapIterator<number> {
		for (const [, position] of this.entries()) yield position;
	}

	forEach(use: (position: number, id: string, map: ReadonlyMap<string, number>) => void, self?: unknown): void {
		for (const [id, position] of this.entries()) use.call(self, position, id, this);
	}

	[Symbol.iterator](): MapIterator<[string, number]> {
		return this.entries();
	}
}

/** FNV-1a of a string's UTF-16 code units. */
function hashOf(id: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
	return h >>> 0;
}
