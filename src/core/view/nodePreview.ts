import { isKnownEntry, type SessionEntry } from "../session/types";
import { entryPreview } from "./entryKind";

/** At most this many characters of preview travel with a graph node. */
export const NODE_PREVIEW_MAX = 90;

/** Tool arguments that say what a call is about, in order of preference. */
const KEY_ARGS = ["path", "file_path", "filePath", "command", "pattern", "query", "url", "cmd"] as const;

/** `text` on one line, cut to `max` characters with an ellipsis (only its start is looked at). */
function clip(text: string, max: number): string {
	const flat = text
		.slice(0, 4 * max + 64)
		.replace(/\s+/g, " ")
		.trim();
	return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function callSummary(block: { name?: unknown; arguments?: unknown }): string {
	const name = typeof block.name === "string" ? block.name : "tool";
	const args = block.arguments;
	if (args && typeof args === "object") {
		for (const key of KEY_ARGS) {
			const v = (args as Record<string, unknown>)[key];
			if (typeof v === "string" && v.trim()) return `${name} ${v.trim().slice(0, NODE_PREVIEW_MAX)}`;
		}
	}
	return name;
}

/**
 * The one line a graph node shows under its kind: the user's words, the tools an assistant
 * called with what they were called on (`→ read src/a.ts, bash npm test`), a tool's name and
 * output, a summary's first words (the node's kind already says "compaction"). At most
 * `max` characters; reads only the entry itself (a node is parsed in full even in a preview).
 */
export function nodePreview(entry: SessionEntry, max = NODE_PREVIEW_MAX): string {
	if (!isKnownEntry(entry)) return entryPreview(entry, max);
	if (entry.type === "compaction" || entry.type === "branch_summary") {
		return clip(typeof entry.summary === "string" ? entry.summary : "", max);
	}
	if (entry.type === "message") {
		const m = entry.message as unknown as { role?: unknown; content?: unknown } | null;
		if (m && m.role === "assistant" && Array.isArray(m.content)) {
			const calls: string[] = [];
			for (const b of m.content as { type?: unknown }[]) {
				if (b && b.type === "toolCall") calls.push(callSummary(b as { name?: unknown; arguments?: unknown }));
				if (calls.length === 4) break;
			}
			if (calls.length > 0) {
				return clip(`→ ${calls.join(", ")}`, max);
			}
		}
	}
	return entryPreview(entry, max);
}
