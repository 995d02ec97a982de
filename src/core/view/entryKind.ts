import { contentText } from "../session/meta";
import type { SessionEntry } from "../session/types";
import { isKnownEntry } from "../session/types";
import { fieldOf } from "../util/fields";

/** Visual kinds of entries, for graph nodes and lists. */
export type EntryKind =
	| "user"
	| "assistant"
	| "assistant-tools"
	| "assistant-error"
	| "tool-result"
	| "tool-error"
	| "bash"
	| "system"
	| "custom-message"
	| "compaction"
	| "branch-summary"
	| "settings"
	| "label"
	| "session-info"
	| "custom"
	| "context-edit"
	| "usage"
	| "leaf-move"
	| "clear"
	| "mode"
	| "title"
	| "model-usage"
	| "init"
	| "credential"
	| "rules"
	| "unknown";

/** The kind an entry is drawn as. */
export function entryKind(entry: SessionEntry): EntryKind {
	if (!isKnownEntry(entry)) return "unknown";
	switch (entry.type) {
		case "message": {
			// (The message's fields are the file's, unchecked.)
			const m: unknown = entry.message;
			if (!m || typeof m !== "object") return "unknown";
			switch (fieldOf(m, "role")) {
				case "user":
					return "user";
				case "assistant": {
					const stop = fieldOf(m, "stopReason");
					if (stop === "error" || stop === "aborted" || fieldOf(m, "errorMessage")) return "assistant-error";
					const content = fieldOf(m, "content");
					return Array.isArray(content) && content.some((b) => fieldOf(b, "type") === "toolCall")
						? "assistant-tools"
						: "assistant";
				}
				case "toolResult":
					return fieldOf(m, "isError") ? "tool-error" : "tool-result";
				case "bashExecution":
					return "bash";
				case "system":
					return "system";
				case "custom":
				case "hookMessage":
					return "custom-message";
				case "branchSummary":
					return "branch-summary";
				case "compactionSummary":
					return "compaction";
				default:
					return "unknown";
			}
		}
		case "compaction":
			return "compaction";
		case "branch_summary":
			return "branch-summary";
		case "custom_message":
			return "custom-message";
		case "custom":
			return "custom";
		case "context_edit":
			return "context-edit";
		case "model_change":
		case "thinking_level_change":
			return "settings";
		case "label":
			return "label";
		case "session_info":
			return "session-info";
		case "usage":
			return "usage";
		case "leaf":
			return "leaf-move";
		case "active_tools_change":
		case "service_tier_change":
			return "settings";
		case "reset_boundary":
			return "clear";
		case "mode_change":
			return "mode";
		case "title_change":
			return "title";
		case "model_usage":
			return "model-usage";
		case "session_init":
			return "init";
		case "credential_pin":
			return "credential";
		case "ttsr_injection":
			return "rules";
		default: {
			const never: never = entry;
			return never;
		}
	}
}

