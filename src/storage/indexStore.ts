import { del, get, getMany, promisifyRequest, set } from "idb-keyval";
import type { Dialect, PreviewParts } from "../core";
import { openStore, type RobustStore } from "./idb";

/**
 * A stored session's index beside its body: what the parse worker's scan of the file gave (its
 * entries as the scan holds them, its graph and tips, and where each entry's line is), so that
 * reopening a session shows it without reading the file again. Keyed by the content hash and size of the bytes it was made from; read by
 * the worker only (it runs in the worker, which has IndexedDB too).
 */
export interface StoredIndex {
	/** `INDEX_FORMAT` when written: an index of another format is made again. */
	format: number;
	size: number;
	contentHash: string;
	parts: PreviewParts;
	lineOffset: Float64Array;
	lineLength: Float64Array;
	/** The version the file is read as (its entries are migrated as they are read). */
	version: number;
	/** The family member that wrote it, and its title (see core `ScannedPreview`). */
	dialect: Dialect;
	title?: string;
}

/**
 * Bump when what the scan gives changes (the preview, skeletons, line positions, the id table),
 * or how an index is stored.
 */
export const INDEX_FORMAT = 9;

let store: RobustStore | null = null;
const previews = () => {
	store ??= openStore("session-explorer-index", "previews");
	return store;
};

const keyOf = (contentHash: string, size: number) => `${contentHash}:${size}`;
/** The key of piece `k` of the index stored under `key` (see `writeIndex`). */
const pieceKey = (key: string, k: number) => `${key}/${k}`;
/** Every piece key of the index under `key`, and no other key (string keys order by code unit). */
const piecesOf = (key: string) => IDBKeyRange.bound(`${key}/`, `${key}/\uffff`);

/**
 * How many items of an array member a piece holds: a two-million-entry session's index is about
 * 150 MB, and a put copies its value in one go (240 ms in one task for the whole index in
 * Chromium), during which the worker answers nothing.
 */
const PIECE_ITEMS = 1024;

/** The members `writeIndex` stores apart from the rest of the index, in a fixed order. */
type Members = [
	PreviewParts["full"],
	PreviewParts["graph"]["nodes"],
	PreviewParts["graph"]["edges"],
	string,
	string,
	Int16Array,
	Int32Array,
	Int32Array,
	Int32Array,
	Uint8Array,
	PreviewParts["tree"]["children"],
	Float64Array,
	Float64Array,
];

function membersOf({ parts, lineOffset, lineLength }: StoredIndex): Members {
	const { graph, tree } = parts;
	return [
		parts.full,
		graph.nodes,
		graph.edges,
		parts.ids,
		parts.parentIds,
		parts.shape,
		graph.nodeAt,
		tree.parent,
		tree.depth,
		tree.live,
		tree.children,
		lineOffset,
		lineLength,
	];
}

/** `index` with the members `membersOf` gives replaced by `members` (absent ones left out). */
function withMembers(index: StoredIndex, members: readonly unknown[]): StoredIndex {
	const [full, nodes, edges, ids, parentIds, shape, nodeAt, parent, depth, live, children, lineOffset, lineLength] =
		members as Members;
	const { parts } = index;
	const { children: _children, ...tree } = parts.tree;
	return {
		...index,
		lineOffset,
		lineLength,
		parts: {
			...parts,
			full,
			ids,
			parentIds,
			shape,
			graph: { ...parts.graph, nodes, edges, nodeAt },
			tree: {
				...tree,
				parent,
				depth,
				live,
				...(children !== undefined ? { children } : {}),
			},
		},
	};
}

/** What is stored under an index's own key: the index without its members, and their pieces. */
interface StoredHead {
	index: StoredIndex;
	/** Per member (see `membersOf`): how many pieces it was stored in, -1 where it is absent. */
	pieces: number[];
}

/** The index stored for these bytes, or null (none, another format, or storage unavailable). */
export async function readIndex(contentHash: string, size: number): Promise<StoredIndex | null> {
	try {
		const key = keyOf(contentHash, size);
		const head = await get<StoredHead>(key, previews());
		if (!head?.index || !Array.isArray(head.pieces)) return null;
		const { index: found, pieces } = head;
		if (found.format !== INDEX_FORMAT || found.size !== size || found.contentHash !== contentHash) return null;
		const total = pieces.reduce((sum, count) => sum + Math.max(0, count), 0);
		const values = await getMany(
			Array.from({ length: total }, (_, k) => pieceKey(key, k)),
			previews(),
		);
		if (values.includes(undefined)) return null;
		let k = 0;
		const members = pieces.map((count): unknown => {
			if (count === -1) return undefined;
			const own = values.slice(k, k + count);
			k += count;
			// An array member is in slices (none when empty); any other, whole in one piece.
			const none: unknown[] = [];
			return count === 1 && !Array.isArray(own[0]) ? own[0] : none.concat(...own);
		});
		const index = withMembers(found, members);
		const n = index.parts.shape.length;
		if (index.lineOffset.length !== n || index.lineLength.length !== n) return null;
		return index;
	} catch {
		return null;
	}
}

/**
 * Stores an index; a failure (storage full) only loses the speed-up. Its large members go in
 * pieces, each put in a transaction of its own (so the worker answers the page between them),
 * and the rest last under the index's key: an index is read only once all of it is stored.
 */
export async function writeIndex(index: StoredIndex): Promise<void> {
	const key = keyOf(index.contentHash, index.size);
	try {
		const members = membersOf(index);
		const pieces: number[] = [];
		let k = 0;
		for (const member of members) {
			if (member === undefined) {
				pieces.push(-1);
				continue;
			}
			const own: unknown[] = [];
			if (!Array.isArray(member)) own.push(member);
			else
				for (let from = 0; from < member.length; from += PIECE_ITEMS) own.push(member.slice(from, from + PIECE_ITEMS));
			for (const piece of own) await set(pieceKey(key, k++), piece, previews());
			pieces.push(own.length);
		}
		const head: StoredHead = {
			index: withMembers(
				index,
				members.map(() => undefined),
			),
			pieces,
		};
		await set(key, head, previews());
	} catch {
		// the next open scans the file again; pieces put already are only space
		await deleteIndex(index.contentHash, index.size);
	}
}

/** Forgets the index of bytes no longer stored. */
export async function deleteIndex(contentHash: string, size: number): Promise<void> {
	const key = keyOf(contentHash, size);
	try {
		await del(key, previews());
		await previews()("readwrite", (pieces) => promisifyRequest(pieces.delete(piecesOf(key))));
	} catch {
		// an orphan index is only space
	}
}
