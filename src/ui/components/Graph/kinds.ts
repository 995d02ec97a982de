import type { EntryKind } from "../../../core";

/** What each entry kind is called on graph nodes and in tooltips. */
export const KIND_LABEL: Record<EntryKind, string> = {
	user: "user",
	assistant: "assistant",
	"assistant-tools": "tool call",
	"assistant-error": "assistant error",
	"tool-result": "tool result",
	"tool-error": "tool error",
	bash: "bash",
	system: "system",
	"custom-message": "custom message",
	compaction: "compaction",
	"branch-summary": "branch summary",
	settings: "settings",
	label: "label",
	"session-info": "session name",
	custom: "extension data",
	"context-edit": "context edit",
	usage: "usage",
	unknown: "unknown",
};

/** The colour of a kind (a CSS variable defined in Graph.css), shared by nodes and the minimap. */
export function kindColor(kind: EntryKind): string {
	return `var(--kind-${kind})`;
}
