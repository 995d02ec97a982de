import type { SessionEntry } from "../../core";

/**
 * Whole entries by position, the most recently used kept up to `limit` bytes of their lines; a
 * line over a quarter of that is not kept.
 */
export class EntryCache {
	private readonly held = new Map<number, { entry: SessionEntry; bytes: number }>();
	private bytes = 0;

	constructor(private readonly limit: number) {}

	/** The entry at `position`, now the most recently used; undefined when it is not held. */
	get(position: number): SessionEntry | undefined {
		const hit = this.held.get(position);
		if (!hit) return undefined;
		this.held.delete(position);
		this.held.set(position, hit);
		return hit.entry;
	}

	keep(position: number, entry: SessionEntry, bytes: number): void {
		if (bytes > this.limit / 4) return;
		const before = this.held.get(position);
		if (before) {
			this.held.delete(position);
			this.bytes -= before.bytes;
		}
		this.held.set(position, { entry, bytes });
		this.bytes += bytes;
		for (const [p, hit] of this.held) {
			if (this.bytes <= this.limit) break;
			this.held.delete(p);
			this.bytes -= hit.bytes;
		}
	}
}
