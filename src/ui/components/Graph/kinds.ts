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
	"leaf-move": "leaf move",
	clear: "/clear",
	mode: "mode",
	title: "title",
	"model-usage": "model usage",
	init: "session init",
	credential: "credential pin",
	rules: "rules injected",
	unknown: "unknown",
};

/** A glyph per kind, shown before the kind's name (text, so no icon font or image is needed). */
export const KIND_ICON: Record<EntryKind, string> = {
	user: "👤",
	assistant: "🤖",
	"assistant-tools": "🛠",
	"assistant-error": "⚠",
	"tool-result": "📄",
	"tool-error": "✖",
	bash: "$",
	system: "⚙",
	"custom-message": "✉",
	compaction: "🗜",
	"branch-summary": "⑂",
	settings: "⚙",
	label: "🏷",
	"session-info": "ℹ",
	custom: "🧩",
	"context-edit": "✎",
	usage: "Σ",
	"leaf-move": "➜",
	clear: "⌫",
	mode: "◐",
	title: "T",
	"model-usage": "Σ",
	init: "▶",
	credential: "🔑",
	rules: "📏",
	unknown: "?",
};

/** The colour of a kind (a CSS variable defined in Graph.css), shared by nodes and the minimap. */
export function kindColor(kind: EntryKind): string {
	return `var(--kind-${kind}, var(--kind-unknown))`;
}
