import { isKnownEntry, type SessionEntry } from "../session/types";
import { fieldOf } from "../util/fields";
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

function callSummary(block: unknown): string {
	const blockName = fieldOf(block, "name");
	const name = typeof blockName === "string" ? blockName : "tool";
	const args = fieldOf(block, "arguments");
	if (args && typeof args === "object") {
		for (const key of KEY_ARGS) {
			const v = fieldOf(args, key);
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
		// (The message's fields are the file's, unchecked.)
		const content = fieldOf(entry.message, "content");
		if (fieldOf(entry.message, "role") === "assistant" && Array.isArray(content)) {
			const calls: string[] = [];
			for (const b of content) {
				if (fieldOf(b, "type") === "toolCall") calls.push(callSummary(b));
				if (calls.length === 4) break;
			}
			if (calls.length > 0) {
				return clip(`→ ${calls.join(", ")}`, max);
			}
		}
	}
	return entryPreview(entry, max);
}