function oneLine(text: string, max: number): string {
	// Only the start of a long text can show. Flattening a prefix gives a prefix of the flattened
	// whole, so when the prefix already holds more than `max` visible characters the clipped
	// result is the same, without running the regex over a whole tool output.
	const cut = 4 * max + 64;
	if (text.length > cut) {
		const head = text.slice(0, cut).replace(/\s+/g, " ").trimStart();
		if (head.trimEnd().length > max) return `${head.slice(0, max - 1)}…`;
	}
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * A one-line preview (`entryPreview`) cut to `max` characters as `entryPreview` with that `max`
 * would cut it.
 */
export function shortenPreview(preview: string, max: number): string {
	return preview.length > max ? `${preview.slice(0, max - 1)}…` : preview;
}

/** A short one-line description of an entry, for nodes, lists and search results. */
export function entryPreview(entry: SessionEntry, max = 80): string {
	if (!isKnownEntry(entry)) return `unknown entry "${String(entry.type)}"`;
	switch (entry.type) {
		case "message": {
			// (The message's fields are the file's, unchecked.)
			const m: unknown = entry.message;
			if (!m || typeof m !== "object") return "(no message)";
			const content = fieldOf(m, "content");
			switch (fieldOf(m, "role")) {
				case "assistant": {
					const blocks: unknown[] = Array.isArray(content) ? content : [];
					const text = contentText(content);
					if (text.trim()) return oneLine(text, max);
					const calls = blocks.filter((b) => fieldOf(b, "type") === "toolCall").map((b) => String(fieldOf(b, "name")));
					if (calls.length) return oneLine(`→ ${calls.join(", ")}`, max);
					const error = fieldOf(m, "errorMessage");
					if (typeof error === "string") return oneLine(`error: ${error}`, max);
					return blocks.some((b) => fieldOf(b, "type") === "thinking") ? "(thinking)" : "(empty)";
				}
				case "toolResult":
					return oneLine(`${String(fieldOf(m, "toolName") ?? "tool")}: ${contentText(content)}`, max);
				case "bashExecution":
					return oneLine(`$ ${String(fieldOf(m, "command") ?? "")}`, max);
				case "branchSummary":
				case "compactionSummary":
					return oneLine(String(fieldOf(m, "summary") ?? ""), max);
				default:
					return oneLine(contentText(content) || "(no text)", max);
			}
		}
		case "compaction":
			return oneLine(`compaction: ${entry.summary ?? ""}`, max);
		case "branch_summary":
			return oneLine(`branch summary: ${entry.summary ?? ""}`, max);
		case "custom_message":
			return oneLine(`[${entry.customType}] ${contentText(entry.content)}`, max);
		case "custom":
			return oneLine(`custom ${entry.customType}`, max);
		case "context_edit":
			return oneLine(`edit ${entry.targetId}: ${entry.replacement === null ? "omit" : "replace"}`, max);
		case "model_change":
			return typeof entry.model === "string"
				? oneLine(`model → ${entry.model}${entry.role ? ` (${entry.role})` : ""}`, max)
				: oneLine(`model → ${entry.provider}/${entry.modelId}`, max);
		case "thinking_level_change":
			return oneLine(`thinking → ${entry.thinkingLevel}`, max);
		case "label":
			return oneLine(`label ${entry.targetId}: ${entry.label ?? "(cleared)"}`, max);
		case "session_info":
			return oneLine(`name: ${entry.name ?? ""}`, max);
		case "usage":
			return oneLine(`usage ${entry.kind ?? ""} ${entry.model ?? ""}`, max);
		case "leaf":
			return oneLine(`leaf → ${entry.targetId ?? "(before the first entry)"}`, max);
		case "active_tools_change":
			return oneLine(`tools → ${Array.isArray(entry.activeToolNames) ? entry.activeToolNames.join(", ") : "?"}`, max);
		case "reset_boundary":
			return "/clear";
		case "mode_change":
			return oneLine(`mode → ${String(entry.mode ?? "?")}`, max);
		case "title_change":
			return oneLine(`title → ${String(entry.title ?? "")}`, max);
		case "model_usage":
			return oneLine(
				`model usage ${String(entry.purpose ?? "")} ${String(entry.provider ?? "")}/${String(entry.model ?? "")}`,
				max,
			);
		case "service_tier_change":
			return oneLine(`service tier → ${JSON.stringify(entry.serviceTier ?? null)}`, max);
		case "ttsr_injection":
			return oneLine(
				`rules injected: ${Array.isArray(entry.injectedRules) ? entry.injectedRules.join(", ") : ""}`,
				max,
			);
		case "credential_pin":
			return oneLine(`credential pinned: ${String(entry.provider ?? "?")}`, max);
		case "session_init":
			return oneLine(`session init${typeof entry.task === "string" ? `: ${entry.task}` : ""}`, max);
		default: {
			const never: never = entry;
			return never;
		}
	}
}
