import type { SessionMeta } from "../storage/repository";
import { hashBlob } from "../workers/readSession";

/**
 * Where a parsed file goes in the library. A file updates a stored session only when that
 * session's bytes are a prefix of the file's (the same session, grown); a file with the same
 * session id and any other content (two copies continued apart, on two machines) is kept beside
 * it under a key of its own, and says which session it diverged from.
 */
export type Placement =
	/** Nothing with this id is stored. */
	| { kind: "new"; key: string }
	/** A stored copy has exactly these bytes. */
	| { kind: "same"; key: string; stored: SessionMeta }
	/** A stored copy is a prefix of these bytes: it is updated. */
	| { kind: "grown"; key: string; stored: SessionMeta }
	/** Copies with this id are stored, none a prefix: kept apart, under `key`. */
	| { kind: "diverged"; key: string; from: SessionMeta };

/** The content hash (core `createContentHasher`) of the first `size` bytes of `blob`, read as a stream. */
export function hashPrefix(blob: Blob, size: number): Promise<string> {
	return hashBlob(blob.slice(0, size));
}

/** Whether `key` is `id` itself or a copy kept apart from it (`id~…`). */
const isCopyOf = (key: string, id: string) => key === id || (key.startsWith(id) && key[id.length] === "~");

/**
 * Places a file whose library id would be `id` (its header id), its bytes `body` and their
 * content hash `contentHash`, among the stored sessions `library`. Reads `body` again (a prefix
 * of it, once per distinct stored size) only when copies with other bytes are stored.
 */
export async function placeSession(
	id: string,
	body: Blob,
	contentHash: string,
	library: readonly SessionMeta[],
	prefixHash: (blob: Blob, size: number) => Promise<string> = hashPrefix,
): Promise<Placement> {
	// The copy under the id itself first: a grown session updates the original before a copy.
	const copies = library
		.filter((m) => isCopyOf(m.id, id))
		.sort((a, b) => (a.id === id ? -1 : b.id === id ? 1 : a.id.localeCompare(b.id)));
	if (copies.length === 0) return { kind: "new", key: id };
	const same = copies.find((m) => m.contentHash === contentHash && m.size === body.size);
	if (same) return { kind: "same", key: same.id, stored: same };
	const hashes = new Map<number, string>();
	for (const m of copies) {
		if (m.size >= body.size) continue;
		let hash = hashes.get(m.size);
		if (hash === undefined) {
			hash = await prefixHash(body, m.size);
			hashes.set(m.size, hash);
		}
		if (hash === m.contentHash) return { kind: "grown", key: m.id, stored: m };
	}
	const taken = new Set(library.map((m) => m.id));
	let length = 8;
	let key = `${id}~${contentHash.slice(0, length)}`;
	while (taken.has(key) && length < contentHash.length) key = `${id}~${contentHash.slice(0, ++length)}`;
	for (let n = 2; taken.has(key); n++) key = `${id}~${contentHash}-${n}`;
	return { kind: "diverged", key, from: copies[0] };
}

/** The key `meta` is stored under, and the session it diverged from (kept when a diverged copy grows). */
export function placed(meta: SessionMeta, placement: Placement): SessionMeta {
	const { divergedFrom: _old, ...rest } = meta;
	const from =
		placement.kind === "diverged"
			? placement.from.id
			: placement.kind === "new"
				? undefined
				: placement.stored.divergedFrom;
	return { ...rest, id: placement.key, ...(from ? { divergedFrom: from } : {}) };
}
