/**
 * Writes JSON in the shapes other writers may give it (keys in another order, whitespace between
 * tokens, `\u` escapes, CRLF line ends), for the tests and benchmarks of code that reads session
 * lines without parsing them (`src/core/scan.ts`). Deterministic: same seed, same text.
 */

/** A small seeded PRNG (mulberry32). */
export function seeded(seed: number): () => number {
	let s = seed >>> 0;
	return () => {
		s = (s + 0x6d2b79f5) | 0;
		let t = Math.imul(s ^ (s >>> 15), 1 | s);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export interface ShapeOptions {
	/** Shuffle the keys of the top-level object and of `message` (others keep their order). */
	shuffle?: boolean;
	/** JSON whitespace (spaces, tabs, CRs) between tokens, at random. */
	whitespace?: boolean;
	/** Write some characters of strings up to this many characters long as `\uXXXX` (keys too). */
	escapeUpTo?: number;
	/** A key written twice, with a different value first: `JSON.parse` keeps the last. */
	duplicates?: boolean;
}

const SPACE = [" ", "\t", "\r", "  ", " \t "];

/** A JSON string literal for `text`, with some characters `\u`-escaped when asked. */
function stringLiteral(text: string, options: ShapeOptions, rnd: () => number): string {
	const plain = JSON.stringify(text);
	if (!options.escapeUpTo || text.length > options.escapeUpTo) return plain;
	let out = '"';
	for (const ch of text) {
		const code = ch.codePointAt(0) as number;
		if (code > 0xffff) {
			out += rnd() < 0.5 ? ch : JSON.stringify(ch).slice(1, -1);
			continue;
		}
		if (rnd() < 0.3 || ch === '"' || ch === "\\" || code < 0x20) {
			const hex = code.toString(16).padStart(4, "0");
			out += `\\u${rnd() < 0.5 ? hex : hex.toUpperCase()}`;
		} else out += ch;
	}
	return `${out}"`;
}

/** Deterministic shuffle of `items` (a copy). */
function shuffled<T>(items: readonly T[], rnd: () => number): T[] {
	const out = items.slice();
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(rnd() * (i + 1));
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

/** `value` as one line of JSON in the shape asked for; `JSON.parse` of it equals `value`. */
export function writeJson(value: unknown, options: ShapeOptions, rnd: () => number, level = 0, key = ""): string {
	const ws = () => (options.whitespace && rnd() < 0.5 ? SPACE[Math.floor(rnd() * SPACE.length)] : "");
	if (value === null || typeof value !== "object") {
		if (typeof value === "string") return stringLiteral(value, options, rnd);
		return JSON.stringify(value) ?? "null";
	}
	if (Array.isArray(value)) {
		const items = value.map((v) => ws() + writeJson(v, options, rnd, level + 1) + ws());
		return `[${items.join(",")}${items.length === 0 ? ws() : ""}]`;
	}
	const keys = Object.keys(value);
	const order = options.shuffle && (level === 0 || (level === 1 && key === "message")) ? shuffled(keys, rnd) : keys;
	const members: string[] = [];
	for (const k of order) {
		const v = (value as Record<string, unknown>)[k];
		if (v === undefined) continue;
		const name = ws() + stringLiteral(k, options, rnd) + ws();
		if (options.duplicates && level <= 1 && rnd() < 0.2)
			members.push(`${name}:${ws()}${rnd() < 0.5 ? "null" : '"dup"'}`);
		members.push(`${name}:${ws()}${writeJson(v, options, rnd, level + 1, k)}${ws()}`);
	}
	return `{${members.join(",")}${members.length === 0 ? ws() : ""}}`;
}

export interface SessionShape extends ShapeOptions {
	/** Drop the header's `id`. */
	headerWithoutId?: boolean;
	crlf?: boolean;
	seed?: number;
}

/** Every JSON line of a session text rewritten in the shape asked for (other lines kept). */
export function reshapeSession(text: string, shape: SessionShape): string {
	const rnd = seeded(shape.seed ?? 1);
	const end = shape.crlf ? "\r\n" : "\n";
	const out: string[] = [];
	let first = true;
	for (const raw of text.split("\n")) {
		const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
		let value: unknown;
		try {
			value = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
		} catch {
			if (line !== "" || out.length > 0) out.push(line);
			continue;
		}
		if (first && shape.headerWithoutId && value !== null && typeof value === "object") {
			delete (value as { id?: unknown }).id;
		}
		first = false;
		out.push(writeJson(value, shape, rnd));
	}
	while (out.length > 0 && out[out.length - 1] === "") out.pop();
	return out.join(end) + end;
}
