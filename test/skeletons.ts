import { lineSkeleton, type SessionEntry } from "../src/core";

const encoder = new TextEncoder();

/**
 * The skeleton the worker's scan makes of `entry`'s line (its `type`, `id`, `parentId` and a
 * message's `role`), or null when the scan parses that line in full.
 */
export function skeletonOf(entry: SessionEntry): SessionEntry | null {
	const line = encoder.encode(JSON.stringify(entry));
	return lineSkeleton(line, 0, line.length, true);
}
