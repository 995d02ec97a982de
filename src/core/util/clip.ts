/**
 * Values cut for a trip to the page: a string longer than the limit travels as its start, and the
 * value says where such strings were and how long they are, so the page asks for more of one when
 * the user wants it (a 50 MB tool output comes a slice at a time, never whole).
 */

import { isRecord } from "./fields";

/** Where a string sits in a value: the keys and indexes from the top. */
export type ValuePath = readonly (string | number)[];

/** A string of the value that was cut: its path and its full length. */
export interface Clip {
	path: ValuePath;
	length: number;
}

export interface Clipped<T> {
	value: T;
	/** The strings cut, in the order met. Empty when nothing was. */
	clips: Clip[];
}

/** Characters of a string a row carries before it is cut: more than a row shows before "show more". */
export const CLIP_CHARS = 20_000;

/**
 * `value` with every string longer than `limit` cut to its first `limit` characters (the surrogate
 * pair at the cut kept whole), copied where it changed; plain data in, plain data out.
 */
export function clipValue<T>(value: T, limit = CLIP_CHARS): Clipped<T> {
	const clips: Clip[] = [];
	const path: (string | number)[] = [];
	const walk = (v: unknown): unknown => {
		if (typeof v === "string") {
			if (v.length <= limit) return v;
			clips.push({ path: path.slice(), length: v.length });
			return cutAt(v, limit);
		}
		if (v === null || typeof v !== "object") return v;
		if (Array.isArray(v)) {
			let out: unknown[] | null = null;
			for (let i = 0; i < v.length; i++) {
				path.push(i);
				const next = walk(v[i]);
				path.pop();
				if (next !== v[i]) {
					out ??= v.slice();
					out[i] = next;
				}
			}
			return out ?? v;
		}
		if (!isRecord(v)) return v;
		let out: Record<string, unknown> | null = null;
		const record = v;
		for (const key of Object.keys(record)) {
			path.push(key);
			const next = walk(record[key]);
			path.pop();
			if (next !== record[key]) {
				out ??= { ...record };
				out[key] = next;
			}
		}
		return out ?? v;
	};
	return { value: walk(value) as T, clips };
}

/** The first `n` characters of `text`, one fewer when the cut would split a surrogate pair. */
function cutAt(text: string, n: number): string {
	const code = text.charCodeAt(n - 1);
	return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

/** The value at `path` in `value`, or undefined. */
export function valueAt(value: unknown, path: ValuePath): unknown {
	let at = value;
	for (const key of path) {
		if (at === null || typeof at !== "object") return undefined;
		if (Array.isArray(at)) at = typeof key === "number" ? at[key] : undefined;
		else at = Object.hasOwn(at, key) ? Reflect.get(at, key) : undefined;
	}
	return at;
}

/** Whether two paths name the same place. */
export function samePath(a: ValuePath, b: ValuePath): boolean {
	return a.length === b.length && a.every((k, i) => k === b[i]);
}

/** `value` with the string at each path replaced by its text (copied where it changed): a cut value made whole. */
export function withStrings(value: unknown, strings: readonly { path: ValuePath; text: string }[]): unknown {
	let out = value;
	for (const { path, text } of strings) out = setAt(out, path, 0, text);
	return out;
}

function setAt(at: unknown, path: ValuePath, depth: number, text: string): unknown {
	if (depth === path.length) return text;
	const key = path[depth];
	if (Array.isArray(at) && typeof key === "number") {
		const copy = at.slice();
		copy[key] = setAt(at[key], path, depth + 1, text);
		return copy;
	}
	if (at !== null && typeof at === "object" && typeof key === "string") {
		const record: Record<string, unknown> = { ...at };
		record[key] = setAt(record[key], path, depth + 1, text);
		return record;
	}
	return at;
}
