/**
 * Dialects: which member of the pi family wrote a file, and how that is carried.
 *
 * The parser recognises the dialect from the file's first lines:
 * - an oh-my-pi **title slot** (`{"type":"title","v":1,…}`, 256 bytes) before the header → `oh-my-pi`;
 * - a harness **v4 header** (`{"kind":"header","version":4,…}`) → `pi-v4`;
 * - otherwise `pi`, unless an entry only oh-my-pi writes turns up (older oh-my-pi files have no
 *   title slot): then `oh-my-pi` as well.
 *
 * How the builder knows, given only the entries: when the dialect is known before the first entry
 * (a title slot, a v4 header), the parser stamps `dialect` on every entry, so it survives copies,
 * worker messages and storage. An older oh-my-pi file is recognised from its entries instead
 * (`dialectOf` looks once per array and remembers). pi files are never stamped, so their entries
 * stay exactly as pi wrote them.
 */
import type { Dialect, SessionEntry } from "../session/types";
import { OMP_ENTRY_TYPES, OMP_ROLES } from "../session/types";

/** Fixed size of oh-my-pi's title slot, in UTF-8 bytes including the newline. */
export const OMP_TITLE_SLOT_BYTES = 256;

/** The parsed first line of an oh-my-pi file: the session's title (mutable in place). */
export interface OmpTitleSlot {
	title: string;
	source?: "auto" | "user";
	updatedAt: string;
}

/** The title slot `value` is, or null when it is not one (oh-my-pi's own validity rule). */
export function readOmpTitleSlot(value: unknown): OmpTitleSlot | null {
	if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
	const v = value as Record<string, unknown>;
	if (v.type !== "title" || v.v !== 1) return null;
	if (typeof v.title !== "string" || typeof v.updatedAt !== "string" || typeof v.pad !== "string") return null;
	if (v.source !== undefined && v.source !== "auto" && v.source !== "user") return null;
	return {
		title: v.title,
		updatedAt: v.updatedAt,
		...(v.source !== undefined ? { source: v.source as "auto" | "user" } : {}),
	};
}

/** Whether `value` is a harness v4 header line. */
export function isV4Header(value: unknown): boolean {
	if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
	const v = value as Record<string, unknown>;
	return v.kind === "header" && v.version === 4;
}

/** Whether one parsed line shows oh-my-pi wrote the file (a type, a role or a shape only it writes). */
export function isOmpMarker(value: Record<string, unknown>): boolean {
	const type = value.type;
	if (typeof type !== "string") return false;
	if (OMP_ENTRY_TYPES.has(type)) return true;
	if (type === "model_change") return typeof value.model === "string" && value.provider === undefined;
	if (type === "message") {
		const m = value.message as { role?: unknown } | null | undefined;
		return !!m && typeof m === "object" && typeof m.role === "string" && OMP_ROLES.has(m.role);
	}
	return false;
}

const scanned = new WeakMap<readonly SessionEntry[], Dialect>();

/**
 * The dialect of a session's entries: the parser's stamp on the first entry, else (older
 * oh-my-pi files) `oh-my-pi` when any entry is one only oh-my-pi writes, else `pi`. O(1) for
 * stamped arrays, one pass (remembered per array) otherwise.
 */
export function dialectOf(entries: readonly SessionEntry[]): Dialect {
	const first = entries[0] as { dialect?: unknown } | undefined;
	if (first && (first.dialect === "oh-my-pi" || first.dialect === "pi-v4")) return first.dialect;
	let d = scanned.get(entries);
	if (d === undefined) {
		d = "pi";
		for (let i = 0; i < entries.length; i++) {
			const e = entries[i];
			if (e && typeof e === "object" && isOmpMarker(e as unknown as Record<string, unknown>)) {
				d = "oh-my-pi";
				break;
			}
		}
		scanned.set(entries, d);
	}
	return d;
}

/**
 * The dialect of preview skeletons (each only a type and a role, see core `preview`) and the
 * entries whole beside them, from the shapes met rather than entry by entry: what `dialectOf`
 * finds for them, remembered for `entries`.
 */
export function noteSkeletonDialect(
	entries: readonly SessionEntry[],
	shapes: readonly { type: string; role?: string }[],
	whole: readonly SessionEntry[],
): void {
	const marked =
		shapes.some((s) =>
			isOmpMarker(s.role === undefined ? { type: s.type } : { type: s.type, message: { role: s.role } }),
		) || whole.some((e) => !!e && typeof e === "object" && isOmpMarker(e as unknown as Record<string, unknown>));
	scanned.set(entries, marked ? "oh-my-pi" : "pi");
}

/** `copy` (of `entries`, some replaced by equal entries read whole) has their dialect: no new pass. */
export function keepDialect(copy: readonly SessionEntry[], entries: readonly SessionEntry[]): void {
	scanned.set(copy, dialectOf(entries));
}

/** The dialect's name as the header view shows it. */
export const DIALECT_NAME: Readonly<Record<Dialect, string>> = {
	pi: "pi",
	"oh-my-pi": "oh-my-pi",
	"pi-v4": "pi harness",
};

/** One line for the session header view: "oh-my-pi session, format 3". */
export function describeDialect(dialect: Dialect, version: number): string {
	const line = `${DIALECT_NAME[dialect]} session, format ${version}`;
	return dialect === "pi-v4" ? `${line} (experimental: pi's v4 format is not released yet; read-only)` : line;
}
