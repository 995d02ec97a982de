import { messageRoleOf, type SessionEntry } from "../session/types";
import { fieldOf } from "../util/fields";

/** The context size a provider recorded for one assistant reply. */
export interface MeasuredContext {
	/** The assistant message whose `usage` this is. */
	entryId: string;
	position: number;
	input: number;
	cacheRead: number;
	cacheWrite: number;
	/** `input + cacheRead + cacheWrite`: the tokens of the context the model read for that reply. */
	tokens: number;
	/** A compaction lies between that reply and the leaf: the context has changed since. */
	beforeCompaction: boolean;
}

/** The `usage` object of an assistant message entry, if it has one (its fields unchecked). */
function usageOf(entry: SessionEntry): object | null {
	if (messageRoleOf(entry) !== "assistant") return null;
	const usage = fieldOf(fieldOf(entry, "message"), "usage");
	return usage && typeof usage === "object" ? usage : null;
}

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * The context tokens a provider recorded for an assistant message: `usage.input +
 * usage.cacheRead + usage.cacheWrite`, or null when the entry is not an assistant message or
 * recorded no input (no usage, or an error reply with zero counts).
 */
export function recordedContextTokens(entry: SessionEntry): number | null {
	const u = usageOf(entry);
	if (!u) return null;
	const tokens = count(fieldOf(u, "input")) + count(fieldOf(u, "cacheRead")) + count(fieldOf(u, "cacheWrite"));
	return tokens > 0 ? tokens : null;
}

/**
 * What the provider measured for the last assistant message on `path` (positions root → leaf)
 * that recorded its input, or null when none did. Pure; O(path length) at worst, walking back
 * from the leaf.
 */
export function measuredContext(entries: readonly SessionEntry[], path: ArrayLike<number>): MeasuredContext | null {
	let beforeCompaction = false;
	for (let i = path.length - 1; i >= 0; i--) {
		const entry = entries[path[i]];
		if (entry.type === "compaction") beforeCompaction = true;
		const measured = measuredAt(entry, path[i], beforeCompaction);
		if (measured !== null) return measured;
	}
	return null;
}

/**
 * What the provider measured for `entry` (at `position`; `beforeCompaction`: a compaction lies
 * between it and the leaf), or null when it recorded no input.
 */
export function measuredAt(entry: SessionEntry, position: number, beforeCompaction: boolean): MeasuredContext | null {
	const tokens = recordedContextTokens(entry);
	if (tokens === null) return null;
	const u = usageOf(entry);
	return {
		entryId: entry.id,
		position,
		input: count(fieldOf(u, "input")),
		cacheRead: count(fieldOf(u, "cacheRead")),
		cacheWrite: count(fieldOf(u, "cacheWrite")),
		tokens,
		beforeCompaction,
	};
}

/** How an estimate compares with a measurement: `estimate − measured`, and that as a share of it. */
export interface EstimateError {
	difference: number;
	/** `difference / measured` (−0.27 = the estimate is 27 % low); null when nothing was measured. */
	ratio: number | null;
}

export function estimateError(estimate: number, measured: number): EstimateError {
	const difference = estimate - measured;
	return { difference, ratio: measured > 0 ? difference / measured : null };
}
